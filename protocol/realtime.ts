/**
 * The realtime contract: the events the server pushes, the requests clients send, the HTTP
 * calls that raise them, and the spec's times and caps for invitations and bubbles.
 * Events are sent as socket requests `{id, route, req_data}`; the client answers each with
 * `{id, route, res_data, errno: 0, errmsg: ''}` (the instant invite answers `{is_show}`).
 */

/** Server → client events (spec 000 §7, 001 §7, 002 §7). */
export const EventRoute = {
  instantInvite: 'imLady/instantInviteUserNotice',
  publicInvite: 'imLady/publicInviteUserNotice',
  scheduledInvite: 'imLady/scheduledInviteUserNotice',
  hangoutInvite: 'imMan/receiveHangoutInviteNotice',
  autoInvitePublic: 'imMan/autoInvitationPublicLive',
  autoInvitePrivate: 'imMan/autoInvitationPrivateLive',
  bookingNotice: 'bookingNotice',
  scheduleStart: 'imShare/scheStartNotice',
  manShowToStart: 'imMan/showToStartNotice',
  credit: 'imShare/creditNotice',
  lackOfCredit: 'imShare/lackOfCreditNotice',
  /** Ours: his chat minutes moved (a package bought or taken back); ChatminNotice. */
  chatmin: 'imShare/chatminNotice',
  couponNumChange: 'imMan/couponNumChangeNotice',
  kickoff: 'imShare/kickoff',
  /** The member's live room closed (RoomCloseNotice in protocol/live/live.ts says why). */
  roomClose: 'imMan/roomCloseNoticeAll',
  /**
   * Ours: an instant invitation his socket got before its row was stored could not be stored after
   * all; the bubble goes (InstantInviteWithdrawNotice).
   */
  instantInviteWithdrawn: 'imLady/instantInviteWithdrawNotice',
  // To broadcasters.
  anchorReport: 'imLady/instantInviteAnchorReport',
  memberInstantRequest: 'imMan/receiveInvitationInstantNotice',
  memberHangoutRequest: 'imLady/receiveInvitationHangoutNotice',
  ladyShowToStart: 'imLady/showToStartNotice',
  requestCancelled: 'imMan/cancelPrivateRequestNotice',
  requestHandled: 'imLady/handleBookingNotice',
} as const;

/** Client → server requests besides login, heartbeat and visibility. */
export const RequestRoute = {
  /** The member's tab showed the instant invite (spec: "Emitted: imLady/instantInviteAnchorReport"). */
  anchorReport: 'imLady/instantInviteAnchorReport',
  leaveHangoutRoom: 'imMan/leaveHangoutRoom',
  /** Ours: the member did something (not a heartbeat); the auto-invite engine waits for idleness. */
  activity: 'imShare/activity',
} as const;

/** HTTP calls of the realtime channel (POST). Paths in the spec's style; ours are marked. */
export const InviteApi = {
  instantInviteUser: '/lady/v1/instantInviteUser',
  /** Ours: members online now, for the broadcaster workspace. */
  onlineMembers: '/lady/v1/getOnlineMembers',
  /** Ours: requests members sent to this broadcaster that are still open. */
  incomingRequests: '/lady/v1/getIncomingRequests',
  handleBooking: '/manList/v1/handleBooking',
  sendBookingRequest: '/man/v1/sendBookingRequest',
  cancelPrivateRequest: '/man/v1/cancelPrivateRequest',
  /** Ours: what became of his request (a tab whose socket was away missed her answer). */
  requestStatus: '/man/v1/getBookingRequestStatus',
  /** Ours: a member asks a broadcaster for a hang-out. */
  hangoutRequest: '/man/v1/sendHangoutRequest',
  /** Ours: invitations still alive for the member (for a start while they were away). */
  recentInvites: '/man/v1/getRecentInvites',
  reportPublicInvite: '/man/v1/reportAnchorPublicInviteNotice',
  publicDisplay: '/man/v1/autoInvitationPublicLiveDisplay',
  privateDisplay: '/man/v1/autoInvitationPrivateLiveDisplay',
  hangoutDisplay: '/man/v1/autoInvitationHangoutLiveDisplay',
  clickLog: '/man/v1/autoInvitationClickLog',
  hangoutClickLog: '/man/v1/autoInvitationHangoutClickLog',
} as const;

