/**
 * Mail files through the real HTTP API, once with the data folder and once with
 * an S3-compatible store (s3rver behind a Signature V4 check, tests/integration/s3-server.ts):
 * a broadcaster's video checked by content (WebM and MP4 pass; a renamed text file, a member and a
 * file over VIDEO_MAX_BYTES do not); the full upload → send → pay → serve flow where nothing paid is
 * served before payment; byte ranges (206, Accept-Ranges, Content-Range, 416); members' photos and
 * the demo clip; a broadcaster's own photos, checked with the members' rules and texts, sent private
 * or free (the same picture once per letter) and served from the store only once seen is paid.
 * Runs on PGlite, or PostgreSQL with DATABASE_URL.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  type BuyMediaAnswer,
  type LadyPhotoUploadAnswer,
  MAIL_LADY_PHOTO_UPLOAD_PATH,
  MAIL_UPLOAD_PATH,
  MAIL_VIDEO_UPLOAD_PATH,
  MailApi,
  type MailDetail,
  MailErrno,
  MailMessages,
  PHOTO_MAX_BYTES,
  type UploadAnswer,
  VIDEO_MAX_BYTES,
  VideoMessages,
  type VideoUploadAnswer,
} from '../../../protocol/mail/mail';
import { S3Error, S3FileStore } from '../../../server/files/s3';
import { type Client, startServer, type TestServer } from '../harness';
import { png as realPng } from '../images';
import { startTestS3, type TestS3 } from '../s3-server';

const WEBM = await readFile(new URL('../../../server/media/demo-video.webm', import.meta.url));
const MP4 = await readFile(new URL('../../fixtures/clip.mp4', import.meta.url));

type Answer<T> = { errno: number; errmsg: string; data: T };
const cookie = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function post<T>(c: Client, path: string, body: Buffer): Promise<Answer<T>> {
  const response = await fetch(c.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie: cookie(c) },
    body: new Uint8Array(body),
  });
  return (await response.json()) as Answer<T>;
}

const fetchAs = (c: Client, path: string, headers: Record<string, string> = {}) =>
  fetch(`${c.base}${path}`, { headers: { cookie: cookie(c), ...headers } });

/** A real PNG (the server decodes every photo); `salt` makes two differ. */
const png = (salt: number, width = 400, height = 300) => realPng(salt, width, height);
/** A served photo is re-encoded: a WebP, never the bytes sent. */
const isWebp = (bytes: Buffer) =>
  bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';

