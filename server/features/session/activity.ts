/**
 * The session's small calls (protocol/guides/guides.ts): the activity time behind the
 * returning-member window, the network speed test's results, the socket-error report, and
 * setGuideMail after the terms overlay. Reports and results beyond a page's normal rate are
 * dropped, not stored, so a looping client cannot fill the tables.
 */
import { Errno, Messages } from '../../../protocol/errors';
import { type ActivityTimeData, isReturning, type SpeedTestData } from '../../../protocol/guides/guides';
import type { Caller } from '../../core/caller';
import { ApiError } from '../../core/errors';
import type { ActivityRepository } from './activity-repository';

/** Ours: calls within this long of the last are one visit (a reload, a second tab). */
export const SAME_VISIT_MS = 30 * 60 * 1000;
/** Ours: a page tests every 10 min; a few tabs at most are kept per hour, the rest dropped. */
export const SPEED_TESTS_PER_HOUR = 30;
/** Ours: one report per page is expected; this many per hour are kept. */
export const REPORTS_PER_HOUR = 10;
const HOUR_MS = 3600 * 1000;
const seconds = (d: Date | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);

export class ActivityService {
  constructor(
    private readonly repo: ActivityRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async activityTime(caller: Caller): Promise<ActivityTimeData> {
    const now = this.now();
    const previous = await this.repo.visit(caller.userid, new Date(now), SAME_VISIT_MS);
    return {
      server_time: Math.floor(now / 1000),
      last_active_time: seconds(previous),
      returning: isReturning(previous?.getTime(), now) ? 1 : 0,
    };
  }

  /** /share/v1/t: the result is the caller's own (userid must be his). */
  async speedTest(
    caller: Caller,
    body: { sid: string; res: number; userid: string },
  ): Promise<SpeedTestData> {
    if (body.userid !== caller.userid) throw new ApiError(Errno.FORBIDDEN, Messages.forbidden);
    const recent = await this.repo.testsSince(caller.userid, new Date(this.now() - HOUR_MS));
    if (recent >= SPEED_TESTS_PER_HOUR) return { recorded: 0 };
    await this.repo.addSpeedTest(caller.userid, body.sid, body.res);
    return { recorded: 1 };
  }

  async report(caller: Caller, service: number, userAgent: string): Promise<{ recorded: 0 | 1 }> {
    const recent = await this.repo.reportsSince(caller.userid, new Date(this.now() - HOUR_MS));
    if (recent >= REPORTS_PER_HOUR) return { recorded: 0 };
    await this.repo.addReport(caller.userid, service, userAgent);
    return { recorded: 1 };
  }

  /** After the terms overlay: the mail guide is armed for his first compose. */
  async setGuideMail(caller: Caller): Promise<void> {
    if (caller.role === 'man') await this.repo.armMailGuide(caller.userid);
  }
}
