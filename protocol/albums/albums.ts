/**
 * A broadcaster's album: the items of My Photos and My Videos on her profile (spec 002 §2, §3, §7).
 * Paths are in protocol/paths.ts (Api.getAnchorAlbum and the calls marked ours); schemas in
 * protocol/albums/album-schemas.ts; the private-item rule and texts in protocol/private-media.ts.
 */

/** Album page 6 (spec 002 §9): My Photos shows 6, then 6 more per Load More. */
export const ALBUM_PAGE_SIZE = 6;

/** Album item types (spec 002 §3). Broadcasters add photos and videos; 3 (text) is read only. */
export const AlbumType = { photo: 1, video: 2, text: 3 } as const;
export type AlbumTypeCode = (typeof AlbumType)[keyof typeof AlbumType];

/**
 * Ours: getAnchorAlbum's optional `type` picks one kind (1 photos for My Photos, 2 videos for My
 * Videos); 0 or absent is the whole album, as the spec's call has it. total_count counts that kind.
 */
export const ALBUM_TYPE_ALL = 0;

/** Ours: a description is at most this many characters (it shows under the picture). */
export const ALBUM_DESC_MAX = 200;

/** Ours: how many items one broadcaster may keep in her album. */
export const ALBUM_MAX_ITEMS = 200;

/** The three files of an item: its picture (a photo, or a video's cover), its clip, its locked preview. */
export type AlbumMediaSize = 'img' | 'video' | 'locked';
export const albumMediaUrl = (base: string, id: string, size: AlbumMediaSize) =>
  `${base}/${encodeURIComponent(id)}/${size}`;

/** One album item as getAnchorAlbum answers it (spec 002 §3, plus the fields marked ours). */
export interface AlbumItem {
  id: string;
  type: AlbumTypeCode;
  /**
   * The picture: a photo itself, a video's cover. For a private item the member may not see yet
   * (is_can_watch 0), the locked preview, which shows nothing of it.
   */
  img: string;
  is_private: 0 | 1;
  /** 1 when the caller may see it: public, or private with Intimacy Level 2+, or her own. */
  is_can_watch: 0 | 1;
  file_desc: string;
  /**
   * Ours (the spec names the field only): how many members marked the item as one they like
   * (addAlbumInterested), shown with a heart.
   */
  interest: number;
  /** Ours: 1 when the calling member is one of them. */
  is_interested: 0 | 1;
  /** Ours: a video's clip (seekable; byte ranges), '' when it is not a video or is locked. */
  video_url: string;
  /** Ours: when she added it, seconds. */
  add_time: number;
}

export interface AnchorAlbum {
  list: AlbumItem[];
  total_count: number;
}

/** Ours: what a raw upload to her album answers; addAlbumItem names it by upload_id. */
export interface AlbumUploadAnswer {
  upload_id: string;
  mime: string;
  bytes: number;
  /** A photo's size in pixels (0 for a video). */
  width: number;
  height: number;
}

/** Ours: an item in her own list (getAlbumList): the member's view plus her counts. */
export type LadyAlbumItem = AlbumItem;

/**
 * Ours (the spec names no album codes; 17651.. is free). An item that is gone or not hers answers
 * Errno.NOT_FOUND; liking a private item he may not see, Errno.NO_PRIVILEGE with the Intimacy text;
 * a refused upload, the mail codes 17204 (format), 17205 (size), 17206 (dimensions) and their texts.
 */
export const AlbumErrno = {
  UPLOAD_GONE: 17651,
  COVER_NEEDED: 17652,
  ALBUM_FULL: 17653,
} as const;

export const AlbumMessages = {
  /** The item is gone (deleted) or is not hers. */
  notFound: 'This photo or video is no longer in the album.',
  /** addAlbumItem with an upload that is not hers, gone, or of the wrong kind. */
  uploadGone: 'The upload has expired. Please choose the file again.',
  /** A video needs its cover picture. */
  coverNeeded: 'Please choose a cover picture for the video.',
  albumFull: `Your album is full (${ALBUM_MAX_ITEMS} items). Delete some to add more.`,
  deleteConfirm: 'Delete this item from your album? Members will no longer see it.',
  empty: 'No photos yet.',
  emptyVideos: 'No videos yet.',
  loadFailed: 'Failed to load the album, please try again.',
} as const;
