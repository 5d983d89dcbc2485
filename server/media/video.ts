/**
 * Videos: what a clip is, read from its bytes (never its name), and the demo clip that demo letters
 * play. Accepted containers are the ones Chromium plays: WebM/Matroska (an EBML header whose DocType
 * is webm or matroska, then a Segment) and MP4 (an `ftyp` box with a video brand, then a `moov`
 * box). Images that also use `ftyp` (AVIF, HEIF) are refused.
 */
import { readFile } from 'node:fs/promises';
import type { VIDEO_TYPES } from '../../protocol/mail';

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

function mp4(buf: Buffer): VideoInfo | undefined {
  if (buf.length < 16 || buf.toString('latin1', 4, 8) !== 'ftyp') return undefined;
  const ftypSize = buf.readUInt32BE(0);
  if (ftypSize < 16 || ftypSize > buf.length || ftypSize % 4 !== 0) return undefined;
  const brands = [buf.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= ftypSize; at += 4) brands.push(buf.toString('latin1', at, at + 4));
  if (IMAGE_BRANDS.has(brands[0] ?? '')) return undefined;
  if (!brands.some((b) => VIDEO_BRANDS.has(b))) return undefined;
  // Walk the top-level boxes: each size must fit, and one of them must be the movie.
  let hasMovie = false;
  for (let at = 0; at < buf.length; ) {
    if (at + 8 > buf.length) return undefined;
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return undefined;
    if (size === 1) {
      if (at + 16 > buf.length) return undefined;
      size = Number(buf.readBigUInt64BE(at + 8));
    } else if (size === 0) size = buf.length - at;
    if (size < 8 || at + size > buf.length) return undefined;
    if (type === 'moov') hasMovie = true;
    at += size;
  }
  return hasMovie ? { mime: 'video/mp4', container: 'mp4' } : undefined;
}

/** The clip's container and type, or undefined when the bytes are no video Glimmer accepts. */
export function sniffVideo(buf: Buffer): VideoInfo | undefined {
  return matroska(buf) ?? mp4(buf);
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
