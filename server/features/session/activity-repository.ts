/** Visits, speed-test results and socket-error reports (migration 037). */
import type { Db } from '../../storage/contract';
import { toDate } from '../../storage/rows';

export function activityRepository(db: Db) {
  return {
    /**
     * Records a visit at `now` and answers the one before it. A visit within `sameVisitMs` of the
     * last is the same visit (a reload, another tab): the previous stays as it was.
     */
    async visit(userid: string, now: Date, sameVisitMs: number): Promise<Date | undefined> {
      const [row] = await db.query<{ previous_at: unknown }>(
        `INSERT INTO user_activity (userid, previous_at, last_at) VALUES ($1, NULL, $2::timestamptz)
         ON CONFLICT (userid) DO UPDATE SET
           previous_at = CASE WHEN user_activity.last_at < $2::timestamptz - make_interval(secs => $3::double precision)
                              THEN user_activity.last_at ELSE user_activity.previous_at END,
           visits = user_activity.visits
                    + CASE WHEN user_activity.last_at < $2::timestamptz - make_interval(secs => $3::double precision) THEN 1 ELSE 0 END,
           last_at = GREATEST(user_activity.last_at, $2::timestamptz)
         RETURNING previous_at`,
        [userid, now, sameVisitMs / 1000],
      );
      return row?.previous_at ? toDate(row.previous_at) : undefined;
    },
    async addSpeedTest(userid: string, sid: string, resultMs: number): Promise<void> {
      await db.query('INSERT INTO speed_tests (userid, sid, result_ms) VALUES ($1, $2, $3)', [
        userid,
        sid,
        resultMs,
      ]);
    },
    async addReport(userid: string, service: number, userAgent: string): Promise<void> {
      await db.query('INSERT INTO client_reports (userid, service, user_agent) VALUES ($1, $2, $3)', [
        userid,
        service,
        userAgent,
      ]);
    },
    /** Reports from this user since `since` (one per page is expected; more are dropped). */
    async reportsSince(userid: string, since: Date): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        'SELECT count(*) AS n FROM client_reports WHERE userid = $1 AND reported_at >= $2',
        [userid, since],
      );
      return Number(row?.n ?? 0);
    },
    async testsSince(userid: string, since: Date): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        'SELECT count(*) AS n FROM speed_tests WHERE userid = $1 AND tested_at >= $2',
        [userid, since],
      );
      return Number(row?.n ?? 0);
    },
    /** setGuideMail: the two-step mail guide shows on his next compose. */
    async armMailGuide(userid: string): Promise<void> {
      await db.query('UPDATE members SET guide_mail = false WHERE userid = $1', [userid]);
    },
  };
}

export type ActivityRepository = ReturnType<typeof activityRepository>;
