import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIDEO_MAX_BYTES } from '../../protocol/mail/mail';
import { demoVideo, sniffVideo, videoSniffer } from './video';

const WEBM = readFileSync(new URL('./demo-video.webm', import.meta.url));
const MP4 = readFileSync(new URL('../../tests/fixtures/clip.mp4', import.meta.url));

/** An ISO-BMFF file: an ftyp box with these brands, then the given top-level boxes. */
function bmff(major: string, compatible: string[], boxes: [string, number][]): Buffer {
  const ftyp = Buffer.alloc(16 + 4 * compatible.length);
  ftyp.writeUInt32BE(ftyp.length, 0);
  ftyp.write(`ftyp${major}`, 4, 'latin1');
  for (const [i, b] of compatible.entries()) ftyp.write(b, 16 + 4 * i, 'latin1');
  const rest = boxes.map(([type, size]) => {
    const box = Buffer.alloc(size);
    box.writeUInt32BE(size, 0);
    box.write(type, 4, 'latin1');
    return box;
  });
  return Buffer.concat([ftyp, ...rest]);
}

describe('sniffVideo', () => {
  it('accepts the real WebM (VP9) and MP4 (H.264) clips', () => {
    expect(sniffVideo(WEBM)).toEqual({ mime: 'video/webm', container: 'webm' });
    expect(sniffVideo(MP4)).toEqual({ mime: 'video/mp4', container: 'mp4' });
  });

  it('keeps the demo clip small and short enough for a letter', async () => {
    expect((await demoVideo()).equals(WEBM)).toBe(true);
    expect(WEBM.length).toBeLessThan(300 * 1024);
    expect(WEBM.length).toBeLessThan(VIDEO_MAX_BYTES);
  });

  it('refuses a text file whatever its name, and files cut short', () => {
    expect(sniffVideo(Buffer.from('<html>not a video</html>\n'.repeat(10)))).toBeUndefined();
    expect(sniffVideo(Buffer.alloc(0))).toBeUndefined();
    expect(sniffVideo(WEBM.subarray(0, 20))).toBeUndefined();
    expect(sniffVideo(MP4.subarray(0, 100))).toBeUndefined();
  });

  it('accepts Matroska, refuses other EBML documents', () => {
    // An EBML header (size 11) holding only DocType "matroska", then a Segment of unknown size.
    const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x8b, 0x42, 0x82, 0x88, ...Buffer.from('matroska')]);
    const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0, 0]);
    expect(sniffVideo(Buffer.concat([header, segment]))).toEqual({
      mime: 'video/webm',
      container: 'matroska',
    });
    const other = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84, ...Buffer.from('abcd')]);
    expect(sniffVideo(Buffer.concat([other, segment]))).toBeUndefined();
    // No Segment after the header.
    expect(sniffVideo(header)).toBeUndefined();
  });

  it('refuses still images built on MP4 boxes, and MP4s without a movie', () => {
    expect(
      sniffVideo(
        bmff(
          'avif',
          ['avif', 'mif1', 'miaf'],
          [
            ['meta', 64],
            ['mdat', 32],
          ],
        ),
      ),
    ).toBeUndefined();
    expect(sniffVideo(bmff('heic', ['mif1', 'heic'], [['meta', 64]]))).toBeUndefined();
    expect(sniffVideo(bmff('isom', ['isom', 'mp41'], [['mdat', 32]]))).toBeUndefined();
    expect(
      sniffVideo(
        bmff(
          'isom',
          ['isom', 'mp41'],
          [
            ['moov', 32],
            ['mdat', 32],
          ],
        ),
      ),
    ).toEqual({
      mime: 'video/mp4',
      container: 'mp4',
    });
    // A box that claims more bytes than there are.
    const broken = bmff('mp42', ['mp42'], [['moov', 32]]);
    broken.writeUInt32BE(4096, broken.readUInt32BE(0));
    expect(sniffVideo(broken)).toBeUndefined();
  });

  it('reads a clip the same in chunks of any size as whole, and gives up on text at its first bytes', () => {
    const inChunks = (bytes: Buffer, size: number) => {
      const sniffer = videoSniffer();
      for (let at = 0; at < bytes.length; at += size) sniffer.push(bytes.subarray(at, at + size));
      return { result: sniffer.result(), mime: sniffer.mime, failed: sniffer.failed };
    };
    for (const size of [1, 7, 4096]) {
      expect(inChunks(MP4, size)).toEqual({ result: sniffVideo(MP4), mime: 'video/mp4', failed: false });
      expect(inChunks(WEBM, size)).toEqual({ result: sniffVideo(WEBM), mime: 'video/webm', failed: false });
      expect(inChunks(MP4.subarray(0, 200), size).result).toBeUndefined();
    }
    // A 64-bit box size, split across chunks.
    const large = Buffer.alloc(32);
    large.writeUInt32BE(1, 0);
    large.write('free', 4, 'latin1');
    large.writeBigUInt64BE(32n, 8);
    expect(inChunks(Buffer.concat([MP4, large]), 3).result).toEqual({ mime: 'video/mp4', container: 'mp4' });
    const text = videoSniffer();
    text.push(Buffer.from('not a video, just text'));
    expect(text.failed).toBe(true);
  });
});
