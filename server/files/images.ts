/**
 * Uploaded pictures, cleaned: every photo is decoded and re-encoded by sharp on the way in, turned
 * upright by its EXIF orientation and stripped of every other metadata (GPS, camera owner, dates),
 * then kept in IMAGE_WIDTHS as WebP. The largest sits at the upload's own key, so a URL without a
 * width answers it; the others beside it at `<key>.w<width>`. Bytes that do not decode (an image
 * header followed by anything else) are refused whole.
 */
import sharp from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from '../../protocol/images';
import { PHOTO_MAX_PX } from '../../protocol/mail/mail';
import type { FileStore } from './store';

export const IMAGE_MIME = 'image/webp';
const LARGEST: ImageWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? 1600;
/** Above this the upload rules refuse a photo anyway: a bigger canvas is not decoded at all. */
const MAX_INPUT_PIXELS = PHOTO_MAX_PX * PHOTO_MAX_PX;
/** At most this many pictures decode at once: 2 cores are shared with the rest of the server. */
const MAX_AT_ONCE = 1;

// One libvips thread per picture, and no cache of decoded pictures kept between uploads.
sharp.concurrency(1);
sharp.cache(false);

export interface Rendition {
  width: number;
  height: number;
  bytes: Buffer;
}

export interface CleanImage {
  /** The largest rendition's size, upright: what the picture's URL answers. */
  width: number;
  height: number;
  renditions: Map<ImageWidth, Rendition>;
}

let running = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** Re-encodes `input` in every width (never enlarged); undefined when it is not a picture sharp reads. */
export function cleanImage(input: Buffer): Promise<CleanImage | undefined> {
  return oneAtATime(async () => {
    try {
      // Decoded once (only an animated GIF's first frame; a truncated or corrupt file fails here),
      // turned upright, and kept raw at the largest width: the widths are drawn from it.
      const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: LARGEST, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const renditions = new Map<ImageWidth, Rendition>();
      for (const width of IMAGE_WIDTHS) {
        const out = await sharp(data, raw)
          // By width alone, as a srcset names them; a low effort spares the shared CPU.
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80, effort: 2 })
          .toBuffer({ resolveWithObject: true });
        renditions.set(width, { width: out.info.width, height: out.info.height, bytes: out.data });
      }
      const largest = renditions.get(LARGEST);
      if (!largest) return undefined;
      return { width: largest.width, height: largest.height, renditions };
    } catch {
      return undefined;
    }
  });
}

/** Where rendition `width` of the picture at `key` is kept (the largest at `key` itself). */
export const renditionKey = (key: string, width: ImageWidth = LARGEST): string =>
  width === LARGEST ? key : `${key}.w${width}`;

/** Every key a picture at `key` may use. */
export const imageKeys = (key: string): string[] => IMAGE_WIDTHS.map((w) => renditionKey(key, w));

/** Keeps every rendition, the largest last: once `key` is there, the picture is whole. */
export async function putImage(files: FileStore, key: string, image: CleanImage): Promise<void> {
  try {
    for (const width of [...IMAGE_WIDTHS].reverse()) {
      const r = image.renditions.get(width);
      if (r) await files.put(renditionKey(key, width), r.bytes, IMAGE_MIME);
    }
  } catch (error) {
    await deleteFile(files, key);
    throw error;
  }
}

/** Removes a stored file and, if it is a picture, its other widths. */
export async function deleteFile(files: FileStore, key: string): Promise<void> {
  await Promise.all(imageKeys(key).map((k) => files.delete(k).catch(() => undefined)));
}

/** Copies the picture at `from` to `to`, every width it has (the largest first: it must be there). */
export async function copyImage(files: FileStore, from: string, to: string): Promise<boolean> {
  for (const width of [LARGEST, ...IMAGE_WIDTHS.filter((w) => w !== LARGEST)]) {
    const file = await files.get(renditionKey(from, width));
    if (!file) {
      if (width === LARGEST) return false;
      continue;
    }
    const parts: Buffer[] = [];
    for await (const part of file.body) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
    await files.put(renditionKey(to, width), Buffer.concat(parts), file.contentType ?? IMAGE_MIME);
  }
  return true;
}

/** The width asked for in a query (`w`), as one we keep: the smallest that covers it. */
export function askedWidth(value: unknown): ImageWidth | undefined {
  const n = typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return IMAGE_WIDTHS.find((w) => w >= n) ?? LARGEST;
}
