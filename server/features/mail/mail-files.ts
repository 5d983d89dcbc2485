/**
 * The files of mail: a member's photos for his letters, a broadcaster's photos and videos for hers,
 * each checked by its bytes as it arrives (mail-uploads.ts) and kept in the file store; and who may
 * see which. An upload of hers waits under her name until a letter takes it.
 */
import { createHash } from 'node:crypto';
import {
  type LadyPhotoUploadAnswer,
  MAIL_PHOTO_PATH,
  MailErrno,
  MailMessages,
  type UploadAnswer,
  type VideoUploadAnswer,
} from '../../../protocol/mail/mail';
import { ApiError, forbidden, notFound } from '../../core/errors';
import { timedId } from '../../core/ids';
import { copyImage, deleteFile, IMAGE_MIME } from '../../files/images';
import { type FileStore, readAll } from '../../files/index';
import type { Db } from '../../storage/contract';
import { type MediaRecord, mailRepository, resourceIdAt } from './mail-repository';
import { receive, receiveImage, VIDEO } from './mail-uploads';

/** File store keys: a member's photo, her photo or video before it is sent, a letter's item. */
const photoKey = (photoId: string) => `mail-photos/${photoId}`;
const uploadKey = (anchorId: string, uploadId: string) => `mail-uploads/${anchorId}/${uploadId}`;
const mediaKey = (emfId: string, resourceId: string) => `mail-media/${emfId}/${resourceId}`;
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A letter's item as she sends it: with an upload id it shows her upload, else the demo's. */
export interface LetterItem {
  type: 'photo' | 'video';
  uploadId?: string;
}

export class MailFiles {
  private readonly repo: ReturnType<typeof mailRepository>;

  constructor(
    db: Db,
    readonly store: FileStore,
  ) {
    this.repo = mailRepository(db);
  }

  /** Keeps a member's uploaded photo as it arrives, checked by its bytes. */
  async upload(memberId: string, body: AsyncIterable<Uint8Array>): Promise<UploadAnswer> {
    const photoId = timedId('P');
    const key = photoKey(photoId);
    const { bytes, sha256, image } = await receiveImage(this.store, key, body);
    try {
      await this.repo.insertPhoto({
        photoId,
        memberId,
        sha256,
        mime: IMAGE_MIME,
        bytes,
        width: image.width,
        height: image.height,
      });
    } catch (error) {
      await deleteFile(this.store, key);
      throw error;
    }
    return {
      photo_id: photoId,
      url: `${MAIL_PHOTO_PATH}/${photoId}`,
      width: image.width,
      height: image.height,
    };
  }

  /** An uploaded photo for its owner, or for the broadcaster it was mailed to: its store key. */
  async photoFile(userid: string, photoId: string): Promise<{ mime: string; key: string } | undefined> {
    const [photo] = await this.repo.photos([photoId]);
    if (!photo) return undefined;
    let allowed = photo.memberId === userid;
    if (!allowed && photo.emfId) allowed = (await this.repo.get(photo.emfId))?.anchorId === userid;
    if (!allowed) return undefined;
    return { mime: photo.mime, key: photoKey(photo.photoId) };
  }

  /**
   * Where a letter's photo or video comes from, once mayOpen allowed it: the broadcaster's uploaded
   * file in the file store, or 'demo' for a demo item, which has none (the server draws its photo
   * and plays the demo clip kept with it).
   */
  async mediaSource(
    item: MediaRecord,
  ): Promise<{ key: string; size: number; contentType: string | undefined } | 'demo'> {
    const key = mediaKey(item.emfId, item.resourceId);
    const stored = await this.store.exists(key);
    return stored ? { key, ...stored } : 'demo';
  }

