/** Her shots: what members see and like, comments on them, and her own list, uploads, posts and deletes. */
import { MessageApi, type SendPrivateMessageAnswer } from '../../../protocol/messages/messages';
import { Api } from '../../../protocol/paths';
import type {
  DynamicList,
  DynamicListTypeCode,
  LadyDynamicList,
  LikeAnswer,
  Shot,
  ShotTypeCode,
  ShotUploadAnswer,
} from '../../../protocol/shots/shots';
import { call } from '../../api/http';
import { uploadWithProgress } from '../../api/upload';

/** getDynamic: `type` 1 all her shots, 2 her profile's (at most 4). */
export const getDynamic = (anchorId: string, type: DynamicListTypeCode) =>
  call<DynamicList>(Api.getDynamic, { type, anchor_id: anchorId });

export const setLike = (id: number, like: boolean) =>
  call<LikeAnswer>(like ? Api.setLike : Api.cancelLike, { dynamic_id: id });

/** A comment on her shot: a private message carrying the shot's id (the 140 rule). */
export const sendShotComment = (anchorId: string, shotId: number, content: string, msgKey: string) =>
  call<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
    to_id: anchorId,
    content,
    dynamics_id: shotId,
    msg_key: msgKey,
  });

export const getLadyShots = () => call<LadyDynamicList>(Api.ladyDynamicList, {});

export const addShot = (input: {
  type: ShotTypeCode;
  uploadId?: string | undefined;
  coverId?: string | undefined;
  content: string;
  isPrivate: boolean;
  showOnProfile: boolean;
}) =>
  call<Shot>(Api.ladyAddDynamic, {
    type: input.type,
    ...(input.uploadId ? { upload_id: input.uploadId } : {}),
    ...(input.coverId ? { cover_id: input.coverId } : {}),
    content: input.content,
    is_private: input.isPrivate ? 1 : 0,
    is_show_profile: input.showOnProfile ? 1 : 0,
  });

export const deleteShot = (id: number) => call<{ id: number }>(Api.ladyDeleteDynamic, { dynamic_id: id });

/**
 * Uploads a file's raw bytes for a shot (a photo, or a video), reporting progress 0..1. XHR, not
 * fetch: only XHR tells how much of the body has gone. The server's text (the spec's) on refusal.
 */
export function uploadShotFile(
  kind: 'photo' | 'video',
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<ShotUploadAnswer> {
  const path = kind === 'photo' ? Api.ladyUploadDynamicPhoto : Api.ladyUploadDynamicVideo;
  return uploadWithProgress<ShotUploadAnswer>(path, file, onProgress);
}
