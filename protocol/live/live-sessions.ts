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
  /**
   * What he really paid for it (credits), per the ledger: its minutes, and for the first visit of a
   * request's or booking's room the hold or deposit that paid its first minutes. The room's "Spent"
   * shows the same figure (RoomSpentNotice).
   */
  credits: number;
  /** Why it ended (a member end status, protocol/live/live.ts); '' while open. */
  end_status: string;
}

export interface MySessionsAnswer {
  list: OneOnOneSession[];
}