/** Bubble types of the notification list (spec 001 §2). */
export type BubbleType =
  | 'livechatnotice'
  | 'askRequest'
  | 'askPrivate'
  | 'requestWillStart'
  | 'hangoutInvite'
  | 'viewPublic'
  | 'showToStartNotice'
  | 'autoInvitePublic'
  | 'autoInvitePrivate';

/** The fields of a notification item's data (spec 001 §3 "Notification item"). */
export interface InviteData {
  anchor_id: string;
  nick_name: string;
  photourl: string;
  invite_id?: string;
  invMsg?: string;
  free?: 0 | 1;
  is_featured?: 0 | 1;
  left_seconds?: number;
  weights?: number;
  autoInvitationId?: string;
  log_id?: string;
  is_auto?: 0 | 1;
  robot?: 0 | 1;
  roomid?: string;
  room_type?: number;
  anchor_type?: 1 | 2;
  live_show_id?: string;
  cover?: string;
  book_time?: number;
  friendsList?: { anchor_id: string; nickname: string; photourl: string }[];
  msg?: string;
}

/** imLady/instantInviteUserNotice req_data. */
export interface InstantInviteNotice extends InviteData {
  invite_id: string;
  left_seconds: number;
  /** The brief names it `nickname`; the same value as nick_name. */
  nickname?: string;
}

/** imLady/instantInviteWithdrawNotice req_data: the invitation that does not exist after all. */
export interface InstantInviteWithdrawNotice {
  invite_id: string;
}

/** What an invitation's sender sees come back (imLady/instantInviteAnchorReport to the lady). */
export interface AnchorReport {
  invite_id: string;
  user_id: string;
  nickname: string;
  is_show: 0 | 1;
}

/** imShare/creditNotice req_data. */
export interface CreditNotice {
  credit: number;
}

/** imShare/chatminNotice req_data (ours): his chat minutes now. */
export interface ChatminNotice {
  chatmin: number;
}

/** imShare/kickoff req_data. */
export interface KickoffNotice {
  msg: string;
}

// ---- Times and caps (spec 000 §4, §9; 001 §4, §9; 002 §9).

/** An instant invitation lives this long unless it says otherwise. */
export const INSTANT_INVITE_LIFETIME_S = 180;
/** Bubble lifetimes in ms (spec 001 §4 "Notification lifetimes"). */
export const BUBBLE_LIFETIME_MS = {
  featured: 40_000,
  invite: 30_000,
  livechatRobot: 60_000,
  livechat: 45_000,
  other: 180_000,
  showToStart: 240_000,
} as const;
export const BUBBLE_REMOVE_UNDER_MS = 282;
export const BUBBLE_TICK_MS = 272;
export const MAX_VISIBLE_BUBBLES = 3;
/** Livechat bubbles older than these are dropped (spec 001 §4). */
export const LIVECHAT_ROBOT_MAX_AGE_MS = 50_000;
export const LIVECHAT_HUMAN_MAX_AGE_MS = 35_000;
/** Same-anchor invitations are not requested again within 3 minutes (spec 000 §5). */
export const SAME_ANCHOR_SUPPRESS_MS = 3 * 60_000;
/** Auto-invite lists: at most 100 entries, 10 minutes, one per anchor (spec 000 §4). */
export const AUTO_INVITE_LIST_MAX = 100;
export const AUTO_INVITE_LIST_AGE_MS = 10 * 60_000;
/** The title marquee after an invitation: 3 minutes in 100 ms steps (spec 000 §4). */
export const TITLE_MARQUEE_MS = 3 * 60_000;
export const TITLE_MARQUEE_STEP_MS = 100;
/** Desktop notifications: same person and type within 2 s dropped; within 3 s one record. */
export const DESKTOP_NOTICE_DROP_MS = 2_000;
export const DESKTOP_NOTICE_MERGE_MS = 3_000;
/** Recent lists: 10 minutes, at most 24 each; One-on-One invites carry a 600 s countdown. */
export const RECENT_LIST_AGE_MS = 10 * 60_000;
export const RECENT_LIST_MAX = 24;
export const RECENT_ONE_ON_ONE_COUNTDOWN_S = 600;
/** Queue mix (spec 001 §4): hang-out about 4 in 11, public first 3 in 7; default weight -1. */
export const HANGOUT_MIX = 4 / 11;
export const PUBLIC_FIRST_MIX = 3 / 7;
export const DEFAULT_WEIGHT = -1;

