import { describe, expect, it } from 'vitest';
import { ActivityService, REPORTS_PER_HOUR, SAME_VISIT_MS } from './activity';
import type { ActivityRepository } from './activity-repository';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2026, 9, 1, 8, 0, 0);

/** The repository's visit rule in memory, on the service's clock. */
function memoryRepo() {
  const visits = new Map<string, { previous?: Date; last: Date }>();
  const reports: Date[] = [];
  const repo = {
    async visit(userid: string, now: Date, sameVisitMs: number) {
      const row = visits.get(userid);
      if (!row) {
        visits.set(userid, { last: now });
        return undefined;
      }
      if (row.last.getTime() < now.getTime() - sameVisitMs) row.previous = row.last;
      row.last = now;
      return row.previous;
    },
    async addReport() {
      reports.push(new Date());
    },
    async reportsSince() {
      return reports.length;
    },
  } as unknown as ActivityRepository;
  return repo;
}

describe('getActivityTime and the returning-member window', () => {
  it('answers the previous visit, and returning 1 after 30 days away', async () => {
    let now = T0;
    const service = new ActivityService(memoryRepo(), () => now);
    const member = { userid: 'M1001', role: 'man' as const };
    expect(await service.activityTime(member)).toEqual({
      server_time: T0 / 1000,
      last_active_time: 0,
      returning: 0,
    });
    now = T0 + SAME_VISIT_MS / 2;
    expect((await service.activityTime(member)).last_active_time).toBe(0);
    now = T0 + 30 * DAY - 1;
    expect(await service.activityTime(member)).toMatchObject({ returning: 0 });
    now += 30 * DAY;
    expect(await service.activityTime(member)).toMatchObject({
      last_active_time: Math.floor((T0 + 30 * DAY - 1) / 1000),
      returning: 1,
    });
  });

  it('drops socket-error reports beyond the hourly allowance', async () => {
    const service = new ActivityService(memoryRepo(), () => T0);
    const member = { userid: 'M1001', role: 'man' as const };
    for (let i = 0; i < REPORTS_PER_HOUR; i++)
      expect((await service.report(member, 3, 'UA')).recorded).toBe(1);
    expect((await service.report(member, 3, 'UA')).recorded).toBe(0);
  });
});
