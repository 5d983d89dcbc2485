/**
 * Scheduled shows and tickets (spec 001 §2–§4, §7–§9; 002 §4, §7–§9; 000 §4 "Show-start countdown"):
 * the calls, their answers, the errno catalogue of tickets and shows, and the spec's times and caps.
 * Calls the spec does not show (the show calendar, My tickets, the broadcaster's publish and cancel)
 * are ours, in the spec's style, and marked so.
 */

/** HTTP calls (POST). */
export const ShowApi = {
  getShowDetail: '/share/v1/getShowDetail',
  buyTicket: '/man/v1/buyTicket',
  followShow: '/man/v1/followShow',
  showListWithAnchorId: '/man/v1/showListWithAnchorId',
  /** Ours: the show calendar (/showorder/schs): published shows that have not ended. */
  showList: '/man/v1/showList',
  /** Ours: My tickets (/showorder/myticket), current or history. */
  myTicketList: '/man/v1/myTicketList',
  /** Ours: a broadcaster publishes a show. */
  createShow: '/lady/v1/createShow',
  /** Ours: a broadcaster cancels her show; every ticket is refunded. */
  cancelShow: '/lady/v1/cancelShow',
  /** Ours: the broadcaster's own calendar, with tickets sold. */
  myShowList: '/lady/v1/myShowList',
  /** Ours, a development tool with TEST_CLOCK: her upcoming show starts a minute from now. */
  devStartSoon: '/dev/shows/startSoon',
} as const;

/** Server → member event (ours): a show he holds a ticket for was cancelled and the ticket refunded. */
export const SHOW_CANCEL_ROUTE = 'imMan/showCancelNotice';

// Show and ticket statuses are SHOW_STATUS and TICKET_STATUS in ./constants (we cancel with 5).

export const ShowErrno = {
  /** Spec: sold out. */
  SOLD_OUT: 13013,
  /** Spec: insufficient credits (the add-credits link). */
  NO_CREDIT: 10025,
  /** Spec: already bought (a link to My tickets). */
  ALREADY_BOUGHT: 13015,
  /** Spec (text ours): the show was cancelled. The pop-up's status 5, button Cancelled. */
  CANCELLED: 13025,
  /** Spec (text ours): the show is ongoing, tickets are no longer sold. Status 6, button Watch Now. */
  ONGOING: 13026,
  /** Spec (text ours): the show has finished. Status 7, button Finished. */
  FINISHED: 13027,
  /** Ours: follow/unfollow within SHOW_FOLLOW_LOCK_S of the start. */
  FOLLOW_LOCKED: 13028,
  /** Ours: the broadcaster already has a show at that time. */
  SHOW_OVERLAP: 13029,
  /** Ours: the start time is too soon or too far. */
  SHOW_TIME: 13030,
  /** Ours: a show that has started can no longer be cancelled. */
  CANCEL_STARTED: 13031,
} as const;

/** Texts of the ticket and show answers; the spec's are verbatim (spec 002 §8, 001 §8). */
export const ShowMessages = {
  success: 'Ticket has been successfully added to your account. Enjoy the show!',
  soldOut: 'Tickets has been sold out. Please chose another show.',
  noCredit: 'You have insufficient credits to buy the show ticket.',
  alreadyBought: 'You have already bought a ticket for this show.',
  cancelled: 'Sorry, this show has been cancelled.',
  ongoing: 'This show is ongoing, tickets are no longer on sale.',
  finished: 'Sorry, this show has finished.',
  /** The buy pop-up's initial text (spec 002 §4: "an error text about the show possibly being ongoing"). */
  maybeOngoing: 'The show may already be ongoing. Please check the show before you buy a ticket.',
  network: 'Trouble connecting to the server, please try again later.',
  followLocked: 'Could not follow / unfollow the show due to it is starting soon.',
  loadShowsFailed: 'Failed to load published shows, please try again.',
  loadTicketsFailed: 'Failed to load my tickets, please try again.',
  overlap: 'You already have a show at this time. Please choose another time.',
  showTime: 'A show must start between 10 minutes and 30 days from now.',
  cancelStarted: 'This show has already started and can no longer be cancelled.',
} as const;

// ---- Times and caps.

/** Under this many seconds to start a show is ongoing: Watch Now (spec 002 §4, §9: "under 60 s"; the
 * other statement, 59 s, is the same whole-second moment). */
export const SHOW_ONGOING_UNDER_S = 60;
/** A show's room opens at Watch Now (SHOW_ONGOING_UNDER_S before its start) and closes at its end. */
export type ShowRoomState = 'notYet' | 'open' | 'over';