/** The automatic invitation engine (spec 002 §9 "Live-chat engine"). */
export const AUTO_INVITE = {
  idleMs: 10_000,
  spacingMinMs: 16_000,
  spacingMaxMs: 30_000,
  perSiteQuantity: [5, 3, 5],
  perSiteWaitMs: [50_000, 25_000, 50_000],
  usedListMax: 40,
  usedListResetMs: 60 * 60_000,
  sameAnchorMs: 10 * 60_000,
} as const;

// ---- Realtime server additions: payloads of the events and calls above, and the server's own caps.

/** One-on-One is billed 0.3 credits per minute (spec 002 §1, §9); a request must cover one minute. */
export const ONE_ON_ONE_CREDIT_PER_MINUTE = 0.3;
/** Ours: a member's instant One-on-One or hang-out request stays open this long, then expires. */
export const MEMBER_REQUEST_LIFETIME_S = 180;
/**
 * Ours: once she accepts his instant request, its One-on-One may be entered for this long (the
 * requestWillStart notice's room); after it, entering is refused with noPower. A visit still going
 * in the room resumes on a reload whatever the time.
 */
export const REQUEST_ROOM_OPEN_S = 600;
/** Ours: auto-invitations live as long as their bubble (spec 001 §4: 40 s featured, else 30 s). */
export const AUTO_INVITE_LIFETIME_S = { featured: 40, other: 30 } as const;
/** Ours: how many members the broadcaster workspace lists at once. */
export const ONLINE_MEMBERS_MAX = 100;

/** Invitation kinds as stored (request_* are a member's own requests to a broadcaster). */
export type InvitationKind =
  | 'instant'
  | 'public'
  | 'scheduled'
  | 'hangout'
  | 'auto_public'
  | 'auto_private'
  | 'request_instant'
  | 'request_hangout';
export type InvitationStatus = 'sent' | 'shown' | 'accepted' | 'declined' | 'cancelled' | 'expired';

/** imLady/publicInviteUserNotice req_data: a followed broadcaster's public room is live. */
export interface PublicInviteNotice extends InviteData {
  roomid: string;
  room_type: number;
  log_id: string;
  left_seconds: number;
}

/** imMan/autoInvitationPublicLive and imMan/autoInvitationPrivateLive req_data. */
export interface AutoInviteNotice extends InviteData {
  autoInvitationId: string;
  roomid: string;
  room_type: number;
  weights: number;
  left_seconds: number;
  robot: 0 | 1;
  is_featured: 0 | 1;
  is_auto: 1;
}

/** One of the other online broadcasters in a hang-out invitation's friendsList. */
export interface HangoutFriend {
  anchor_id: string;
  nickname: string;
  photourl: string;
}
/** Ours: a hang-out invitation names at most this many friends (other online hang-out broadcasters). */
export const HANGOUT_FRIENDS_MAX = 3;

/** imMan/receiveHangoutInviteNotice req_data from the auto-invite engine. */
export interface HangoutInviteNotice extends InviteData {
  invite_id: string;
  friendsList: HangoutFriend[];
  left_seconds: number;
  is_auto: 1;
}

/** bookingNotice req_data when the broadcaster accepted the member's One-on-One request. */
export interface BookingWillStartNotice {
  type: 'requestWillStart';
  anchor_id: string;
  nickname: string;
  photourl: string;
  roomid: string;
  /** 2 for a broadcaster of anchor_type 1, 4 for anchor_type 2 (spec 000 §3). */
  room_type: 2 | 4;
}

/** imMan/receiveInvitationInstantNotice req_data (to the broadcaster). */
export interface MemberInstantRequestNotice {
  userid: string;
  nickname: string;
  invitation_id: string;
  photourl: string;
  left_seconds: number;
}

