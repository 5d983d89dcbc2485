/**
 * Premium videos (spec 002 §2 routes premiumVideo/premiumVideoList, premiumVideoAUList,
 * premiumvideodetails, videodoesnotexist; §3 "Premium video"; §6 privilege premium_video; §7
 * anchorVideoList, addInterested, deleteInterested; §9 "Premium videos shown 4 then expand").
 * Where the spec is silent, the choices are written here:
 * - Watching is paid once: PREMIUM_VIDEO_PRICE (1.6 credits, the spec's "Video watch: 1.6 credits")
 *   unlocks that video for that member for good: unlimited replays and seeking, on every device.
 *   Credits only: post stamps pay for mail, not for premium videos. The charge moves once through the
 *   ledger (reason PREMIUM_VIDEO_LEDGER_REASON, key `premium-video:<video_id>:<member>`); a second
 *   buy answers the video as already bought and charges nothing.
 * - Buying needs the member privilege premium_video (fansi_info.priv); without it PremiumErrno.NO_PRIVILEGE.
 *   Browsing (lists, covers, descriptions, interest) needs only a member session.
 * - premiumVideoList: every broadcaster's videos, newest first, paged. premiumVideoAUList ("my
 *   premium videos"): the videos the member unlocked or marked as interested, the latest first.
 * - A video the broadcaster deletes disappears for new buyers at once (lists, details, buying). A
 *   member who bought it keeps it: it stays in his list, its details and file stay open to him (he
 *   paid for it for good); the file is removed from the store only when nobody bought it.
 * - An unknown or deleted (and not bought) video answers PremiumErrno.NOT_FOUND; the client goes to
 *   /videodoesnotexist.
 * - cover_url_gif: no animated preview is made (no transcoder), so it carries the same still cover.
 * - duration is in seconds; for an upload her browser reads it from the file and sends it.
 */
import { Api } from '../paths';

export const PremiumVideoApi = {
  /** Spec: her videos {anchor_id} → {list, total}. */
  anchorVideoList: Api.premiumAnchorVideoList,
  /** Spec: {video_id} → {video_id, is_interested}; idempotent. */
  addInterested: Api.premiumAddInterested,
  deleteInterested: Api.premiumDeleteInterested,
  /** Ours: every broadcaster's videos, newest first {start, step} → {list, total}. */
  videoList: Api.premiumVideoList,
  /** Ours: the member's unlocked and interesting videos {start, step} → {list, total}. */
  myVideoList: Api.premiumMyVideoList,
  /** Ours: one video {video_id} → {video}. */
  videoDetail: Api.premiumVideoDetail,
  /** Ours: pays once and unlocks {video_id} → {video, credit, charged}. */
  buyVideo: Api.premiumBuyVideo,
  /** Ours, broadcasters: her videos with counts; add, edit and delete one. */
  ladyVideoList: Api.premiumLadyVideoList,
  ladyAddVideo: Api.premiumLadyAddVideo,
  ladyEditVideo: Api.premiumLadyEditVideo,
  ladyDeleteVideo: Api.premiumLadyDeleteVideo,
} as const;

/** Broadcasters, raw-body upload (application/octet-stream) of the video's bytes → {file_id, mime, bytes}. */
export const PREMIUM_VIDEO_UPLOAD_PATH = Api.premiumLadyUploadVideo;
/** Broadcasters, raw-body upload of the cover (a frame her browser drew; photo rules) → {file_id, ...}. */
export const PREMIUM_COVER_UPLOAD_PATH = Api.premiumLadyUploadCover;
/** GET {PREMIUM_COVER_PATH}/{video_id}: the cover, to any signed-in user while the video is listed. */
export const PREMIUM_COVER_PATH = Api.premiumCover;
/** GET {PREMIUM_PLAY_PATH}/{video_id}: the file with byte ranges, to a buyer or its broadcaster only. */
export const PREMIUM_PLAY_PATH = Api.premiumPlay;

