/** Schemas of the album calls (protocol/albums/albums.ts; paths in protocol/paths.ts). */
import { z } from 'zod';
import { LIST_STEP_MAX } from '../constants';
import { count, flag, text, userid } from '../schema-parts';
import { ALBUM_DESC_MAX, ALBUM_PAGE_SIZE, ALBUM_TYPE_ALL } from './albums';

const itemId = z
  .string()
  .trim()
  .min(1)
  .max(48)
  .regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, - and _');

/** getAnchorAlbum {userid, start, step} (spec 002 §7) and our optional type (0 all, 1, 2, 3). */
export const AnchorAlbumBody = z.object({
  userid,
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(ALBUM_PAGE_SIZE),
  type: count(3).default(ALBUM_TYPE_ALL),
});
export const AlbumItemBody = z.object({ id: itemId });
export const LadyAlbumListBody = z.object({
  start: count(1_000_000).default(0),
  step: count(LIST_STEP_MAX, 1).default(ALBUM_PAGE_SIZE),
  type: count(3).default(ALBUM_TYPE_ALL),
});
const desc = text().trim().max(ALBUM_DESC_MAX).default('');
/** A photo: upload_id of a photo upload. A video: upload_id of the clip, cover_id of its cover photo. */
export const AddAlbumItemBody = z.object({
  upload_id: itemId,
  cover_id: itemId.optional(),
  file_desc: desc,
  is_private: flag.default(0),
});
export const EditAlbumItemBody = z.object({
  id: itemId,
  file_desc: text().trim().max(ALBUM_DESC_MAX).optional(),
  is_private: flag.optional(),
});
