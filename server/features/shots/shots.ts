/**
 * A broadcaster's shots (posts): what members see of them (getDynamic), their likes, her own list
 * with like counts, her posting and deleting, which file each media URL may serve, and the shot a
 * private-message comment is about. Private shots follow the one rule in ./private-media (Intimacy
 * Level 2, or her own): locked, a shot answers its locked preview as `img` and `blurry`, no full
 * size and no clip, and its files answer 404.
 */

import { PrivateMediaTexts } from '../../../protocol/albums/private-media';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import {
  DYNAMIC_LIST_MAX,
  type DynamicList,
  DynamicListType,
  type DynamicListTypeCode,
  type LadyDynamicList,
  type LikeAnswer,
  PROFILE_SHOTS_MAX,
  SHOT_BACKGROUNDS,
  SHOTS_MAX,
  type Shot,
  type ShotMediaSize,
  ShotMessages,
  ShotType,
  type ShotTypeCode,
  type ShotUploadAnswer,
  shotMediaUrl,
} from '../../../protocol/shots/shots';
import { ApiError } from '../../core/errors';
import { timedId } from '../../core/ids';
import { deleteFile } from '../../files/images';
import type { FileStore } from '../../files/index';
import { lockedSvg, videoSvg } from '../../media/letter';
import { shotPhotoSvg } from '../../media/shot';
import type { Db, StorageRepositories } from '../../storage/contract';
import { privateMediaAccess } from '../albums';
import { type Caller, isVisibleAnchor, visibleAnchor } from '../discover';
import { receive, receiveImage, VIDEO } from '../mail';
import { type ShotFile, type ShotRow, shotsRepository } from './shots-repository';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const gone = () => new ApiError(Errno.NOT_FOUND, ShotMessages.notFound);
/** Uploads wait here until addDynamic names them (P… photos, V… videos). */
const uploadKey = (anchorId: string, uploadId: string) => `shot-uploads/${anchorId}/${uploadId}`;
const UPLOAD_ID = /^[PV][a-z0-9]{8,40}$/;

/** What a media URL answers: a drawn picture, a stored file, the demo clip, or nothing (404). */
export type ShotMedia = { svg: string } | { file: ShotFile } | { demoClip: true } | undefined;

/** A shot as a comment shows it beside the message (spec 001 §3 "Shot comment"). */
export interface CommentShot {
  img: string;
  content: string;
  type: ShotTypeCode;
}

export interface NewShotInput {
  type: ShotTypeCode;
  upload_id?: string | undefined;
  cover_id?: string | undefined;
  content: string;
  is_private: 0 | 1;
  is_show_profile: 0 | 1;
}

export interface ShotDeps {
  db: Db;
  repos: Pick<StorageRepositories, 'messages' | 'anchors' | 'users'>;
  files: FileStore;
}

export class ShotService {
  private readonly repo;
  private readonly access;

  constructor(private readonly deps: ShotDeps) {
    this.repo = shotsRepository(deps.db);
    this.access = privateMediaAccess(deps.repos);
  }

  /** Where her uploads live (the configured file store). */
  get files(): FileStore {
    return this.deps.files;
  }

  /** A shot as the caller sees it: `open` when public, or private and he may see it. */
  private view(r: ShotRow, canSeePrivate: boolean, liked: boolean, lockedText: string): Shot {
    const open = !r.isPrivate || canSeePrivate;
    const url = (size: ShotMediaSize) => shotMediaUrl(Api.dynamicMedia, r.id, size);
    const media = r.type !== ShotType.text;
    const blurry = media && !open ? url('blurry') : '';
    return {
      id: r.id,
      type: r.type,
      img: media ? (open ? url('img') : blurry) : '',
      biger_img: open && r.type === ShotType.photo ? url('big') : '',
      blurry,
      video: open && r.type === ShotType.video ? url('video') : '',
      content: r.type === ShotType.text ? r.content : '',
      file_desc: r.type === ShotType.text ? '' : r.content,
      is_can_watch: open ? 1 : 0,
      is_private: r.isPrivate ? 1 : 0,
      like_status: liked ? 1 : 0,
      is_show_profile: r.isShowProfile ? 1 : 0,
      bgNumber: (r.id % SHOT_BACKGROUNDS) + 1,
      add_time: seconds(r.createdAt),
      // The locked text rides along for the viewer (ours; '' when open).
      ...(open ? {} : { locked_text: lockedText }),
    };
  }

