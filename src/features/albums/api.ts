/** Her album: My Photos and My Videos for members, and her own list, uploads and changes. */
import {
  ALBUM_PAGE_SIZE,
  type AlbumItem,
  type AlbumUploadAnswer,
  type AnchorAlbum,
} from '../../../protocol/albums/albums';
import { Api } from '../../../protocol/paths';
import { call } from '../../api/http';
import { uploadWithProgress } from '../../api/upload';

/** A page of her album; `type` 1 photos (My Photos), 2 videos (My Videos), 0 everything. */
export const getAnchorAlbum = (userid: string, start: number, type: number, step = ALBUM_PAGE_SIZE) =>
  call<AnchorAlbum>(Api.getAnchorAlbum, { userid, start, step, type });

export type InterestAnswer = { interest: number; is_interested: 0 | 1 };
export const setAlbumInterested = (id: string, on: boolean) =>
  call<InterestAnswer>(on ? Api.addAlbumInterested : Api.deleteAlbumInterested, { id });

export const getLadyAlbum = (start: number, type: number, step = ALBUM_PAGE_SIZE) =>
  call<AnchorAlbum>(Api.ladyAlbumList, { start, step, type });

export const addAlbumItem = (input: {
  uploadId: string;
  coverId?: string;
  desc: string;
  isPrivate: boolean;
}) =>
  call<AlbumItem>(Api.ladyAddAlbumItem, {
    upload_id: input.uploadId,
    ...(input.coverId ? { cover_id: input.coverId } : {}),
    file_desc: input.desc,
    is_private: input.isPrivate ? 1 : 0,
  });

export const editAlbumItem = (id: string, change: { desc?: string; isPrivate?: boolean }) =>
  call<AlbumItem>(Api.ladyEditAlbumItem, {
    id,
    ...(change.desc !== undefined ? { file_desc: change.desc } : {}),
    ...(change.isPrivate !== undefined ? { is_private: change.isPrivate ? 1 : 0 } : {}),
  });

export const deleteAlbumItem = (id: string) => call<{ id: string }>(Api.ladyDeleteAlbumItem, { id });

/**
 * Uploads a file's raw bytes to her album (a photo, or a video), reporting progress 0..1. XHR, not
 * fetch: only XHR tells how much of the body has gone. The server's text (the spec's) on refusal.
 */
export function uploadAlbumFile(
  kind: 'photo' | 'video',
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<AlbumUploadAnswer> {
  const path = kind === 'photo' ? Api.ladyUploadAlbumPhoto : Api.ladyUploadAlbumVideo;
  return uploadWithProgress<AlbumUploadAnswer>(path, file, onProgress);
}
