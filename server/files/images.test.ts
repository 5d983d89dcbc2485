import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '../../protocol/images';
import {
  CAMERA_H,
  CAMERA_W,
  cameraPhoto,
  DATUM,
  expectClean,
  OWNER,
  png,
  pretendImages,
} from '../../tests/integration/images';
import {
  askedWidth,
  cleanImage,
  copyImage,
  deleteFile,
  IMAGE_MIME,
  imageKeys,
  putImage,
  renditionKey,
} from './images';
import { LocalFileStore } from './local';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

// Encoding is slow on a busy machine of 2 cores.
describe('cleanImage', { timeout: 60_000 }, () => {
  it('turns a camera photo upright and drops its GPS and owner, in every width', async () => {
    const photo = await cameraPhoto();
    expect(photo.includes(OWNER)).toBe(true);
    const clean = await cleanImage(photo);
    if (!clean) throw new Error('did not decode');
    // Orientation 6: the camera's 480×320 is 320 wide and 480 tall, upright.
    expect({ width: clean.width, height: clean.height }).toEqual({ width: CAMERA_H, height: CAMERA_W });
    expect([...clean.renditions.keys()]).toEqual([...IMAGE_WIDTHS]);
    for (const r of clean.renditions.values()) {
      await expectClean(r.bytes, { width: r.width, height: r.height });
      expect(r.bytes.includes(DATUM)).toBe(false);
    }
  });

  it('makes each width no wider than it, never enlarging', async () => {
    const clean = await cleanImage(png(7, 2000, 1000));
    const sizes = [...(clean?.renditions.values() ?? [])].map((r) => [r.width, r.height]);
    expect(sizes).toEqual([
      [320, 160],
      [800, 400],
      [1600, 800],
    ]);
    const small = await cleanImage(png(7, 200, 150));
    expect([...(small?.renditions.values() ?? [])].map((r) => r.width)).toEqual([200, 200, 200]);
  });

  it('refuses a picture header followed by HTML, and what is no picture', async () => {
    for (const fake of pretendImages()) expect(await cleanImage(fake)).toBeUndefined();
    expect(await cleanImage(Buffer.from('<html></html>'))).toBeUndefined();
    expect(await cleanImage(Buffer.alloc(0))).toBeUndefined();
  });

  it('re-encodes the same picture to the same bytes (mail refuses a picture sent twice)', async () => {
    const a = await cleanImage(png(9));
    const b = await cleanImage(png(9));
    expect(a?.renditions.get(1600)?.bytes.equals(b?.renditions.get(1600)?.bytes ?? Buffer.alloc(0))).toBe(
      true,
    );
  });
});

describe('keeping pictures in the store', { timeout: 60_000 }, () => {
  it('puts, copies and deletes every width; the largest is at the key itself', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'glimmer-images-'));
    dirs.push(dir);
    const files = new LocalFileStore(dir);
    const clean = await cleanImage(png(3, 1000, 500));
    if (!clean) throw new Error('did not decode');
    await putImage(files, 'album/A1/P1', clean);
    expect(imageKeys('album/A1/P1')).toEqual(['album/A1/P1.w320', 'album/A1/P1.w800', 'album/A1/P1']);
    const largest = await files.exists('album/A1/P1');
    expect(largest?.contentType).toBe(IMAGE_MIME);
    expect((await files.exists(renditionKey('album/A1/P1', 320)))?.contentType).toBe(IMAGE_MIME);
    expect(await copyImage(files, 'album/A1/P1', 'mail-media/E1/R1')).toBe(true);
    for (const key of imageKeys('mail-media/E1/R1'))
      expect((await files.exists(key))?.contentType).toBe(IMAGE_MIME);
    expect(await copyImage(files, 'album/A1/none', 'mail-media/E1/R2')).toBe(false);
    await deleteFile(files, 'album/A1/P1');
    for (const key of imageKeys('album/A1/P1')) expect(await files.exists(key)).toBeUndefined();
  });

  it('reads the asked width as the smallest kept width that covers it', () => {
    expect(askedWidth('1')).toBe(320);
    expect(askedWidth('320')).toBe(320);
    expect(askedWidth('321')).toBe(800);
    expect(askedWidth('5000')).toBe(1600);
    for (const bad of [undefined, '', '0', '-3', 'abc', '1e3', ['320']])
      expect(askedWidth(bad)).toBeUndefined();
  });
});
