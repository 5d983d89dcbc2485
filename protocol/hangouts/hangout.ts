/**
 * Hang-out rooms (spec 000 §3, §4, §7, §9; 001 §2, §3, §5, §7, §8; 002 §2, §6): a member with a
 * broadcaster (the host) and up to HANGOUT_SLOTS of her friends on camera. The media goes through
 * the live rooms' SFU, the member's minutes through the live rooms' billing sessions. Calls the spec
 * names keep its paths; ours sit under the same prefixes and are marked.
 */
import type { IceServerInfo } from '../live/live';

export const HangoutApi = {
  /** Spec: broadcasters in a hang-out now. */
  hangoutingAnchors: '/man/v1/getHangoutingAnchorList',
  /** Spec: her friends for the friend layer {anchorid} → data.list. */
  friends: '/pman/hangout/api/getHangoutFriends',
  /** Spec: errno 18003 when the member is already in a hang-out (data[0].live_room_id…). */
  status: '/pman/hangout/api/getHangoutStatus',
  /** Ours: the member enters the hang-out she started for him {anchorid}; his first minute is paid. */
  enter: '/pman/hangout/api/enterHangoutRoom',
  /** Ours: the member (or a broadcaster in the room) watches one camera {room_id, anchor_id}: a
   * broadcaster's, or (for the broadcasters) the member's while it is on, by his user id… */
  watch: '/pman/hangout/api/watch',
  /** …and answers the server's offer {viewer_id, sdp}. */
  answer: '/pman/hangout/api/answer',
  /** Ours: the member leaves {room_id}; the hang-out ends (the socket's imMan/leaveHangoutRoom too). */
  leave: '/pman/hangout/api/leaveHangoutRoom',
  /** Ours: the member turns his camera on for the broadcasters in the room {room_id, sdp} → {sdp}… */
  camera: '/pman/hangout/api/cameraOn',
  /** …and off {room_id}. */
  cameraOff: '/pman/hangout/api/cameraOff',
  /** Ours: a line in the room's chat {room_id, text}, from anyone in it. */
  chat: '/pman/hangout/api/chat',
  /** Ours: the room as it stands {room_id} (a page that was away). */
  room: '/pman/hangout/api/getHangoutRoom',
  /** Ours: she accepts his hang-out request and goes on camera {invite_id, sdp}. */
  start: '/lady/hangout/api/startHangout',
  /** Ours: she invites a friend into a free slot {room_id, anchor_id}. */
  invite: '/lady/hangout/api/invite',
  /** Ours: a friend knocks with her camera {room_id, sdp}. */
  knock: '/lady/hangout/api/knock',
  /** Ours: the host lets a knocking friend in {room_id, anchor_id}… */
  accept: '/lady/hangout/api/accept',
  /** …or refuses her. */
  refuse: '/lady/hangout/api/refuse',
  /** Ours: a broadcaster leaves {room_id}: a friend frees her slot, the host ends the hang-out. */
  ladyLeave: '/lady/hangout/api/leave',
  /** Ours: the hang-out this broadcaster is in now, if any (her workspace after a reload). */
  mine: '/lady/hangout/api/mine',
} as const;

/** Server → client events. The spec's four, and ours (marked). */
export const HangoutEvent = {
  /** Spec: to the member: she started his hang-out, come in (HangoutEnterNotice). */
  enterRoom: 'imMan/enterHangoutRoom',
  /** Spec: to everyone in the room: a member came in (user_id, buyfor_list). */
  enterNotice: 'imShare/enterHangoutRoomNotice',
  /** Spec: to a friend: an invitation to a hang-out (HangoutInvitationNotice). */
  invitation: 'imLady/receiveInvitationHangoutNotice',
  /** Ours: the slots changed (HangoutSlotsNotice), to everyone in the room and a knocking friend. */
  slots: 'imShare/hangoutSlotNotice',
  /** Ours: the hang-out ended, or a broadcaster's part in it did (HangoutEndNotice). */
  end: 'imShare/hangoutEndNotice',
  /** Ours: the member turned his camera on or off (HangoutCameraNotice), to everyone in the room. */
  memberCamera: 'imShare/hangoutMemberCameraNotice',
} as const;