/** imLady/receiveInvitationHangoutNotice req_data (to the broadcaster). */
export interface MemberHangoutRequestNotice {
  invite_id: string;
  user_id: string;
  nickname: string;
  photourl: string;
  left_seconds: number;
}

/** imMan/cancelPrivateRequestNotice req_data (to the broadcaster). */
export interface RequestCancelledNotice {
  invitation_id: string;
  userid: string;
  nickname: string;
}

/** imLady/handleBookingNotice req_data (to the member). */
export interface RequestHandledNotice {
  invitation_id: string;
  anchor_id: string;
  nickname: string;
  accepted: 0 | 1;
}

/** getBookingRequestStatus's data (ours): his request as it stands. */
export interface RequestStatusAnswer {
  invitation_id: string;
  anchor_id: string;
  nickname: string;
  status: InvitationStatus;
}

/** imShare/lackOfCreditNotice req_data: credit fell below one minute of One-on-One. */
export interface LackOfCreditNotice {
  credit: number;
}

/** POST InviteApi.instantInviteUser answer. */
export interface InstantInviteAnswer {
  invite_id: string;
}

/** POST InviteApi.recentInvites answer: alive invitations, newest first, as notification items. */
export interface RecentInvitesData {
  list: { type: BubbleType; data: InviteData }[];
}

/** POST InviteApi.sendBookingRequest answer (instant request). */
export interface BookingRequestAnswer {
  invitation_id: string;
  left_credit: number;
}

/** POST InviteApi.cancelPrivateRequest answer. */
export interface CancelRequestAnswer {
  left_credit: number;
}

/** POST InviteApi.hangoutRequest answer. */
export interface HangoutRequestAnswer {
  invite_id: string;
}

/** One open request in POST InviteApi.incomingRequests. */
export interface IncomingRequest {
  invitation_id: string;
  /** 'instant': a One-on-One request; 'hangout': a hang-out request. */
  type: 'instant' | 'hangout';
  userid: string;
  nickname: string;
  photourl: string;
  left_seconds: number;
  /** Seconds since the epoch. */
  created_at: number;
  status: 'sent' | 'shown';
}
export interface IncomingRequestsData {
  list: IncomingRequest[];
}

/** POST InviteApi.handleBooking answer. */
export interface HandleBookingAnswer {
  invitation_id: string;
  accepted: 0 | 1;
}

/** POST InviteApi.onlineMembers answer. */
export interface OnlineMember {
  userid: string;
  nickname: string;
  photourl: string;
  /** 1 when one of the member's tabs is visible. */
  visible: 0 | 1;
}
export interface OnlineMembersData {
  list: OnlineMember[];
}

/** The display checks' answer. */
export interface DisplayAnswer {
  display: 0 | 1;
}

// ---- Show-start notices (spec 000 §4 "Show-start countdown", §7; 001 §4: the bubble lives 240 s).

/** The countdown shows 'start' at 180 s or less: the 'soon' notice goes out then. */
export const SHOW_START_SOON_S = 180;
/** Ours: a show more than this past its start gets no late notice (a server that was down). */
export const SHOW_NOTICE_LATE_S = 10 * 60;

/** imMan/showToStartNotice show_info. */
export interface ShowToStartInfo {
  live_show_id: string;
  /** The broadcaster's public room id, else 'SH' + live_show_id. */
  live_room_id: string;
  anchor_id: string;
  anchor_nickname: string;
  /** The broadcaster's photo (the bubble's picture). */
  anchor_avatar: string;
  cover: string;
  /** Seconds since the epoch. */
  start_time: number;
  /** 0 once it has started. */
  left_sec_to_start: number;
}

/** imMan/showToStartNotice req_data, to every member holding a bought ticket. */
export interface ManShowToStartNotice {
  type: 'soon' | 'start';
  show_info: ShowToStartInfo;
  msg: string;
}

/** imLady/showToStartNotice req_data, to the show's broadcaster. */
export interface LadyShowToStartNotice {
  type: 'soon' | 'start';
  show_info: { live_room_id: string; live_show_id: string; start_time: number };
}
