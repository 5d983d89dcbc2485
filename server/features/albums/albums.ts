/**
 * A broadcaster's album (My Photos, My Videos): what members see of it, her own list and changes,
 * and which file each media URL may serve. Private items follow the one rule in ./private-media
 * (Intimacy Level 2, or her own): locked, an item answers its locked preview as `img`, no clip, and
 * its files answer 404.
 */
import {
  ALBUM_MAX_ITEMS,
  AlbumErrno,
  type AlbumItem,
  type AlbumMediaSize,
  AlbumMessages,
  AlbumType,
  type AlbumUploadAnswer,
  type AnchorAlbum,
  albumMediaUrl,
} from '../../../protocol/albums/albums';
import { PrivateMediaTexts } from '../../../protocol/albums/private-media';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { ApiError, notFound } from '../../core/errors';
import { timedId } from '../../core/ids';
import { deleteFile, IMAGE_MIME } from '../../files/images';
import type { FileStore } from '../../files/index';
import { albumPhotoSvg, albumVideoCoverSvg } from '../../media/album';
import { lockedSvg } from '../../media/letter';
import type { Db, StorageRepositories } from '../../storage/contract';
import type { Caller } from '../discover';
import { receive, receiveImage, VIDEO } from '../mail';
import { type AlbumFile, type AlbumRecord, albumsRepository } from './albums-repository';
import { privateMediaAccess } from './private-media';

/** Uploads never added to the album are removed after a day. */
const UPLOAD_TTL_MS = 86_400_000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const gone = () => new ApiError(Errno.NOT_FOUND, AlbumMessages.notFound);

/** What a media URL answers: a drawn picture, a stored file, the demo clip, or nothing (404). */
export type AlbumMedia = { svg: string } | { file: AlbumFile } | { demoClip: true } | undefined;

export interface AlbumDeps {
  db: Db;
  repos: Pick<StorageRepositories, 'messages' | 'anchors'>;
  files: FileStore;
  now?: () => Date;
}

export class AlbumService {
  private readonly repo;
  private readonly access;
  private readonly now: () => Date;

  constructor(private readonly deps: AlbumDeps) {
    this.repo = albumsRepository(deps.db);
    this.access = privateMediaAccess(deps.repos);
    this.now = deps.now ?? (() => new Date());
  }

  /** Where her uploads live (the mail service's store: one per process). */
  get files(): FileStore {
    return this.deps.files;
  }

  /** An item as `canSeePrivate` lets the caller see it. */
  private view(r: AlbumRecord, canSeePrivate: boolean): AlbumItem {
    const open = !r.isPrivate || canSeePrivate;
    const url = (size: AlbumMediaSize) => albumMediaUrl(Api.albumMedia, r.itemId, size);
    return {
      id: r.itemId,
      type: r.type,
      img: r.type === AlbumType.text ? '' : url(open ? 'img' : 'locked'),
      is_private: r.isPrivate ? 1 : 0,
      is_can_watch: open ? 1 : 0,
      file_desc: r.desc,
      interest: r.interest,
      is_interested: r.interested ? 1 : 0,
      video_url: open && r.type === AlbumType.video ? url('video') : '',
      add_time: seconds(r.createdAt),
    };
  }

  /** getAnchorAlbum: her items of `type` (0 all), a page from `start`, and how many there are. */
  async anchorAlbum(
    caller: Caller,
    anchorId: string,
    page: { start: number; step: number; type: number },
  ): Promise<AnchorAlbum> {
    if (!(await this.deps.repos.anchors.find(anchorId))) throw notFound();
    const [{ items, total }, canSee] = await Promise.all([
      this.repo.page(anchorId, page.type, page.start, page.step, caller.role === 'man' ? caller.userid : ''),
      this.access.canSeePrivate(caller, anchorId),
    ]);
    return { list: items.map((r) => this.view(r, canSee)), total_count: total };
  }

  /** A member marks an item he can see as one he likes (or takes it back); answers its count. */
  async setInterested(memberId: string, itemId: string, on: boolean) {
    const item = await this.repo.find(itemId, memberId);
    if (!item || item.type === AlbumType.text) throw gone();
    if (
      item.isPrivate &&
      !(await this.access.canSeePrivate({ userid: memberId, role: 'man' }, item.anchorId))
    ) {
      const anchor = await this.deps.repos.anchors.find(item.anchorId);
      throw new ApiError(Errno.NO_PRIVILEGE, PrivateMediaTexts.intimacy(anchor?.nickname ?? ''));
    }
    await this.repo.setInterest(itemId, memberId, on);
    const after = await this.repo.find(itemId, memberId);
    return { interest: after?.interest ?? 0, is_interested: after?.interested ? 1 : 0 };
  }