describe.each(['local', 's3'] as const)('mail files in the %s store', (kind) => {
  let server: TestServer;
  let s3: TestS3 | undefined;
  let lady: Client;
  let member: Client;
  const setBalances = (userid: string, credit: number, poststamp: number) =>
    server.db.query('UPDATE members SET credit = $2, poststamp = $3 WHERE userid = $1', [
      userid,
      credit,
      poststamp,
    ]);

  beforeAll(async () => {
    s3 = kind === 's3' ? await startTestS3() : undefined;
    server = await startServer(s3 ? { config: { s3: s3.config } } : {});
    lady = await server.loginAs('A2001');
    member = await server.loginAs('M1003');
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('uses the configured store', () => {
    expect(server.services.mailFiles.store.kind).toBe(kind);
  });

  it('checks a broadcaster’s video by content: WebM and MP4 pass; text, a member and too big do not', async () => {
    const webm = await post<VideoUploadAnswer>(lady, MAIL_VIDEO_UPLOAD_PATH, WEBM);
    expect(webm.errno).toBe(0);
    expect(webm.data).toMatchObject({ mime: 'video/webm', bytes: WEBM.length });
    const mp4 = await post<VideoUploadAnswer>(lady, MAIL_VIDEO_UPLOAD_PATH, MP4);
    expect(mp4.data).toMatchObject({ mime: 'video/mp4', bytes: MP4.length });

    // A text file named clip.webm is still text.
    const text = await post(
      lady,
      MAIL_VIDEO_UPLOAD_PATH,
      Buffer.from('not a video at all, just text\n'.repeat(20)),
    );
    expect(text).toMatchObject({ errno: MailErrno.BAD_FORMAT, errmsg: VideoMessages.badFormat });
    // The container's start alone, cut short, is not a video either.
    const cut = await post(lady, MAIL_VIDEO_UPLOAD_PATH, MP4.subarray(0, 200));
    expect(cut.errno).toBe(MailErrno.BAD_FORMAT);
    const big = Buffer.concat([WEBM, Buffer.alloc(VIDEO_MAX_BYTES - WEBM.length)]);
    expect(await post(lady, MAIL_VIDEO_UPLOAD_PATH, big)).toMatchObject({
      errno: MailErrno.TOO_LARGE,
      errmsg: VideoMessages.tooLarge,
    });
    expect((await post(member, MAIL_VIDEO_UPLOAD_PATH, MP4)).errno).toBe(Errno.FORBIDDEN);
    expect((await post(server.client(), MAIL_VIDEO_UPLOAD_PATH, MP4)).errno).toBe(Errno.LOGIN_TIMEOUT);
  });

  it('upload → send → pay → serve: nothing paid before payment, then the clip with byte ranges', async () => {
    await setBalances('M1003', 5000, 0);
    const upload = await post<VideoUploadAnswer>(lady, MAIL_VIDEO_UPLOAD_PATH, MP4);
    const videoId = upload.data.video_id;
    const sent = await lady.call<{ emf_id: string }>(MailApi.ladySendMail, {
      man_id: 'M1003',
      kind: 'emf',
      content: 'A clip for you',
      media: `photo-free,video-private:${videoId}`,
    });
    const emf = sent.emf_id;
    const url = `/pman/emf/media/${emf}/R2/video`;
    // The upload moved to the letter: it cannot be sent twice.
    expect(await server.services.mailFiles.store.exists(`mail-uploads/A2001/${videoId}`)).toBeUndefined();
    expect(await server.services.mailFiles.store.exists(`mail-media/${emf}/R2`)).toMatchObject({
      size: MP4.length,
    });
    const again = await lady.form(MailApi.ladySendMail, {
      man_id: 'M1003',
      content: 'Again',
      media: `video-free:${videoId}`,
    });
    expect(again.body.errno).toBe(Errno.NOT_FOUND);

    // Before the mail is read, and before the video is bought: 404, with or without a range.
    expect((await fetchAs(member, url)).status).toBe(404);
    expect((await fetchAs(member, url, { range: 'bytes=0-99' })).status).toBe(404);
    await member.call(MailApi.readEmf, { emf_id: emf });
    const detail = await member.call<MailDetail>(MailApi.getEmfDetail, { emf_id: emf });
    expect(detail.media[1]).toMatchObject({ type: 1, status: 0, video_url: '' });
    expect((await fetchAs(member, url)).status).toBe(404);
    expect((await fetchAs(member, url, { range: 'bytes=0-' })).status).toBe(404);

    const bought = await member.form<BuyMediaAnswer>(MailApi.buyPrivatePhotoVideo, {
      emf_id: emf,
      resource_id: 'R2',
    });
    expect(bought.body.data).toMatchObject({ paid_with: 'credits', media: { status: 1, video_url: url } });

    const whole = await fetchAs(member, url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(MP4.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(MP4)).toBe(true);

    const part = await fetchAs(member, url, { range: 'bytes=100-1099' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${MP4.length}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await part.arrayBuffer()).equals(MP4.subarray(100, 1100))).toBe(true);

    const open = await fetchAs(member, url, { range: `bytes=${MP4.length - 10}-` });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(MP4.subarray(MP4.length - 10))).toBe(true);
    const suffix = await fetchAs(member, url, { range: 'bytes=-64' });
    expect(suffix.headers.get('content-range')).toBe(
      `bytes ${MP4.length - 64}-${MP4.length - 1}/${MP4.length}`,
    );
    expect(Buffer.from(await suffix.arrayBuffer()).equals(MP4.subarray(MP4.length - 64))).toBe(true);

    const past = await fetchAs(member, url, { range: `bytes=${MP4.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${MP4.length}`);

    // Another member never gets it, ranged or not; the broadcaster who sent it does.
    const james = await server.loginAs('M1001');
    expect((await fetchAs(james, url)).status).toBe(404);
    expect((await fetchAs(james, url, { range: 'bytes=0-10' })).status).toBe(404);
    expect((await fetchAs(lady, url)).status).toBe(200);

    if (s3) {
      expect(s3.signed).toContain(`PUT /glimmer-test/mail-media/${emf}/R2`);
      expect(s3.signed.some((r) => r === `GET /glimmer-test/mail-media/${emf}/R2`)).toBe(true);
      expect(s3.refused).toEqual([]);
    }
  });

  it('keeps a member’s photo in the store and serves it to him and the broadcaster he mails', async () => {
    await setBalances('M1003', 5000, 10);
    const photo = await post<UploadAnswer>(member, MAIL_UPLOAD_PATH, png(kind === 'local' ? 1 : 2));
    expect(photo.errno).toBe(0);
    const mine = await fetchAs(member, photo.data.url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/webp');
    expect(isWebp(Buffer.from(await mine.arrayBuffer()))).toBe(true);
    expect((await fetchAs(member, photo.data.url, { range: 'bytes=0-7' })).status).toBe(206);
    expect((await fetchAs(lady, photo.data.url)).status).toBe(404);
    await member.call(MailApi.sendEmf, {
      anchor_id: 'A2001',
      content: 'Here I am',
      photo_ids: photo.data.photo_id,
      key: `k-${kind}`,
    });
    expect((await fetchAs(lady, photo.data.url)).status).toBe(200);
    if (s3) expect(s3.signed).toContain(`PUT /glimmer-test/mail-photos/${photo.data.photo_id}`);
  });

  it('plays the demo clip for a letter’s demo video, with ranges, after payment only', async () => {
    await setBalances('M1003', 5000, 0);
    const { emf_id } = await server.services.mailHost.send('A2002', {
      manId: 'M1003',
      kind: 'loi',
      content: 'Hello',
      media: [{ type: 'video', is_free: false, describe: '' }],
    });
    const url = `/pman/emf/media/${emf_id}/R1/video`;
    expect((await fetchAs(member, url)).status).toBe(404);
    await member.call(MailApi.buyPrivatePhotoVideo, { emf_id, resource_id: 'R1' });
    const whole = await fetchAs(member, url);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await whole.arrayBuffer()).equals(WEBM)).toBe(true);
    const part = await fetchAs(member, url, { range: 'bytes=0-3' });
    expect(part.status).toBe(206);
    expect([...Buffer.from(await part.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it('checks a broadcaster’s photo by content with the members’ rules and texts', async () => {
    const good = await post<LadyPhotoUploadAnswer>(lady, MAIL_LADY_PHOTO_UPLOAD_PATH, png(31));
    expect(good.errno).toBe(0);
    expect(good.data).toMatchObject({ mime: 'image/png', bytes: png(31).length, width: 400, height: 300 });
    expect(good.data.photo_id).toMatch(/^P[0-9a-z]+$/);
    expect(await server.services.mailFiles.store.exists(`mail-uploads/A2001/${good.data.photo_id}`)).toEqual({
      size: expect.any(Number),
      contentType: 'image/webp',
    });

    const refusals: [Buffer, number, string][] = [
      // A text file named photo.png is still text; a video is not a photo.
      [Buffer.from('not a picture\n'.repeat(20)), MailErrno.BAD_FORMAT, MailMessages.badFormat],
      [MP4, MailErrno.BAD_FORMAT, MailMessages.badFormat],
      // Larger than 120 px and less than 3600 px, each way.
      [png(32, 120, 300), MailErrno.BAD_DIMENSIONS, MailMessages.badDimensions],
      [png(33, 400, 3600), MailErrno.BAD_DIMENSIONS, MailMessages.badDimensions],
      // Exactly 5 MB is not under 5 MB; far over the cap the body limit answers the same text.
      [
        Buffer.concat([png(34), Buffer.alloc(PHOTO_MAX_BYTES - png(34).length)]),
        MailErrno.TOO_LARGE,
        MailMessages.tooLarge,
      ],
      [Buffer.concat([png(35), Buffer.alloc(8 * 1024 * 1024)]), MailErrno.TOO_LARGE, MailMessages.tooLarge],
    ];
    for (const [body, errno, errmsg] of refusals) {
      expect(await post(lady, MAIL_LADY_PHOTO_UPLOAD_PATH, body)).toMatchObject({ errno, errmsg });
    }
    // Just inside the rules passes.
    expect((await post(lady, MAIL_LADY_PHOTO_UPLOAD_PATH, png(36, 121, 3599))).errno).toBe(0);
    expect((await post(member, MAIL_LADY_PHOTO_UPLOAD_PATH, png(37))).errno).toBe(Errno.FORBIDDEN);
    expect((await post(server.client(), MAIL_LADY_PHOTO_UPLOAD_PATH, png(37))).errno).toBe(
      Errno.LOGIN_TIMEOUT,
    );
  });

  it('upload → send → pay → serve her photos: the free one once the mail is read, the private one once bought', async () => {
    await setBalances('M1003', 5000, 0);
    const mine = png(kind === 'local' ? 41 : 42);
    const free = png(kind === 'local' ? 43 : 44);
    const a = await post<LadyPhotoUploadAnswer>(lady, MAIL_LADY_PHOTO_UPLOAD_PATH, mine);
    const b = await post<LadyPhotoUploadAnswer>(lady, MAIL_LADY_PHOTO_UPLOAD_PATH, free);
    const sent = await lady.call<{ emf_id: string }>(MailApi.ladySendMail, {
      man_id: 'M1003',
      kind: 'emf',
      content: 'Two pictures of me',
      media: `photo-private:${a.data.photo_id},photo-free:${b.data.photo_id},photo-free`,
    });
    const emf = sent.emf_id;
    const origin = (rid: string) => `/pman/emf/media/${emf}/${rid}/origin`;
    // Copied into the letter; the upload is gone, so it cannot be sent twice.
    expect(
      await server.services.mailFiles.store.exists(`mail-uploads/A2001/${a.data.photo_id}`),
    ).toBeUndefined();
    const kept = await server.services.mailFiles.store.exists(`mail-media/${emf}/R1`);
    expect(kept).toEqual({ size: expect.any(Number), contentType: 'image/webp' });
    const again = await lady.form(MailApi.ladySendMail, {
      man_id: 'M1003',
      content: 'Again',
      media: `photo-free:${a.data.photo_id}`,
    });
    expect(again.body.errno).toBe(Errno.NOT_FOUND);

    // Nothing before the mail is paid, not even the free picture.
    for (const rid of ['R1', 'R2']) expect((await fetchAs(member, origin(rid))).status).toBe(404);
    const read = await member.call<{ mail: MailDetail }>(MailApi.readEmf, { emf_id: emf });
    expect(read.mail.media.map((m) => [m.type, m.status, m.origin_img])).toEqual([
      [2, 0, ''],
      [2, 1, origin('R2')],
      [2, 1, origin('R3')],
    ]);
    const freeServed = await fetchAs(member, origin('R2'));
    expect(freeServed.status).toBe(200);
    expect(freeServed.headers.get('content-type')).toBe('image/webp');
    expect(isWebp(Buffer.from(await freeServed.arrayBuffer()))).toBe(true);
    // The demo item keeps its drawn picture.
    expect((await fetchAs(member, origin('R3'))).headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    // The private one: 404 whole or ranged; its small preview is the drawn lock, nothing of it.
    expect((await fetchAs(member, origin('R1'))).status).toBe(404);
    expect((await fetchAs(member, origin('R1'), { range: 'bytes=0-7' })).status).toBe(404);
    const small = await fetchAs(member, `/pman/emf/media/${emf}/R1/small`);
    expect(small.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await small.text()).toContain('Private photo');

    const bought = await member.form<BuyMediaAnswer>(MailApi.buyPrivatePhotoVideo, {
      emf_id: emf,
      resource_id: 'R1',
    });
    expect(bought.body.data).toMatchObject({
      paid_with: 'credits',
      media: { type: 2, status: 1, origin_img: origin('R1') },
    });
    const whole = await fetchAs(member, origin('R1'));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/webp');
    expect(isWebp(Buffer.from(await whole.arrayBuffer()))).toBe(true);
    const part = await fetchAs(member, origin('R1'), { range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${kept?.size}`);

    // Another member never gets it; the broadcaster who sent it does.
    const james = await server.loginAs('M1001');
    expect((await fetchAs(james, origin('R1'))).status).toBe(404);
    expect((await fetchAs(lady, origin('R1'))).status).toBe(200);
    if (s3) expect(s3.signed).toContain(`PUT /glimmer-test/mail-media/${emf}/R1`);
  });

  it('a greeting mail’s free photo shows at once; the same picture twice is refused, nothing sent', async () => {
    await setBalances('M1003', 0, 0);
    const picture = png(kind === 'local' ? 51 : 52);
    const one = await post<LadyPhotoUploadAnswer>(lady, MAIL_LADY_PHOTO_UPLOAD_PATH, picture);
    const same = await post<LadyPhotoUploadAnswer>(lady, MAIL_LADY_PHOTO_UPLOAD_PATH, picture);
    const other = await post<LadyPhotoUploadAnswer>(lady, MAIL_LADY_PHOTO_UPLOAD_PATH, png(53));
    const before = await member.call<{ num: number }>(MailApi.getLoiUnreadNum);
    for (const media of [
      `photo-free:${one.data.photo_id},photo-private:${same.data.photo_id}`,
      `photo-free:${one.data.photo_id},photo-free:${one.data.photo_id}`,
    ]) {
      const twice = await lady.form(MailApi.ladySendMail, {
        man_id: 'M1003',
        kind: 'loi',
        content: 'Hi',
        media,
      });
      expect(twice.body).toMatchObject({
        errno: MailErrno.DUPLICATE_PHOTO,
        errmsg: 'already attached this photo',
      });
    }
    expect((await member.call<{ num: number }>(MailApi.getLoiUnreadNum)).num).toBe(before.num);
    // A video's id is not a photo's, and another broadcaster's upload is not hers.
    const video = await post<VideoUploadAnswer>(lady, MAIL_VIDEO_UPLOAD_PATH, WEBM);
    const wrongKind = await lady.form(MailApi.ladySendMail, {
      man_id: 'M1003',
      content: 'Hi',
      media: `photo-free:${video.data.video_id}`,
    });
    expect(wrongKind.body.errno).toBe(Errno.INVALID_PARAMS);
    const otherLady = await server.loginAs('A2002');
    const notHers = await otherLady.form(MailApi.ladySendMail, {
      man_id: 'M1003',
      content: 'Hi',
      media: `photo-free:${other.data.photo_id}`,
    });
    expect(notHers.body.errno).toBe(Errno.NOT_FOUND);

    // The refused sends copied nothing away: the same uploads go out in one greeting mail.
    const { emf_id } = await lady.call<{ emf_id: string }>(MailApi.ladySendMail, {
      man_id: 'M1003',
      kind: 'loi',
      content: 'A greeting with a picture',
      media: `photo-free:${one.data.photo_id},photo-private:${other.data.photo_id}`,
    });
    const detail = await member.call<MailDetail>(MailApi.getLoiDetail, { emf_id });
    expect(detail.media.map((m) => m.status)).toEqual([1, 0]);
    const shown = await fetchAs(member, detail.media[0]?.origin_img ?? '');
    expect(isWebp(Buffer.from(await shown.arrayBuffer()))).toBe(true);
    expect((await fetchAs(member, `/pman/emf/media/${emf_id}/R2/origin`)).status).toBe(404);
    // No credits, no stamps: the private one stays locked.
    const short = await member.form(MailApi.buyPrivatePhotoVideo, { emf_id, resource_id: 'R2' });
    expect(short.body.errno).toBe(17214);
    expect((await fetchAs(member, `/pman/emf/media/${emf_id}/R2/origin`)).status).toBe(404);
  });

  if (kind === 's3') {
    it('is refused by the store with a wrong secret (the signature is really checked)', async () => {
      const config = s3?.config;
      if (!config) throw new Error('no S3');
      const wrong = new S3FileStore({ ...config, secretAccessKey: 'not-the-secret' });
      await expect(wrong.put('probe/one', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
        status: 403,
        code: 'SignatureDoesNotMatch',
      });
      await expect(wrong.exists('probe/one')).rejects.toBeInstanceOf(S3Error);
      expect(s3?.refused.length).toBe(2);
      // The right one works, and a missing key is just missing.
      const right = new S3FileStore(config);
      await right.put('probe/one', Buffer.from('hello'), 'text/plain');
      expect(await right.exists('probe/one')).toEqual({ size: 5, contentType: 'text/plain' });
      await right.delete('probe/one');
      expect(await right.exists('probe/one')).toBeUndefined();
      expect(await right.get('probe/one')).toBeUndefined();
    });
  }
});
