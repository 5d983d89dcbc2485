/**
 * The session's small calls (protocol/guides/guides.ts): setGuideMail after the terms overlay,
 * getActivityTime, the speed test (/share/v1/l probe, /share/v1/t result) and reportResult.
 */
import { Errno, Messages } from '../../../protocol/errors';
import { SiteApi } from '../../../protocol/guides/guides';
import { ReportResultBody, SpeedTestBody } from '../../../protocol/guides/guides-schemas';
import { MailApi } from '../../../protocol/mail/mail';
import { Empty } from '../../../protocol/schemas';
import { ApiError } from '../../core/errors';
import { defineRoute } from '../../http/route';

export const siteRoutes = [
  defineRoute({
    path: MailApi.setGuideMail,
    auth: 'user',
    schema: Empty,
    async handler(ctx) {
      await ctx.services.activity.setGuideMail(ctx.caller);
      return ctx.services.users.userConfig(ctx.caller);
    },
  }),
  defineRoute({
    path: SiteApi.getActivityTime,
    auth: 'user',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.activity.activityTime(ctx.caller);
    },
  }),
  defineRoute({
    // The probe: answers at once, so its round trip is the network's.
    path: SiteApi.speedTestProbe,
    auth: 'user',
    schema: Empty,
    async handler() {
      return { pong: 1 };
    },
  }),
  defineRoute({
    path: SiteApi.speedTestResult,
    auth: 'user',
    schema: SpeedTestBody,
    async handler(ctx, body) {
      return ctx.services.activity.speedTest(ctx.caller, body);
    },
  }),
  defineRoute({
    path: SiteApi.reportResult,
    auth: 'user',
    queryPayload: true,
    schema: ReportResultBody,
    async handler(ctx, body) {
      if (body.user_id !== ctx.caller.userid) throw new ApiError(Errno.FORBIDDEN, Messages.forbidden);
      return ctx.services.activity.report(ctx.caller, body.service, body.user_agent);
    },
  }),
];
