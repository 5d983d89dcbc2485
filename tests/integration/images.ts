/**
 * Pictures for the upload tests: real PNGs of one colour, a camera photo that carries where it was
 * taken and whose camera it was (EXIF GPS, Artist) and is stored on its side (Orientation 6), and
 * files that only start like a picture. And what a served picture must be: WebP, no metadata.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A real PNG of one colour (`shade` makes two pictures differ). */
export function png(shade: number, width = 400, height = 300): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3, shade % 256);
  row[0] = 0;
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const OWNER = 'Jane Broadcaster';
/** The GPS datum: only written when the GPS block is. */
export const DATUM = 'WGS-84';
/** The size of the camera's pixels; upright (Orientation 6), the picture is CAMERA_H × CAMERA_W. */
export const CAMERA_W = 480;
export const CAMERA_H = 320;

/** A JPEG as a phone takes it: GPS where it was taken, its owner's name, stored turned (Orientation 6). */
export async function cameraPhoto(shade = 90): Promise<Buffer> {
  const photo = await sharp({
    create: { width: CAMERA_W, height: CAMERA_H, channels: 3, background: { r: shade, g: 120, b: 200 } },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: OWNER, Copyright: OWNER },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
        GPSMapDatum: DATUM,
      },
    })
    .toBuffer();
  // It really carries them.
  const meta = await sharp(photo).metadata();
  expect(meta.orientation).toBe(6);
  expect(meta.exif?.includes(OWNER)).toBe(true);
  expect(meta.exif?.includes(DATUM)).toBe(true);
  return photo;
}

/** HTML behind a PNG's header (its IHDR says 400×300) or a JPEG's (a start-of-frame of 400×300). */
export function pretendImages(): Buffer[] {
  const html = Buffer.from(
    `<html><body><script>alert(document.cookie)</script>${' '.repeat(512)}</body></html>`,
  );
  const pngHead = png(1).subarray(0, 33);
  const sof = Buffer.from([
    0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0x01, 0x2c, 0x01, 0x90, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  return [Buffer.concat([pngHead, html]), Buffer.concat([sof, html])];
}

/** A served picture: WebP, upright (`width` × `height`), nothing of the camera's metadata left. */
export async function expectClean(bytes: Buffer, size?: { width: number; height: number }) {
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
  expect(bytes.includes(OWNER)).toBe(false);
  expect(bytes.includes(DATUM)).toBe(false);
  if (size) expect({ width: meta.width, height: meta.height }).toEqual(size);
  return meta;
}
