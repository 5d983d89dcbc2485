/**
 * GET /user/goto?siteid=&url= (spec 002 §2): a link the member follows, answered with a 302 to the
 * partner's hand-off address carrying a fresh signed token (siteid 99: his account page). With
 * `is_ajax=1` the same answer comes as the envelope `{url}`. A visitor is sent to the login page;
 * a refusal (unknown site, a url that is not a path, a site hidden for him) is a short page with
 * the errno's text and a way back, never a redirect.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../../protocol/envelope';
import { Errno, Messages } from '../../../protocol/errors';
import { MAX_PARTNER_PATH, PartnerApi, PartnerErrno } from '../../../protocol/partner-sites/partner-sites';
import { Pages } from '../../../protocol/paths';
import { count, text } from '../../../protocol/schema-parts';
import { ApiError } from '../../core/errors';
import { ok, sendFail } from '../../http/envelope';
import { escapeHtml } from '../../http/html';
import type { AppServices } from '../../http/route';

const GotoQuery = z.object({
  siteid: count(1_000_000),
  url: text().max(MAX_PARTNER_PATH).optional(),
  is_ajax: z.string().optional(),
});

function refusalPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Glimmer</title></head><body><main><h1>Glimmer</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/#/masterlist">Back to Glimmer</a></p></main></body></html>`,
    );
}

export function registerPartnerGoto(app: FastifyInstance, services: AppServices): void {
  const { sessions, partnerSites } = services;
  app.get(PartnerApi.goto, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const ajax = query.is_ajax === '1';
    const parsed = GotoQuery.safeParse(query);
    if (!parsed.success) {
      return ajax
        ? sendFail(reply, Errno.INVALID_PARAMS, Messages.invalidParams)
        : refusalPage(reply, 400, Messages.invalidParams);
    }
    const session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (!session) {
      if (ajax) return sendFail(reply, Errno.LOGIN_TIMEOUT, Messages.loginTimeout);
      return reply.redirect(Pages.memberLogin, 302);
    }
    if (session.role !== 'man') {
      return ajax
        ? sendFail(reply, Errno.FORBIDDEN, Messages.forbidden)
        : refusalPage(reply, 403, Messages.forbidden);
    }
    try {
      const url = partnerSites.goto(session, parsed.data.siteid, parsed.data.url);
      if (ajax) return reply.header('cache-control', 'no-store').send(ok({ url }));
      // The token is in the address: no cache, and no referrer beyond this hop.
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(url, 302);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (ajax) return sendFail(reply, error.errno, error.errmsg);
      return refusalPage(reply, error.errno === PartnerErrno.SITE_HIDDEN ? 403 : 400, error.errmsg);
    }
  });
}