/** Spec: emitted by the member's page with room_id as it leaves (also served as a socket request). */
export const LEAVE_HANGOUT_ROUTE = 'imMan/leaveHangoutRoom';

/** Spec 000 §4: the hang-out status codes. */
export const HangoutStatus = {
  inviting: 0,
  invited: 1,
  knocked: 2,
  countback: 3,
  living: 4,
  leaved: 5,
  common: 6,
  accept: 7,
  refuse: 8,
  start: 9,
  knocking: 10,
} as const;
export type HangoutStatusCode = (typeof HangoutStatus)[keyof typeof HangoutStatus];

/** Spec 000 §4: statuses counted as right: a slot in one is not reset. */
export const RIGHT_STATUSES: readonly number[] = [
  HangoutStatus.living,
  HangoutStatus.inviting,
  HangoutStatus.knocking,
];
/** Spec 000 §9: a slot neither right nor start resets to start after this. */
export const SLOT_RESET_MS = 5_000;
/** Ours: how many friends a hang-out holds on camera besides the host (the room shows 4 videos). */
export const HANGOUT_SLOTS = 3;
/** Ours: the seconds of countback between the host's accept and the friend living. */
export const COUNTBACK_MS = 3_000;
/** Ours: an invitation nobody answers ends with knockMiss after this. */
export const INVITE_TIMEOUT_MS = 60_000;
/** Ours: a knock the host does not answer ends with knockTimeout after this. */
export const KNOCK_TIMEOUT_MS = 30_000;
/**
 * Ours: the member pays 0.1 credits a started minute in a hang-out, twice the premium public room
 * (0.05, spec 002 §1): several broadcasters on camera for him, under One-on-One's 0.3.
 */
export const HANGOUT_CREDIT_PER_MINUTE = 0.1;
/** Ours: the room type a hang-out's billing sessions carry (the spec's 1-4 are live rooms). */
export const ROOM_TYPE_HANGOUT = 5;
/** Spec 001 §8: the member is already in a hang-out. */
export const HANGOUT_ALREADY = 18003;
/** Ours: the member has no hang-out open with her (yet: she has not started it). */
export const HANGOUT_NOT_STARTED = 18004;

/** Spec 001 §5: the friend layer shows 6 friends (4 at widths up to 1260 px), more by Load More. */
export const FRIEND_LAYER_PAGE = 6;
export const FRIEND_LAYER_PAGE_NARROW = 4;
export const FRIEND_LAYER_NARROW_PX = 1260;
/** Spec 001 §5: nicknames cut at 10 characters (9 plus '...') in the layer, 25 in the dialog. */
export const LAYER_NICKNAME_MAX = 10;
export const DIALOG_NICKNAME_MAX = 25;
/** Spec 001 §4: the hang-out guide shows on the broadcaster's page at most 3 times, once a day. */
export const HANGOUT_GUIDE_MAX = 3;
export const HANGOUT_GUIDE_KEY = 'hangoutenterguide';