  /** getDynamic: her shots as the caller may see them (type: 1 all, 2 her profile's). */
  async list(caller: Caller, anchorId: string, type: DynamicListTypeCode): Promise<DynamicList> {
    const anchor = await visibleAnchor(this.deps.repos, anchorId);
    const profile = type === DynamicListType.profile;
    const rows = await this.repo.ofAnchor(anchorId, profile ? PROFILE_SHOTS_MAX : DYNAMIC_LIST_MAX, profile);
    const canSee = await this.access.canSeePrivate(caller, anchorId);
    const liked =
      caller.role === 'man'
        ? await this.repo.likedBy(
            caller.userid,
            rows.map((r) => r.id),
          )
        : new Set<number>();
    const lockedText = PrivateMediaTexts.intimacy(anchor.nickname);
    return { list: rows.map((r) => this.view(r, canSee, liked.has(r.id), lockedText)) };
  }

  private async existing(id: number): Promise<ShotRow> {
    const shot = await this.repo.find(id);
    if (!shot) throw gone();
    const anchor = await this.deps.repos.anchors.find(shot.anchorId);
    if (!isVisibleAnchor(anchor)) throw gone();
    return shot;
  }

  /** setLike / cancelLike: idempotent; the answer is the state after. */
  async setLike(memberId: string, id: number, like: boolean): Promise<LikeAnswer> {
    const shot = await this.existing(id);
    if (like) await this.repo.like(memberId, shot.id);
    else await this.repo.unlike(memberId, shot.id);
    return { dynamic_id: shot.id, like_status: like ? 1 : 0 };
  }

  /** Her own shots, newest first, with their like counts. */
  async ladyList(anchorId: string): Promise<LadyDynamicList> {
    const rows = await this.repo.ofAnchor(anchorId, SHOTS_MAX);
    const counts = await this.repo.likeCounts(rows.map((r) => r.id));
    return {
      list: rows.map((r) => ({ ...this.view(r, true, false, ''), like_count: counts.get(r.id) ?? 0 })),
    };
  }

  /** A raw upload for a shot, checked by content as it streams (PHOTO or VIDEO rules). */
  async upload(
    anchorId: string,
    kind: 'photo' | 'video',
    body: AsyncIterable<Uint8Array>,
  ): Promise<ShotUploadAnswer> {
    await visibleAnchor(this.deps.repos, anchorId);
    const id = timedId(kind === 'photo' ? 'P' : 'V');
    if (kind === 'video') {
      const { info, bytes } = await receive(this.deps.files, uploadKey(anchorId, id), body, VIDEO);
      return { upload_id: id, mime: info.mime, bytes, width: 0, height: 0 };
    }
    const { info, bytes, image } = await receiveImage(this.deps.files, uploadKey(anchorId, id), body);
    return { upload_id: id, mime: info.mime, bytes, width: image.width, height: image.height };
  }

  /** Her upload of `kind`, or the 'upload gone' error. */
  private async uploaded(anchorId: string, uploadId: string | undefined, kind: 'P' | 'V'): Promise<ShotFile> {
    if (!uploadId || !UPLOAD_ID.test(uploadId) || uploadId[0] !== kind) {
      throw new ApiError(Errno.INVALID_PARAMS, ShotMessages.uploadGone);
    }
    const key = uploadKey(anchorId, uploadId);
    const stored = await this.deps.files.exists(key);
    if (!stored) throw new ApiError(Errno.INVALID_PARAMS, ShotMessages.uploadGone);
    return { key, mime: stored.contentType ?? 'application/octet-stream', bytes: stored.size };
  }

