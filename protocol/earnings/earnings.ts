/**
 * What she has earned, for her studio (ours: the spec names no earnings call). The credits members
 * paid for her (the ledger's rows whose earner she is), less their refunds; a One-on-One request's
 * hold counts once she accepts it, so a request she did not take never moves the figures.
 */

export const EarningsApi = {
  /** Ours (GET; POST is also taken): {since, room_id?}, her earnings since then and today. */
  mine: '/lady/v1/earnings',
} as const;

/** How often her studio asks again while she is live. */
export const EARNINGS_REFRESH_MS = 15_000;
/** The furthest back `since` may go: a session longer than a day is counted from a day ago. */
export const EARNINGS_SINCE_MAX_MS = 24 * 60 * 60 * 1000;

export interface EarningsAnswer {
  /** Credits since `since` (the session: since she went live). */
  session: number;
  /**
   * Credits since today's start in GMT (day_start): the day her shows are published in, the same on
   * every device she uses.
   */
  today: number;
  /** Seconds: the start of the GMT day `today` counts from. */
  day_start: number;
  /** Credits the room `room_id` has earned (its minutes, its request's hold, its gifts); 0 without it. */
  room: number;
}
