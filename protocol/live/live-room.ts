/**
 * His side of a live room beyond its media (ours; the spec names no such calls): how many watch
 * her room now, and what his visit to a room lasted and cost, read from the ledger once it ends.
 */

export const LiveRoomApi = {
  /** Ours (GET; POST is also taken): how many members watch a public, premium or show room now. */
  audience: '/man/v1/live/audience',
  /** Ours (GET; POST is also taken): his newest visit to a room, with what the ledger took for it. */
  lastVisit: '/man/v1/live/lastVisit',
} as const;

/** How often his room asks how many are watching. */
export const AUDIENCE_REFRESH_MS = 10_000;

export interface AudienceAnswer {
  room_id: string;
  /** Members watching her broadcast now, on every process. */
  viewers: number;
}

export interface LastVisitAnswer {
  room_id: string;
  /** Seconds; 0 when he has no visit to this room. */
  started_at: number;
  /** Seconds; 0 while the visit is still open. */
  ended_at: number;
  /** Minutes started (the prepaid ones included). */
  minutes: number;
  /** What he really paid for it per the ledger (the room's "Spent", the One-on-One list's figure). */
  credits: number;
}
