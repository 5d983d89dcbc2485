/**
 * A broadcaster's shots (posts): photos, videos and text, members' likes and their comments by
 * private message (spec 001 §2–§5, §7–§9; 002 §3). Paths are in protocol/paths.ts (the spec's
 * getDynamic, setLike, cancelLike; the broadcaster's calls and the media path are ours); schemas in
 * protocol/shots/shot-schemas.ts; the private-item rule and texts in protocol/albums/private-media.ts; the
 * comment's 140 next to the 240 in protocol/constants.ts.
 */
import { MAX_SHOT_COMMENT_LENGTH } from '../constants';
import { messageLength } from '../messages/messages';

/** Shot types (spec 001 §3). */
export const ShotType = { photo: 1, video: 2, text: 3 } as const;
export type ShotTypeCode = (typeof ShotType)[keyof typeof ShotType];

/**
 * getDynamic's `type` (the spec names the field only). Ours: 1 is all her shots, newest first (the
 * gallery and the room's shot list); 2 is her profile's: only is_show_profile 1, at most
 * PROFILE_SHOTS_MAX (spec 001 §5).
 */
export const DynamicListType = { all: 1, profile: 2 } as const;
export type DynamicListTypeCode = (typeof DynamicListType)[keyof typeof DynamicListType];

/** Max 4 shots on the profile (spec 001 §9). */
export const PROFILE_SHOTS_MAX = 4;
/** 'Comment has been sent!' shows for 4 s (spec 001 §9). */
export const COMMENT_SENT_MS = 4_000;
/** Text shot backgrounds: bgNumber runs 1..SHOT_BACKGROUNDS (ours: the spec names the field only). */
export const SHOT_BACKGROUNDS = 6;
/** Ours: a description or a text shot is at most this many characters. */
export const SHOT_CONTENT_MAX = 500;
/** Ours: how many shots one broadcaster keeps; the oldest must go before a new one past it. */
export const SHOTS_MAX = 200;
/** Ours: getDynamic answers at most this many (newest first). */
export const DYNAMIC_LIST_MAX = 100;

/** The files of a shot: thumbnail (a photo itself or a video's cover), full size, clip, locked preview. */
export type ShotMediaSize = 'img' | 'big' | 'video' | 'blurry';
export const shotMediaUrl = (base: string, id: number, size: ShotMediaSize) => `${base}/${id}/${size}`;

/** One shot as getDynamic answers it (spec 001 §3, plus the fields marked ours). */
export interface Shot {
  id: number;
  type: ShotTypeCode;
  /** The thumbnail: the photo, a video's cover; for a locked item its locked preview (= blurry). */
  img: string;
  /** The full-size photo ('' for a locked item, a text shot, or a video). */
  biger_img: string;
  /** A locked item's preview, drawn so nothing of it shows; '' when the member may see it. */
  blurry: string;
  /** The clip (byte ranges, seekable); '' when not a video or locked. */
  video: string;
  /** A text shot's words ('' for photos and videos). */
  content: string;
  /** The description of a photo or video. */
  file_desc: string;
  /** 1 when the caller may see it: public, or private with Intimacy Level 2+, or her own. */
  is_can_watch: 0 | 1;
  is_private: 0 | 1;
  /** 1 when the calling member likes it (0 for broadcasters). */
  like_status: 0 | 1;
  is_show_profile: 0 | 1;
  /** A text shot's background, 1..SHOT_BACKGROUNDS. */
  bgNumber: number;
  /** Ours: when she posted it, seconds. */
  add_time: number;
  /** Ours: what a locked shot says instead (the Intimacy Level 2 text); absent when open. */
  locked_text?: string;
}

export interface DynamicList {
  list: Shot[];
}

/** Ours: setLike / cancelLike answer the shot's state after. */
export interface LikeAnswer {
  dynamic_id: number;
  like_status: 0 | 1;
}

/** Ours: her own list (getDynamicList) adds the like count. */
export interface LadyShot extends Shot {
  like_count: number;
}
export interface LadyDynamicList {
  list: LadyShot[];
}

/** Ours: what a raw upload for a shot answers; addDynamic names it by upload_id. */
export interface ShotUploadAnswer {
  upload_id: string;
  mime: string;
  bytes: number;
  /** A photo's size in pixels (0 for a video). */
  width: number;
  height: number;
}

export const ShotMessages = {
  /** setLike/cancelLike/deleteDynamic/a comment naming a shot that is gone or not hers. */
  notFound: 'This shot is no longer available.',
  /** addDynamic with an upload that is not hers, gone, or of the wrong kind. */
  uploadGone: 'The upload has expired. Please choose the file again.',
  /** A photo or video shot without its file, a video without its cover. */
  fileNeeded: 'Please choose a photo or video to post.',
  coverNeeded: 'The video needs its cover picture. Please choose the video again.',
  /** A text shot with no words. */
  textNeeded: 'Please write something.',
  tooMany: `You can keep up to ${SHOTS_MAX} shots. Please delete an older one first.`,
  // The shot-comment box (spec 001 §5, §8).
  commentRequired: 'Please write something.',
  commentLength: 'Information length is not standard.',
  commentSent: 'Comment has been sent!',
  commentTooLong: `Message can not exceed ${MAX_SHOT_COMMENT_LENGTH} characters.`,
  commentIntimacy:
    'You can only send private messages to viewers with whom you have an Intimacy Level of 1 or above.',
  commentFailed: 'Could not send message. Please try again later.',
  commentOther: 'Could not send message. Please check your internet connection.',
  // The shot list panel (spec 001 §2).
  myShots: 'My shots',
  blank: 'No shots yet.',
  goNow: 'Go Now',
} as const;

/** The comment box's check, in the order the spec gives: required, then the 140 rule. */
export function commentProblem(content: string): 'required' | 'length' | undefined {
  if (content.trim() === '') return 'required';
  if (messageLength(content) > MAX_SHOT_COMMENT_LENGTH) return 'length';
  return undefined;
}