/** Hundredths of a credit: 1.6 credits (spec 002 §9 "Video watch: 1.6 credits"). Unlocks for good. */
export const PREMIUM_VIDEO_PRICE = 160;
export const PREMIUM_VIDEO_LEDGER_REASON = 'premium_video';
/** Spec 002 §9: the profile shows 4, then an expand control shows the rest. */
export const PROFILE_PREMIUM_VIDEOS_SHOWN = 4;
export const PREMIUM_LIST_STEP = 12;
export const PREMIUM_LIST_STEP_MAX = 50;
/** One broadcaster's list is answered whole, capped here. */
export const ANCHOR_VIDEOS_MAX = 100;
export const PREMIUM_TITLE_MAX = 60;
export const PREMIUM_DESCRIPTION_MAX = 500;
/** The longest video we accept, in seconds (what her browser reads from the file). */
export const PREMIUM_DURATION_MAX = 4 * 60 * 60;

/** Codes of our own, in a gap of the spec's catalogue. */
export const PremiumErrno = {
  /** The video does not exist, or was deleted (and the member had not bought it). */
  NOT_FOUND: 17501,
  /** The member lacks the premium_video privilege. */
  NO_PRIVILEGE: 17502,
  /** Spec: insufficient credits (the add-credits link). */
  NO_CREDIT: 10025,
  /** The uploaded file named is not hers, is of the wrong kind or is used already. */
  BAD_FILE: 17503,
  /** Title missing or too long. */
  BAD_TITLE: 17504,
} as const;

export const PremiumMessages = {
  notFound: 'This video does not exist or is no longer available.',
  noPrivilege: 'Premium videos are not available for your account.',
  /** Modelled on the spec's ticket text (spec 002 §8, 10025). */
  noCredit: 'You have insufficient credits to watch this premium video.',
  badFile: 'Please upload the video and its cover again.',
  badTitle: `Please give the video a title of at most ${PREMIUM_TITLE_MAX} characters.`,
  bought: 'The video is yours: watch it as often as you like.',
  loadFailed: 'Failed to load premium videos, please try again.',
} as const;

/** Spec 002 §3 "Premium video", plus what the details page needs (ours: price, is_bought, video_url). */
export interface PremiumVideo {
  video_id: string;
  anchor_id: string;
  title: string;
  description: string;
  /** Seconds. */
  duration: number;
  cover_url_png: string;
  cover_url_gif: string;
  anchor_nickname: string;
  anchor_age: number;
  anchor_avatar_img: string;
  /** 2 online (visible), 0 offline. */
  online_status: number;
  is_interested: 0 | 1;
  /** Credits to unlock it. */
  price: number;
  is_bought: 0 | 1;
  /** Where it plays from: set only when the caller may watch it (bought, or hers). */
  video_url: string;
  /** Seconds since the epoch. */
  created: number;
  /** 1 when its broadcaster deleted it (only its buyers still see it). */
  is_deleted: 0 | 1;
}

export interface PremiumVideoListData {
  list: PremiumVideo[];
  total: number;
}

export interface PremiumVideoDetailData {
  video: PremiumVideo;
}

export interface InterestedAnswer {
  video_id: string;
  is_interested: 0 | 1;
}

export interface BuyVideoAnswer {
  video: PremiumVideo;
  /** The member's credit after. */
  credit: number;
  /** 1 when this call took the price; 0 when the video had been bought already (nothing taken). */
  charged: 0 | 1;
}

/** A broadcaster's own video, with what members did with it. */
export interface LadyPremiumVideo {
  video_id: string;
  title: string;
  description: string;
  duration: number;
  cover_url_png: string;
  video_url: string;
  price: number;
  interest_count: number;
  purchase_count: number;
  created: number;
}

export interface LadyVideoListData {
  list: LadyPremiumVideo[];
}

export interface PremiumUploadAnswer {
  file_id: string;
  mime: string;
  bytes: number;
}
