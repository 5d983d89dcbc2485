/**
 * The member's credit history and chat-minute history (/myhomeback/credithistories and
 * /myhomeback/chatminhistories, spec 002 §2). The spec names the pages but no calls, so both calls
 * and their answers are ours. Each row is one move of the balance, newest first, with the balance
 * after it; a live room's minutes in one visit fold into one row (a minute a row would bury the rest).
 */

export const HistoryApi = {
  /** Ours (GET; POST is also taken): {start, step}, his credit moves, newest first. */
  credit: '/man/v1/getCreditHistory',
  /** Ours (GET; POST is also taken): {start, step}, his chat-minute moves, newest first. */
  chatmin: '/man/v1/getChatminHistory',
} as const;

/** A page of either history. */
export const HISTORY_STEP = 20;
export const HISTORY_STEP_MAX = 100;

export interface HistoryAnchor {
  anchor_id: string;
  nickname: string;
}

export interface CreditHistoryItem {
  /** The (newest) ledger row's id: unique and stable across pages. */
  id: number;
  /** Seconds: when it happened (a live visit: its first billed minute). */
  time: number;
  /** The ledger's reason ('ticket', 'live_minute', ...); a reason not known to the app is shown plainly. */
  reason: string;
  ref: string;
  /** Credits, signed: negative spent, positive received. */
  amount: number;
  /** Credits after this move. */
  balance: number;
  /** Ledger rows folded into this one: a live visit's billed minutes; 1 otherwise. */
  count: number;
  /** The show's title for tickets and their refunds; '' otherwise. */
  title: string;
  /** The broadcaster the move was about, when there is one. */
  anchor: HistoryAnchor | null;
  /** A live visit's room type (protocol/live/live.ts); 0 otherwise. */
  room_type: number;
}

export interface CreditHistoryAnswer {
  list: CreditHistoryItem[];
}

export interface ChatminHistoryItem {
  id: number;
  /** Seconds. */
  time: number;
  /** 'opening' (the minutes the account started with); later moves bring their own reasons. */
  reason: string;
  ref: string;
  /** Minutes, signed. */
  minutes: number;
  /** Minutes after this move. */
  balance: number;
  anchor: HistoryAnchor | null;
}

export interface ChatminHistoryAnswer {
  list: ChatminHistoryItem[];
}
