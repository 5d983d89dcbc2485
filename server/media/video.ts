/**
 * Videos: what a clip is, read from its bytes (never its name), and the demo clip that demo letters
 * play. Accepted containers are the ones Chromium plays: WebM/Matroska (an EBML header whose DocType
 * is webm or matroska, then a Segment) and MP4 (an `ftyp` box with a video brand, then a `moov`
 * box). Images that also use `ftyp` (AVIF, HEIF) are refused.
 */
import { readFile } from 'node:fs/promises';
import type { VIDEO_TYPES } from '../../protocol/mail/mail';
import { BlockWalk, Head, type Sniffer, sniffWhole } from './block-walk';

export interface VideoInfo {
  mime: (typeof VIDEO_TYPES)[number];
  container: 'webm' | 'matroska' | 'mp4';
}

const EBML_MAGIC = 0x1a45dfa3;
const EBML_DOCTYPE = 0x4282;
const MATROSKA_SEGMENT = 0x18538067;

/** An EBML variable-length number at `at`: its length in bytes and value (undefined past the end). */
function vint(buf: Buffer, at: number, keepMarker: boolean): { length: number; value: number } | undefined {
  const first = buf[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > buf.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (buf[at + i] ?? 0);
  return { length, value };
}

function matroska(buf: Buffer): VideoInfo | undefined {
  if (buf.length < 8 || buf.readUInt32BE(0) !== EBML_MAGIC) return undefined;
  const headerSize = vint(buf, 4, false);
  if (!headerSize) return undefined;
  const start = 4 + headerSize.length;
  const end = start + headerSize.value;
  if (end > buf.length) return undefined;
  let docType = '';
  for (let at = start; at < end; ) {
    const id = vint(buf, at, true);
    if (!id) return undefined;
    const size = vint(buf, at + id.length, false);
    if (!size) return undefined;
    const data = at + id.length + size.length;
    if (data + size.value > end) return undefined;
    if (id.value === EBML_DOCTYPE)
      docType = buf.toString('latin1', data, data + size.value).replace(/\0+$/, '');
    at = data + size.value;
  }
  if (docType !== 'webm' && docType !== 'matroska') return undefined;
  const segment = vint(buf, end, true);
  if (segment?.value !== MATROSKA_SEGMENT) return undefined;
  return { mime: 'video/webm', container: docType };
}

/** Brands of MP4 files that hold a movie; a file names one of them as major or compatible brand. */
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'f4v ',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'qt  ',
]);
/** Still-image formats built on the same boxes. */
const IMAGE_BRANDS = new Set([
  'avif',
  'avis',
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
]);

/** The ftyp box's brands (from the file's first bytes): whether they name a movie. */
function movieBrands(buf: Buffer): boolean {
  if (buf.length < 16 || buf.toString('latin1', 4, 8) !== 'ftyp') return false;
  const ftypSize = buf.readUInt32BE(0);
  if (ftypSize < 16 || ftypSize > buf.length || ftypSize % 4 !== 0) return false;
  const brands = [buf.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= ftypSize; at += 4) brands.push(buf.toString('latin1', at, at + 4));
  if (IMAGE_BRANDS.has(brands[0] ?? '')) return false;
  return brands.some((b) => VIDEO_BRANDS.has(b));
}

/** The EBML header and the ftyp box lie in the first bytes; this many are kept to read them. */
const HEAD_BYTES = 64 * 1024;

/**
 * Reads a clip as its bytes stream past: the container from the first bytes and, for MP4, every
 * top-level box (each size must fit, and one of them must be the movie) as it goes by.
 */
export function videoSniffer(): Sniffer<VideoInfo> {
  const head = new Head(HEAD_BYTES);
  let hasMovie = false;
  const boxes = new BlockWalk<'to the end'>(0, 8, (header) => {
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return 'bad';
    if (size === 1) {
      if (header.length < 16) return { need: 16 };
      size = Number(header.readBigUInt64BE(8));
    }
    if (type === 'moov') hasMovie = true;
    // Size 0: the last box, running to the end of the file.
    if (size === 0) return { found: 'to the end' };
    return size < 8 ? 'bad' : { next: size };
  });
  const mimeOf = (buf: Buffer): VideoInfo['mime'] | undefined => {
    if (buf.length < 8) return undefined;
    if (buf.readUInt32BE(0) === EBML_MAGIC) return 'video/webm';
    return buf.toString('latin1', 4, 8) === 'ftyp' ? 'video/mp4' : undefined;
  };
  return {
    push(chunk) {
      head.push(chunk);
      boxes.push(chunk);
    },
    get mime() {
      return mimeOf(head.bytes());
    },
    get failed() {
      if (head.length < 8) return false;
      const mime = mimeOf(head.bytes());
      return mime === undefined || (mime === 'video/mp4' && boxes.bad);
    },
    result() {
      const buf = head.bytes();
      const webm = matroska(buf);
      if (webm) return webm;
      const whole = boxes.found !== undefined || boxes.endsClean();
      return movieBrands(buf) && whole && hasMovie ? { mime: 'video/mp4', container: 'mp4' } : undefined;
    },
  };
}

/** The clip's container and type, or undefined when the bytes are no video Glimmer accepts. */
export function sniffVideo(buf: Buffer): VideoInfo | undefined {
  return sniffWhole(videoSniffer(), buf);
}

/**
 * The demo clip (demo-video.webm beside this file, see README.md here): a 4 s, 320×240 VP9 WebM of
 * about 90 KB that every demo letter's video plays. Read once, then kept.
 */
export const DEMO_VIDEO_MIME = 'video/webm';
let demo: Promise<Buffer> | undefined;
export function demoVideo(): Promise<Buffer> {
  demo ??= readFile(new URL('./demo-video.webm', import.meta.url)).catch((error: unknown) => {
    demo = undefined;
    throw error;
  });
  return demo;
}
