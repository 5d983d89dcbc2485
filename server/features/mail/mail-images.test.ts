import { describe, expect, it } from 'vitest';
import { imageSniffer, sniffImage } from './mail-images';
import { choosePayment } from './mail-payment';

/** A JPEG's first segments: SOI, an APP0 segment, then SOF0 with the size. */
function jpeg(width: number, height: number, sof = 0xc0): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [0xff, sof, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return Buffer.from([0xff, 0xd8, ...app0, ...frame, ...new Array(20).fill(0)]);
}

describe('sniffImage', () => {
  it('reads JPEG sizes past other segments, baseline and progressive', () => {
    expect(sniffImage(jpeg(800, 600))).toEqual({ mime: 'image/jpeg', ext: 'jpg', width: 800, height: 600 });
    expect(sniffImage(jpeg(121, 3599, 0xc2))?.width).toBe(121);
  });
  it('reads GIF and PNG sizes', () => {
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0x2c, 0x01, 0xc8, 0x00]),
      Buffer.alloc(8),
    ]);
    expect(sniffImage(gif)).toMatchObject({ mime: 'image/gif', width: 300, height: 200 });
    const png = Buffer.alloc(32);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(png);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(sniffImage(png)).toMatchObject({ mime: 'image/png', width: 640, height: 480 });
  });
  it('refuses anything else, whatever its name', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0x00]))).toBeUndefined();
    expect(sniffImage(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('imageSniffer', () => {
  it('reads a photo the same in chunks of any size as whole', () => {
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x10, 0x02]), Buffer.alloc(0x1000)]);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8]), app1, jpeg(640, 480).subarray(2)]);
    for (const bytes of [jpeg(800, 600), big]) {
      for (const size of [1, 5, 100]) {
        const sniffer = imageSniffer();
        for (let at = 0; at < bytes.length; at += size) sniffer.push(bytes.subarray(at, at + size));
        expect(sniffer.mime).toBe('image/jpeg');
        expect(sniffer.result()).toEqual(sniffImage(bytes));
      }
    }
    expect(sniffImage(big)).toMatchObject({ width: 640, height: 480 });
  });

  it('gives up at the first bytes that are no picture', () => {
    const text = imageSniffer();
    text.push(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(text.failed).toBe(true);
    const broken = imageSniffer();
    broken.push(Buffer.from([0xff, 0xd8, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(broken.failed).toBe(true);
  });
});

describe('choosePayment', () => {
  const photo = { stamps: 1, credits: 80 };
  it('prefers stamps when enough, else credits, else the prompt', () => {
    expect(choosePayment({ credit: 100, poststamp: 1 }, photo, 0)).toEqual({ pay: 'stamps' });
    expect(choosePayment({ credit: 80, poststamp: 0 }, photo, 0)).toEqual({ pay: 'credits' });
    expect(choosePayment({ credit: 79, poststamp: 0 }, photo, 0)).toEqual({ short: 'noStampsNoCredits' });
  });
  it('answers the chosen way’s shortfall', () => {
    expect(choosePayment({ credit: 100, poststamp: 0 }, photo, 1)).toEqual({ short: 'noStampsHasCredits' });
    expect(choosePayment({ credit: 0, poststamp: 3 }, photo, 2)).toEqual({ short: 'noCreditsHasStamps' });
    expect(choosePayment({ credit: 0, poststamp: 0 }, photo, 2)).toEqual({ short: 'noCreditsNoStamps' });
    expect(choosePayment({ credit: 500, poststamp: 1 }, { stamps: 2, credits: 160 }, 2)).toEqual({
      pay: 'credits',
    });
  });
});