  /** addDynamic: a photo (upload_id), a video (upload_id and cover_id) or a text shot. */
  async add(anchorId: string, input: NewShotInput): Promise<Shot> {
    await visibleAnchor(this.deps.repos, anchorId);
    if ((await this.repo.count(anchorId)) >= SHOTS_MAX)
      throw new ApiError(Errno.INVALID_PARAMS, ShotMessages.tooMany);
    let file: ShotFile | undefined;
    let cover: ShotFile | undefined;
    if (input.type === ShotType.text) {
      if (input.content.trim() === '') throw new ApiError(Errno.INVALID_PARAMS, ShotMessages.textNeeded);
    } else {
      if (!input.upload_id) throw new ApiError(Errno.INVALID_PARAMS, ShotMessages.fileNeeded);
      file = await this.uploaded(anchorId, input.upload_id, input.type === ShotType.photo ? 'P' : 'V');
      if (input.type === ShotType.video) {
        if (!input.cover_id) throw new ApiError(Errno.INVALID_PARAMS, ShotMessages.coverNeeded);
        cover = await this.uploaded(anchorId, input.cover_id, 'P');
      }
    }
    const row = await this.repo.insert({
      anchorId,
      type: input.type,
      file,
      cover,
      content: input.content.trim(),
      isPrivate: input.is_private === 1,
      isShowProfile: input.is_show_profile === 1,
    });
    return this.view(row, true, false, '');
  }

  /** deleteDynamic: only her own; its files go too. */
  async delete(anchorId: string, id: number): Promise<{ id: number }> {
    const row = await this.repo.delete(anchorId, id);
    if (!row) throw gone();
    for (const f of [row.file, row.cover]) if (f) await deleteFile(this.deps.files, f.key);
    return { id: row.id };
  }

  /** What GET {dynamicMedia}/{id}/{size} answers for `caller`; undefined is 404. */
  async media(caller: Caller, id: number, size: ShotMediaSize): Promise<ShotMedia> {
    const shot = await this.repo.find(id);
    if (!shot || shot.type === ShotType.text) return undefined;
    if (size === 'blurry') return { svg: lockedSvg(`S${shot.id}`, shot.type === ShotType.video) };
    if (shot.isPrivate && !(await this.access.canSeePrivate(caller, shot.anchorId))) return undefined;
    if (shot.type === ShotType.photo && (size === 'img' || size === 'big')) {
      if (shot.file) return { file: shot.file };
      return shot.isDemo ? { svg: shotPhotoSvg(shot.anchorId, shot.id, shot.content) } : undefined;
    }
    if (shot.type === ShotType.video && size === 'img') {
      if (shot.cover) return { file: shot.cover };
      return shot.isDemo ? { svg: videoSvg(`S${shot.id}`) } : undefined;
    }
    if (shot.type === ShotType.video && size === 'video') {
      if (shot.file) return { file: shot.file };
      return shot.isDemo ? { demoClip: true } : undefined;
    }
    return undefined;
  }

  /** Whether `id` is one of `anchorId`'s shots (a comment must be about her own). */
  async isShotOf(anchorId: string, id: number): Promise<boolean> {
    const shot = await this.repo.find(id);
    return shot?.anchorId === anchorId;
  }

  /** The shots comments name, as `viewer` may see them (a locked one shows its locked preview). */
  async commentShots(viewer: Caller, anchorId: string, ids: number[]): Promise<Map<number, CommentShot>> {
    const rows = (await this.repo.findMany([...new Set(ids)])).filter((r) => r.anchorId === anchorId);
    if (rows.length === 0) return new Map();
    const canSee = await this.access.canSeePrivate(viewer, anchorId);
    return new Map(
      rows.map((r) => {
        const v = this.view(r, canSee, false, '');
        return [r.id, { img: v.img, content: r.content, type: r.type }] as const;
      }),
    );
  }
}
