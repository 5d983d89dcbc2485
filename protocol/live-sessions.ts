/**
 * The member's own One-on-One sessions (the One-on-One page): ours, the spec names no such call.
 * One row of `live_sessions` is one visit to a room; only the private rooms are listed.
 */

export const LiveSessionsApi = {
  /** Ours (GET; POST is also taken): his last One-on-One sessions, newest first. */
  mine: '/man/v1/live/mysessions',
} as const;

/** Spec 002 §4: room types 2 and 4 are the private (One-on-One) rooms. */
export const ONE_ON_ONE_ROOM_TYPES = [2, 4] as const;
/** How many sessions the page lists at most. */
export const MY_SESSIONS_MAX = 20;

export interface OneOnOneSession {
  session_id: string;
  room_id: string;
  anchor: { anchor_id: string; nickname: string; photourl: string };
  /** Seconds. */
  started_at: number;
  /** Seconds; 0 while the session is still open. */
  ended_at: number;
  /** Minutes started in the room (the prepaid ones included). */
  minutes: number;
  /** What the minutes cost him here (credits); a booking's deposit is not counted again. */
  credits: number;
  /** Why it ended (a member end status, protocol/live.ts); '' while open. */
  end_status: string;
}

export interface MySessionsAnswer {
  list: OneOnOneSession[];
}

/**
 * Credits a session cost: the minutes paid beyond the prepaid ones at its rate (hundredths of a
 * credit per minute), in hundredths so that the sum never drifts.
 */
export const sessionCostHundredths = (rate: number, minutesPaid: number, prepaidMinutes: number) =>
  rate * Math.max(0, minutesPaid - prepaidMinutes);
