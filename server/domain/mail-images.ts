/**
 * Reads an uploaded photo's type and dimensions from its bytes (never from its name): JPEG, PNG and
 * GIF, the formats a mail accepts. Anything else, or a file too short to hold its header, is
 * undefined: "Upload failed – unaccepted file format".
 */
export interface ImageInfo {
  mime: 'image/jpeg' | 'image/png' | 'image/gif';
  ext: 'jpg' | 'png' | 'gif';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffImage(buf: Buffer): ImageInfo | undefined {
  if (
    buf.length >= 24 &&
    PNG_SIGNATURE.every((b, i) => buf[i] === b) &&
    buf.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return { mime: 'image/png', ext: 'png', width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf.length >= 10 && /^GIF8[79]a$/.test(buf.toString('latin1', 0, 6))) {
    return { mime: 'image/gif', ext: 'gif', width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) return jpeg(buf);
  return undefined;
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpeg(buf: Buffer): ImageInfo | undefined {
  let at = 2;
  while (at + 9 < buf.length) {
    if (buf[at] !== 0xff) return undefined;
    const marker = buf[at + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = buf.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      return {
        mime: 'image/jpeg',
        ext: 'jpg',
        height: buf.readUInt16BE(at + 5),
        width: buf.readUInt16BE(at + 7),
      };
    }
    at += 2 + length;
  }
  return undefined;
}
