/**
 * Receiving an uploaded photo or video: its bytes stream into the file store as they arrive, counted
 * (at the kind's size cap the upload stops: too large), hashed and read by content (once they can
 * no longer make a file of the kind: unaccepted format). Nothing of a refused upload is kept. A
 * photo is re-encoded before it is kept (receiveImage).
 */
import { createHash } from 'node:crypto';
import {
  MailErrno,
  MailMessages,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PX,
  PHOTO_MIN_PX,
  VIDEO_MAX_BYTES,
  VideoMessages,
} from '../../../protocol/mail/mail';
import { ApiError } from '../../core/errors';
import { type CleanImage, cleanImage, putImage } from '../../files/images';
import type { FileStore } from '../../files/index';
import type { Sniffer } from '../../media/block-walk';
import { type VideoInfo, videoSniffer } from '../../media/video';
import { type ImageInfo, imageSniffer } from './mail-images';

export interface UploadKind<T extends { mime: string }> {
  /** A file must be under this many bytes. */
  maxBytes: number;
  texts: { tooLarge: string; badFormat: string };
  sniffer(): Sniffer<T>;
  /** The kind's rules beyond its format (a photo's dimensions); throws an ApiError. */
  check?(info: T): void;
}

/**
 * The photo rules (spec 002 §5), the same for a member's and a broadcaster's photo, by content:
 * under 5 MB, JPEG, PNG or GIF, larger than 120 px and less than 3600 px each way.
 */
export const PHOTO: UploadKind<ImageInfo> = {
  maxBytes: PHOTO_MAX_BYTES,
  texts: MailMessages,
  sniffer: imageSniffer,
  check(info) {
    const fits = (n: number) => n > PHOTO_MIN_PX && n < PHOTO_MAX_PX;
    if (!fits(info.width) || !fits(info.height)) {
      throw new ApiError(MailErrno.BAD_DIMENSIONS, MailMessages.badDimensions);
    }
  },
};

/** A broadcaster's video, by content: WebM/Matroska or MP4 under VIDEO_MAX_BYTES. */
export const VIDEO: UploadKind<VideoInfo> = {
  maxBytes: VIDEO_MAX_BYTES,
  texts: VideoMessages,
  sniffer: videoSniffer,
};

export interface Received<T> {
  info: T;
  bytes: number;
  sha256: string;
}

/** Streams `body` into the store at `key` under `kind`'s rules; throws its ApiError, keeping nothing. */
export async function receive<T extends { mime: string }>(
  files: FileStore,
  key: string,
  body: AsyncIterable<Uint8Array>,
  kind: UploadKind<T>,
): Promise<Received<T>> {
  const tooLarge = () => new ApiError(MailErrno.TOO_LARGE, kind.texts.tooLarge);
  const badFormat = () => new ApiError(MailErrno.BAD_FORMAT, kind.texts.badFormat);
  const sniffer = kind.sniffer();
  const hash = createHash('sha256');
  let bytes = 0;
  async function* checked() {
    for await (const part of body) {
      const chunk = Buffer.isBuffer(part) ? part : Buffer.from(part);
      bytes += chunk.length;
      if (bytes >= kind.maxBytes) throw tooLarge();
      sniffer.push(chunk);
      if (sniffer.failed) throw badFormat();
      hash.update(chunk);
      yield chunk;
    }
  }
  // The first bytes name the type the store keeps the file under.
  const chunks = checked();
  const first: Buffer[] = [];
  let ended = false;
  while (sniffer.mime === undefined && !ended) {
    const next = await chunks.next();
    if (next.done) ended = true;
    else first.push(next.value);
  }
  const mime = sniffer.mime;
  if (mime === undefined) {
    await chunks.return(undefined);
    throw badFormat();
  }
  await files.putStream(
    key,
    (async function* () {
      yield* first;
      if (!ended) yield* chunks;
    })(),
    mime,
  );
  try {
    const info = sniffer.result();
    if (!info || info.mime !== mime) throw badFormat();
    kind.check?.(info);
    return { info, bytes, sha256: hash.digest('hex') };
  } catch (error) {
    await files.delete(key).catch(() => undefined);
    throw error;
  }
}

export interface ReceivedImage extends Received<ImageInfo> {
  /** The picture as kept: upright, without metadata, in every width. */
  image: CleanImage;
}

/**
 * A photo under the PHOTO rules, checked as it arrives like any upload, then re-encoded (see
 * ../files/images) and kept at `key` in its widths. Photos are small (under PHOTO_MAX_BYTES), so the
 * bytes are held until they decode: what does not decode is refused, and nothing of it is kept.
 */
export async function receiveImage(
  files: FileStore,
  key: string,
  body: AsyncIterable<Uint8Array>,
): Promise<ReceivedImage> {
  const badFormat = () => new ApiError(MailErrno.BAD_FORMAT, PHOTO.texts.badFormat);
  const sniffer = PHOTO.sniffer();
  const parts: Buffer[] = [];
  let bytes = 0;
  for await (const part of body) {
    const chunk = Buffer.isBuffer(part) ? part : Buffer.from(part);
    bytes += chunk.length;
    if (bytes >= PHOTO.maxBytes) throw new ApiError(MailErrno.TOO_LARGE, PHOTO.texts.tooLarge);
    sniffer.push(chunk);
    if (sniffer.failed) throw badFormat();
    parts.push(chunk);
  }
  const info = sniffer.result();
  if (!info) throw badFormat();
  PHOTO.check?.(info);
  const input = Buffer.concat(parts);
  const image = await cleanImage(input);
  if (!image) throw badFormat();
  await putImage(files, key, image);
  return { info, bytes, sha256: createHash('sha256').update(input).digest('hex'), image };
}