/** Cuts a nickname to `max` characters: max-1 and '...' when longer. */
export function cutNickname(name: string, max: number): string {
  const chars = [...name];
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('')}...`;
}

export const HangoutText = {
  already: 'You are already in a hang-out.',
  notStarted: 'Waiting for her to start your hang-out…',
  noPrivilege: 'Hang-out is not available for this account.',
  anchorNoHangout: 'This broadcaster does not host hang-outs.',
  friendNoHangout: 'This friend does not join hang-outs.',
  notFriend: 'Only her friends can join her hang-out.',
  slotBusy: 'There is no free place in this hang-out now.',
  notInRoom: 'This hang-out has ended.',
  notKnocking: 'She is not knocking now.',
  offline: 'She is offline now.',
} as const;

/** What a broadcaster's part or the member's hang-out ended with (spec 000 §4 anchor end statuses). */
export type HangoutEndStatus =
  | 'end'
  | 'common'
  | 'lackCredit'
  | 'knockRefuse'
  | 'knockTimeout'
  | 'knockMiss'
  | 'otherHangout'
  | 'sameRoom';

export const HangoutEndText: Record<HangoutEndStatus, string> = {
  end: 'The hang-out has ended.',
  common: 'The hang-out has stopped.',
  lackCredit: 'Your credit has run out, so the hang-out has closed. Add credit to come back.',
  knockRefuse: 'The host did not let you in this time.',
  knockTimeout: 'The host did not answer your knock.',
  knockMiss: 'The invitation was not answered in time.',
  otherHangout: 'You went into another hang-out.',
  sameRoom: 'This hang-out is open in another window.',
};

export interface HangoutAnchor {
  anchor_id: string;
  nickname: string;
  photourl: string;
}

/** Spec 000 §3 "Hang-out slot": status {type, data}, anchorData, url list, flvUrl list. */
export interface HangoutSlot {
  /** 0 is the host; 1..HANGOUT_SLOTS her friends. */
  index: number;
  status: { type: HangoutStatusCode; data: { end_status?: HangoutEndStatus; seconds?: number } };
  anchorData: HangoutAnchor | null;
  /** The camera to watch (its anchor_id for HangoutApi.watch) while living; else empty. */
  url: string[];
  flvUrl: string[];
}

/** Spec 000 §3: the member and what his minutes pay for (the broadcasters on camera). */
export interface HangoutBuyfor {
  user_id: string;
  buyfor_list: string[];
}

export interface HangoutRoom {
  room_id: string;
  anchor: HangoutAnchor;
  /** `camera` (ours): 1 while his camera is on for the broadcasters in the room. */
  member: { user_id: string; nickname: string; photourl: string; camera: 0 | 1 };
  slots: HangoutSlot[];
  credit_per_minute: number;
  /** Seconds since the epoch. */
  started_at: number;
}

export interface HangoutEnterAnswer extends HangoutRoom {
  ice_servers: IceServerInfo[];
}

export interface HangoutStartAnswer extends HangoutRoom {
  sdp: string;
  ice_servers: IceServerInfo[];
}

export interface HangoutKnockAnswer extends HangoutRoom {
  sdp: string;
  ice_servers: IceServerInfo[];
}

export interface HangoutCameraNotice {
  room_id: string;
  camera: 0 | 1;
}

export interface HangoutWatchAnswer {
  viewer_id: string;
  sdp: string;
  ice_servers: IceServerInfo[];
}

/** Spec 001 §3 "Hang-out friend". */
export interface HangoutFriendItem {
  anchor_id: string;
  nickname: string;
  photourl: string;
  /** 2 means online. */
  online_status: number;
  avatar_img: string;
}

/** getHangoutStatus's data with errno 18003 (spec 001 §7). */
export interface HangoutStatusEntry {
  live_room_id: string;
  liveroomanchor: { anchor_id: string }[];
}

export interface HangoutingAnchor {
  anchor_id: string;
  nickname: string;
  photourl: string;
  room_id: string;
  /** How many of her friends are on camera with her. */
  friends: number;
}

export interface HangoutEnterNotice {
  room_id: string;
  anchor_id: string;
  nickname: string;
  photourl: string;
}

export interface HangoutInvitationNotice {
  /** The spec's three: the invitation, and the member whose hang-out it is. */
  invite_id: string;
  user_id: string;
  nickname: string;
  room_id: string;
  host: HangoutAnchor;
  left_seconds: number;
  /** Spec 000 §4: 'liveRoom' when she is live in an even room type (a One-on-One), else 'notice'. */
  show_as: 'liveRoom' | 'notice';
}

export interface HangoutSlotsNotice {
  room_id: string;
  slots: HangoutSlot[];
}

export interface HangoutEndNotice {
  room_id: string;
  status: HangoutEndStatus;
  /** Whose part ended: the whole room when it is the host's or the member's. */
  anchor_id?: string;
}