/** Where a show's room stands at `nowMs`; a cancelled (4, 5) or finished (3) show has none. */
export function showRoomState(
  show: { startMs: number; durationMin: number; status: number },
  nowMs: number,
): ShowRoomState {
  if (show.status >= 3 || nowMs > show.startMs + show.durationMin * 60_000) return 'over';
  return nowMs < show.startMs - SHOW_ONGOING_UNDER_S * 1000 ? 'notYet' : 'open';
}

/**
 * Notify me is locked at this many seconds or fewer (spec 001 §4 "4 minutes or less"; 002 says
 * "fewer than 240 seconds": we take the first, so the exact 240th second is locked on both sides).
 */
export const SHOW_FOLLOW_LOCK_S = 240;
/** The buy-ticket pop-up closes this long after a success (spec 002 §4, §9). */
export const BUY_POPUP_CLOSE_MS = 3_500;
/** The detail dialog's ticket message clears after this, on success only (spec 001 §4, §9). */
export const TICKET_MESSAGE_MS = 3_000;
/** The start countdown (spec 000 §4): 'start' at this many seconds or fewer. */
export const SHOW_COUNTDOWN_START_S = 180;
/** The start timer waits while more than this remains, then ticks by the minute (spec 000 §4). */
export const SHOW_TIMER_WAIT_S = 1_800;
/** Upcoming shows on the broadcaster profile, per page (spec 002 §9). */
export const PROFILE_SHOWS_STEP = 2;
/** The calendar and My tickets page (spec 002 §9: list pages of 20; load more at 20 or more). */
export const SHOW_LIST_STEP = 20;

/** Ours: what a broadcaster may publish. */
export const SHOW_LIMITS = {
  titleMax: 60,
  introduceMax: 500,
  minLeadS: 10 * 60,
  maxLeadS: 30 * 24 * 3600,
  durationMin: 15,
  durationMax: 180,
  /** Credits. */
  priceMin: 0.01,
  priceMax: 1_000,
  capacityMax: 1_000,
} as const;

/** showListWithAnchorId sort_type (ours, the spec does not give values): 1 upcoming first, 2 past. */
export const SHOW_SORT = { upcoming: 1, past: 2 } as const;
/** myTicketList type (ours): 1 current tickets, 2 history. */
export const TICKET_LIST = { current: 1, history: 2 } as const;

// ---- Answers.

/** show_info (spec 001 §3 "Show detail", 002 §3 "Show ticket / show"). Money in credits. */
export interface ShowInfo {
  live_show_id: string;
  show_title: string;
  show_introduce: string;
  cover: string;
  anchor_id: string;
  anchor_nickname: string;
  anchor_avatar: string;
  price: number;
  /** Seconds since the epoch. */
  start_time: number;
  /** Minutes. */
  duration: number;
  /** 1 upcoming (also while ongoing), 3 finished, 4 or 5 cancelled. */
  status: number;
  /** 0 none (ours), 1 bought, 2 refunded, for the caller. */
  ticket_status: number;
  ticket_is_full: 0 | 1;
  has_follow: 0 | 1;
  /** Seconds left to the start at the time of the answer (negative once started). */
  left_sec_to_start: number;
  /** Whole minutes left (spec 002 §3 remainMinite), 0 once started. */
  remainMinite: number;
}

/** A show in the broadcaster's own calendar: show_info plus what she sold. */
export interface LadyShowInfo extends ShowInfo {
  ticket_num: number;
  sold_num: number;
  refunded_num: number;
}

export interface ShowDetailData {
  show_info: ShowInfo;
}
export interface ShowListData {
  list: ShowInfo[];
}
export interface LadyShowListData {
  list: LadyShowInfo[];
}
export interface BuyTicketAnswer {
  live_show_id: string;
  ticket_status: 1;
  left_credit: number;
}
export interface FollowShowAnswer {
  live_show_id: string;
  has_follow: 0 | 1;
}
export interface CreateShowAnswer {
  show_info: LadyShowInfo;
}
export interface CancelShowAnswer {
  live_show_id: string;
  status: number;
  /** Tickets refunded by this cancel. */
  refunded_num: number;
}

/** imMan/showCancelNotice req_data (ours). */
export interface ShowCancelNotice {
  live_show_id: string;
  show_title: string;
  anchor_id: string;
  anchor_nickname: string;
  /** Credits returned. */
  refund: number;
  credit: number;
}
