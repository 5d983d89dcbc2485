/**
 * Uploaded pictures leave nothing of the camera behind: a phone's JPEG with GPS and its owner's name,
 * stored on its side (Orientation 6), sent through each real upload route (album, shot, mail from
 * either side, premium video cover), comes back upright, as WebP, without EXIF or GPS, in every
 * width and wherever it is served; the upload answer gives its upright size. A file that only starts
 * like a picture (a header, then HTML) is refused with the "bad upload" errno and text, and nothing
 * of it is kept. In the data folder and in an S3-compatible store.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlbumItem } from '../../protocol/albums/albums';
import { IMAGE_WIDTHS, imageUrl } from '../../protocol/images';
import {
  type LadyPhotoUploadAnswer,
  MAIL_LADY_PHOTO_UPLOAD_PATH,
  MAIL_UPLOAD_PATH,
  MailApi,
  MailErrno,
  MailMessages,
  type UploadAnswer,
} from '../../protocol/mail/mail';
import { Api } from '../../protocol/paths';
import {
  PremiumVideoApi as P,
  PREMIUM_COVER_UPLOAD_PATH,
  PREMIUM_VIDEO_UPLOAD_PATH,
  type PremiumUploadAnswer,
  type PremiumVideoDetailData,
} from '../../protocol/premium-videos/premium-videos';
import type { Shot, ShotUploadAnswer } from '../../protocol/shots/shots';
import { type Client, startServer, type TestServer } from './harness';
import { CAMERA_H, CAMERA_W, cameraPhoto, expectClean, pretendImages } from './images';
import { startTestS3, type TestS3 } from './s3-server';

const WEBM = await readFile(new URL('../../server/media/demo-video.webm', import.meta.url));
type Envelope<T> = { errno: number; errmsg: string; data: T };
const cookie = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const UPRIGHT = { width: CAMERA_H, height: CAMERA_W };

async function upload<T>(c: Client, path: string, body: Buffer): Promise<Envelope<T>> {
  const response = await fetch(c.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie: cookie(c) },
    body: new Uint8Array(body),
  });
  expect(response.status).toBeLessThan(500);
  return (await response.json()) as Envelope<T>;
}

/** Fetches `url` in every width and without one: each is a clean, upright WebP. */
async function expectServedClean(c: Client, url: string) {
  for (const asked of [url, ...IMAGE_WIDTHS.map((w) => imageUrl(url, w))]) {
    const response = await fetch(`${c.base}${asked}`, { headers: { cookie: cookie(c) } });
    expect(response.status, asked).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    await expectClean(Buffer.from(await response.arrayBuffer()), UPRIGHT);
  }
}

describe.each(['local', 's3'] as const)('uploaded pictures in the %s store', (kind) => {
  let server: TestServer;
  let s3: TestS3 | undefined;
  let lady: Client;
  let member: Client;
  let photo: Buffer;

  /** Every file the store holds (keys on S3, paths under the data folder). */
  async function storedFiles(): Promise<string[]> {
    if (s3) return s3.signed.filter((r) => r.startsWith('PUT ') || r.includes('?uploadId='));
    const found: string[] = [];
    for (const dir of ['album', 'shot-uploads', 'mail-photos', 'mail-uploads', 'premium-videos']) {
      const names = await readdir(join(server.config.dataDir, dir), { recursive: true }).catch(() => []);
      found.push(...names.map((n) => `${dir}/${n}`));
    }
    return found.sort();
  }

  beforeAll(async () => {
    s3 = kind === 's3' ? await startTestS3() : undefined;
    server = await startServer(s3 ? { config: { s3: s3.config } } : {});
    lady = await server.sessionOf('A2001');
    member = await server.sessionOf('M1001');
    photo = await cameraPhoto(kind === 'local' ? 60 : 61);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('an album photo', async () => {
    const up = await upload<{ upload_id: string; width: number; height: number }>(
      lady,
      Api.ladyUploadAlbumPhoto,
      photo,
    );
    expect(up.data).toMatchObject(UPRIGHT);
    const item = await lady.call<AlbumItem>(Api.ladyAddAlbumItem, { upload_id: up.data.upload_id });
    await expectServedClean(member, item.img);
  });

  it('a shot, as its picture and its full size', async () => {
    const up = await upload<ShotUploadAnswer>(lady, Api.ladyUploadDynamicPhoto, photo);
    expect(up.data).toMatchObject(UPRIGHT);
    const shot = await lady.call<Shot>(Api.ladyAddDynamic, {
      type: 1,
      upload_id: up.data.upload_id,
      content: 'At home',
      is_private: 0,
      is_show_profile: 0,
    });
    await expectServedClean(member, shot.img);
    await expectServedClean(member, shot.biger_img);
  });

  it('a member’s mail photo and a broadcaster’s letter photo', async () => {
    const his = await upload<UploadAnswer>(member, MAIL_UPLOAD_PATH, photo);
    expect(his.data).toMatchObject(UPRIGHT);
    await expectServedClean(member, his.data.url);
    const hers = await upload<LadyPhotoUploadAnswer>(lady, MAIL_LADY_PHOTO_UPLOAD_PATH, photo);
    expect(hers.data).toMatchObject(UPRIGHT);
    const sent = await lady.call<{ emf_id: string }>(MailApi.ladySendMail, {
      man_id: 'M1003',
      kind: 'emf',
      content: 'From my window',
      media: `photo-free:${hers.data.photo_id}`,
    });
    // The broadcaster who sent it may open it.
    await expectServedClean(lady, `/pman/emf/media/${sent.emf_id}/R1/origin`);
  });

  it('a premium video’s cover', async () => {
    const video = await upload<PremiumUploadAnswer>(lady, PREMIUM_VIDEO_UPLOAD_PATH, WEBM);
    const cover = await upload<PremiumUploadAnswer>(lady, PREMIUM_COVER_UPLOAD_PATH, photo);
    expect(cover.errno).toBe(0);
    const added = await lady.call<PremiumVideoDetailData>(P.ladyAddVideo, {
      video_file_id: video.data.file_id,
      cover_file_id: cover.data.file_id,
      title: 'Morning',
      duration: 2,
    });
    await expectServedClean(member, added.video.cover_url_png);
  });

  it('refuses a picture header followed by HTML on every route, keeping nothing', async () => {
    const before = await storedFiles();
    const routes: [Client, string][] = [
      [lady, Api.ladyUploadAlbumPhoto],
      [lady, Api.ladyUploadDynamicPhoto],
      [member, MAIL_UPLOAD_PATH],
      [lady, MAIL_LADY_PHOTO_UPLOAD_PATH],
      [lady, PREMIUM_COVER_UPLOAD_PATH],
    ];
    for (const [client, path] of routes) {
      for (const fake of pretendImages()) {
        expect(await upload(client, path, fake), path).toEqual({
          errno: MailErrno.BAD_FORMAT,
          errmsg: MailMessages.badFormat,
          data: null,
        });
      }
    }
    expect(await storedFiles()).toEqual(before);
  });
});
