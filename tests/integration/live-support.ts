/** What the live-room tests share: the live configuration with a hand-moved clock, and balances. */
import { loadConfig } from '../../server/config';
import type { TestServer } from './harness';

/**
 * Demo streams on, billing ticked by hand (`tick()`), the billing clock read from `now`, and a
 * short grace for a visit whose connection went.
 */
export function liveTestConfig(now: () => number) {
  return { ...loadConfig({}).live, demoStreams: true, tickMs: 600_000, now, resumeGraceMs: 300 };
}

/** His credit in hundredths, straight from the database. */
export async function creditOf(server: TestServer, userid: string): Promise<number> {
  const [row] = await server.db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
    userid,
  ]);
  return Number(row?.credit);
}