  // ---- Her side.

  /** Streams a photo or a video into the store, checked by content, to add with addItem. */
  async upload(anchorId: string, kind: 'photo' | 'video', body: AsyncIterable<Uint8Array>) {
    const anchor = await this.deps.repos.anchors.find(anchorId);
    if (!anchor) throw notFound();
    // Uploads she never added make room first.
    const stale = await this.repo.dropStaleUploads(new Date(this.now().getTime() - UPLOAD_TTL_MS));
    await Promise.all(stale.map((key) => deleteFile(this.deps.files, key)));
    const uploadId = timedId(kind === 'photo' ? 'AP' : 'AV');
    const key = `album/${anchorId}/${uploadId}`;
    if (kind === 'video') {
      const { info, bytes } = await receive(this.deps.files, key, body, VIDEO);
      await this.repo.addUpload({ uploadId, anchorId, kind, file: { key, mime: info.mime, bytes } });
      return { upload_id: uploadId, mime: info.mime, bytes, width: 0, height: 0 } satisfies AlbumUploadAnswer;
    }
    const { info, bytes, image } = await receiveImage(this.deps.files, key, body);
    await this.repo.addUpload({ uploadId, anchorId, kind, file: { key, mime: IMAGE_MIME, bytes } });
    const size = { width: image.width, height: image.height };
    return { upload_id: uploadId, mime: info.mime, bytes, ...size } satisfies AlbumUploadAnswer;
  }

  /** Adds her uploaded photo, or video with its cover photo, to her album. */
  async addItem(
    anchorId: string,
    input: { uploadId: string; coverId?: string; desc: string; isPrivate: boolean },
  ): Promise<AlbumItem> {
    if ((await this.repo.count(anchorId)) >= ALBUM_MAX_ITEMS) {
      throw new ApiError(AlbumErrno.ALBUM_FULL, AlbumMessages.albumFull);
    }
    const itemId = timedId('AL');
    await this.deps.db.transaction(async (tx) => {
      const repo = albumsRepository(tx);
      const photo = await repo.takeUpload(input.uploadId, anchorId, 'photo');
      if (photo) {
        await repo.insert({
          itemId,
          anchorId,
          type: AlbumType.photo,
          file: photo,
          desc: input.desc,
          isPrivate: input.isPrivate,
        });
        return;
      }
      const video = await repo.takeUpload(input.uploadId, anchorId, 'video');
      if (!video) throw new ApiError(AlbumErrno.UPLOAD_GONE, AlbumMessages.uploadGone);
      const cover = input.coverId ? await repo.takeUpload(input.coverId, anchorId, 'photo') : undefined;
      if (!cover) throw new ApiError(AlbumErrno.COVER_NEEDED, AlbumMessages.coverNeeded);
      await repo.insert({
        itemId,
        anchorId,
        type: AlbumType.video,
        file: video,
        cover,
        desc: input.desc,
        isPrivate: input.isPrivate,
      });
    });
    const item = await this.repo.find(itemId);
    if (!item) throw gone();
    return this.view(item, true);
  }

  async editItem(anchorId: string, itemId: string, change: { desc?: string; isPrivate?: boolean }) {
    if (!(await this.repo.update(itemId, anchorId, change))) throw gone();
    const item = await this.repo.find(itemId);
    if (!item) throw gone();
    return this.view(item, true);
  }

  async deleteItem(anchorId: string, itemId: string): Promise<{ id: string }> {
    const item = await this.repo.remove(itemId, anchorId);
    if (!item) throw gone();
    const keys = [item.file?.key, item.cover?.key].filter((k): k is string => Boolean(k));
    await Promise.all(keys.map((key) => deleteFile(this.deps.files, key)));
    return { id: itemId };
  }

  // ---- Files.

  /** What `caller` may get at an item's media URL; undefined answers 404. */
  async media(caller: Caller, itemId: string, size: string): Promise<AlbumMedia> {
    const item = await this.repo.find(itemId);
    if (!item || item.type === AlbumType.text) return undefined;
    const isVideo = item.type === AlbumType.video;
    if (size === 'locked') return { svg: lockedSvg(item.itemId, isVideo) };
    if (item.isPrivate && !(await this.access.canSeePrivate(caller, item.anchorId))) return undefined;
    if (size === 'img') {
      if (item.demo) {
        return {
          svg: isVideo
            ? albumVideoCoverSvg(item.itemId, item.desc)
            : albumPhotoSvg(item.anchorId, item.itemId, item.desc),
        };
      }
      const file = isVideo ? item.cover : item.file;
      return file && { file };
    }
    if (size === 'video' && isVideo) return item.demo ? { demoClip: true } : item.file && { file: item.file };
    return undefined;
  }
}
