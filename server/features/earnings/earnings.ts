/** Her earnings for her studio (protocol/earnings/earnings.ts): this session, today, one room. */
import { EARNINGS_SINCE_MAX_MS, type EarningsAnswer } from '../../../protocol/earnings/earnings';
import { Errno } from '../../../protocol/errors';
import { ApiError } from '../../core/errors';
import { invalid } from '../../http/envelope';
import type { Db } from '../../storage/contract';
import { creditOf } from '../money';
import { earningsRepository } from './earnings-repository';

/** A `since` this far ahead of the server's clock is still taken (her device's clock may run fast). */
const CLOCK_SKEW_MS = 60_000;

/**
 * "Today" is the GMT day: her shows are published in GMT, and a day that is the same on every
 * device she uses (and for whoever pays her) adds up the same wherever she is.
 */
const gmtDayStart = (nowMs: number) => new Date(Math.floor(nowMs / 86_400_000) * 86_400_000);

export class EarningsService {
  private readonly repo: ReturnType<typeof earningsRepository>;

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = earningsRepository(db);
  }

  async mine(anchorId: string, sinceMs: number, roomId: string): Promise<EarningsAnswer> {
    const now = this.now();
    if (sinceMs > now + CLOCK_SKEW_MS) {
      throw new ApiError(Errno.INVALID_PARAMS, invalid('since is in the future'));
    }
    // A session longer than a day (or a since from long ago) counts its last day.
    const since = new Date(Math.max(sinceMs, now - EARNINGS_SINCE_MAX_MS));
    const dayStart = gmtDayStart(now);
    const earned = await this.repo.earned(anchorId, since, dayStart, roomId);
    return {
      session: creditOf(earned.session),
      today: creditOf(earned.today),
      day_start: dayStart.getTime() / 1000,
      room: creditOf(earned.room),
    };
  }
}