  /**
   * A broadcaster's photo or video for a letter, checked by its bytes (never its name) with the rules
   * and texts of its kind — a photo exactly as a member's — and kept in the file store until she
   * sends it (her letter names it by its id).
   */
  async ladyUpload(
    anchorId: string,
    kind: 'photo',
    body: AsyncIterable<Uint8Array>,
  ): Promise<LadyPhotoUploadAnswer>;
  async ladyUpload(
    anchorId: string,
    kind: 'video',
    body: AsyncIterable<Uint8Array>,
  ): Promise<VideoUploadAnswer>;
  async ladyUpload(
    anchorId: string,
    kind: 'photo' | 'video',
    body: AsyncIterable<Uint8Array>,
  ): Promise<LadyPhotoUploadAnswer | VideoUploadAnswer> {
    // Before a byte is read: an account that cannot send mail keeps nothing.
    if (!(await this.repo.anchorTarget(anchorId))) throw forbidden();
    if (kind === 'video') {
      const id = timedId('V');
      const { info, bytes } = await receive(this.store, uploadKey(anchorId, id), body, VIDEO);
      return { video_id: id, mime: info.mime, bytes };
    }
    const id = timedId('P');
    const { info, bytes, image } = await receiveImage(this.store, uploadKey(anchorId, id), body);
    return { photo_id: id, mime: info.mime, bytes, width: image.width, height: image.height };
  }

  /**
   * Her uploads that a letter names, moved to the letter's keys around `write` (which writes the
   * letter): before it, so a letter never names a file that is not there; if it fails, the copies
   * go again. The same picture twice is refused before anything is copied.
   */
  async attachUploads(
    anchorId: string,
    emfId: string,
    items: readonly LetterItem[],
    write: () => Promise<void>,
  ): Promise<void> {
    const uploads = items.flatMap((m, i) =>
      m.uploadId
        ? [{ type: m.type, from: uploadKey(anchorId, m.uploadId), to: mediaKey(emfId, resourceIdAt(i)) }]
        : [],
    );
    for (const u of uploads) if (!(await this.store.exists(u.from))) throw notFound();
    // Photos are small (re-encoded, in their widths): compare them first, by their largest width.
    // Videos are copied one at a time.
    const seen = new Set<string>();
    for (const u of uploads) {
      if (u.type !== 'photo') continue;
      const file = await this.store.get(u.from);
      const bytes = file?.contentType?.startsWith('image/') ? await readAll(file.body) : undefined;
      if (!bytes) throw notFound();
      const sha = sha256Of(bytes);
      if (seen.has(sha)) throw new ApiError(MailErrno.DUPLICATE_PHOTO, MailMessages.duplicatePhoto);
      seen.add(sha);
    }
    try {
      for (const u of uploads) {
        if (u.type === 'photo') {
          if (!(await copyImage(this.store, u.from, u.to))) throw notFound();
          continue;
        }
        const file = await this.store.get(u.from);
        if (!file) throw notFound();
        await this.store.put(u.to, await readAll(file.body), file.contentType ?? 'video/webm');
      }
      await write();
    } catch (error) {
      await Promise.all(uploads.map((u) => deleteFile(this.store, u.to)));
      throw error;
    }
    await Promise.all(uploads.map((u) => deleteFile(this.store, u.from)));
  }

  /** Whether `userid` may see a letter item's full picture or clip: free or bought, or her own. */
  async mayOpen(userid: string, emfId: string, resourceId: string): Promise<MediaRecord | undefined> {
    const mail = await this.repo.get(emfId);
    if (!mail) return undefined;
    const viewer = mail.memberId === userid ? mail.memberId : mail.anchorId === userid ? '' : undefined;
    if (viewer === undefined) return undefined;
    const item = (await this.repo.media(emfId, mail.memberId)).find((m) => m.resourceId === resourceId);
    if (!item) return undefined;
    if (viewer === '') return item; // the broadcaster who sent it
    if (mail.needsPay && !mail.paidAt) return undefined;
    return item.isFree || item.bought ? item : undefined;
  }

  /** A letter's item, to either side of the letter (its locked thumbnail shows to both). */
  async mediaExists(userid: string, emfId: string, resourceId: string): Promise<MediaRecord | undefined> {
    const mail = await this.repo.get(emfId);
    if (!mail || (mail.memberId !== userid && mail.anchorId !== userid)) return undefined;
    return (await this.repo.media(emfId, mail.memberId)).find((m) => m.resourceId === resourceId);
  }
}
