/**
 * Reads an uploaded photo's type and dimensions from its bytes (never from its name): JPEG, PNG and
 * GIF, the formats a mail accepts. Anything else, or a file too short to hold its header, is
 * undefined: "Upload failed – unaccepted file format".
 */
import { BlockWalk, Head, type Sniffer, sniffWhole, type WalkStep } from '../../media/block-walk';

export interface ImageInfo {
  mime: 'image/jpeg' | 'image/png' | 'image/gif';
  ext: 'jpg' | 'png' | 'gif';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The PNG signature and its IHDR size: the most any of the three formats reads from the start. */
const HEAD_BYTES = 24;

type Size = { width: number; height: number };

/** One JPEG segment's header (10 bytes at the segment): the size when it is a start-of-frame. */
function jpegSegment(header: Buffer): WalkStep<Size> {
  if (header[0] !== 0xff) return 'bad';
  const marker = header[1] ?? 0;
  // Fill bytes and markers without a length.
  if (marker === 0xff) return { next: 1 };
  if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) return { next: 2 };
  const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
  if (isFrame) return { found: { height: header.readUInt16BE(5), width: header.readUInt16BE(7) } };
  return { next: 2 + header.readUInt16BE(2) };
}

/**
 * Reads a photo as its bytes stream past: the type from the first bytes, and the size from the PNG
 * or GIF header or, for a JPEG, from the first start-of-frame segment, walking the segments before it.
 */
export function imageSniffer(): Sniffer<ImageInfo> {
  const head = new Head(HEAD_BYTES);
  const segments = new BlockWalk(2, 10, jpegSegment);
  let length = 0;
  const mimeOf = (buf: Buffer): ImageInfo['mime'] | undefined => {
    if (buf.length >= 8 && PNG_SIGNATURE.every((b, i) => buf[i] === b)) return 'image/png';
    if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.toString('latin1', 0, 6))) return 'image/gif';
    if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xd8) return 'image/jpeg';
    return undefined;
  };
  return {
    push(chunk) {
      length += chunk.length;
      head.push(chunk);
      segments.push(chunk);
    },
    get mime() {
      return mimeOf(head.bytes());
    },
    get failed() {
      const mime = mimeOf(head.bytes());
      return (head.length >= 8 && mime === undefined) || (mime === 'image/jpeg' && segments.bad);
    },
    result() {
      const buf = head.bytes();
      const mime = mimeOf(buf);
      if (mime === 'image/png' && buf.length >= 24 && buf.toString('latin1', 12, 16) === 'IHDR') {
        return { mime, ext: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
      }
      if (mime === 'image/gif' && buf.length >= 10) {
        return { mime, ext: 'gif', width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
      }
      const size = segments.found;
      if (mime === 'image/jpeg' && length >= 4 && size) return { mime, ext: 'jpg', ...size };
      return undefined;
    },
  };
}

/** The same, for a photo already in memory. */
export function sniffImage(buf: Buffer): ImageInfo | undefined {
  return sniffWhole(imageSniffer(), buf);
}
