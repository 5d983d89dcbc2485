/**
 * Premium videos through the real HTTP API: the spec's fields on every list, interest marks that are
 * idempotent, buying once through the ledger (20 concurrent buys charge once; short of credits or
 * without the premium_video privilege nothing changes), the file served with byte ranges only to a
 * buyer or its broadcaster, her uploads checked by content, and her videos closed to other
 * broadcasters. Runs on PGlite, or PostgreSQL with DATABASE_URL.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { MailErrno, MailMessages, VIDEO_MAX_BYTES, VideoMessages } from '../../../protocol/mail/mail';
import {
  type BuyVideoAnswer,
  type InterestedAnswer,
  type LadyVideoListData,
  PremiumVideoApi as P,
  PREMIUM_COVER_UPLOAD_PATH,
  PREMIUM_VIDEO_LEDGER_REASON,
  PREMIUM_VIDEO_PRICE,
  PREMIUM_VIDEO_UPLOAD_PATH,
  PremiumErrno,
  PremiumMessages,
  type PremiumUploadAnswer,
  type PremiumVideoDetailData,
  type PremiumVideoListData,
} from '../../../protocol/premium-videos/premium-videos';
import { type Client, startServer, type TestServer } from '../harness';
import { png as realPng } from '../images';

const WEBM = await readFile(new URL('../../fixtures/clip.webm', import.meta.url));
const DEMO = await readFile(new URL('../../../server/media/demo-video.webm', import.meta.url));
const cookie = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

type Answer<T> = { errno: number; errmsg: string; data: T };
async function upload<T>(c: Client, path: string, body: Buffer): Promise<Answer<T>> {
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
const png = (salt: number, width = 640, height = 360) => realPng(salt, width, height);

describe('premium videos', () => {
  let server: TestServer;
  let lady: Client;
  let otherLady: Client;
  let member: Client;
  const credit = async (userid: string) =>
    Number(
      (
        await server.db.query<{ c: unknown }>('SELECT credit AS c FROM members WHERE userid = $1', [userid])
      )[0]?.c,
    );
  const ledgerRows = (userid: string, videoId: string) =>
    server.db.query('SELECT delta FROM ledger WHERE user_id = $1 AND reason = $2 AND ref = $3', [
      userid,
      PREMIUM_VIDEO_LEDGER_REASON,
      videoId,
    ]);

  beforeAll(async () => {
    server = await startServer();
    lady = await server.loginAs('A2001');
    otherLady = await server.loginAs('A2002');
    member = await server.loginAs('M1003');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("anchorVideoList answers her videos with the spec's fields, newest first", async () => {
    const { list, total } = await member.call<PremiumVideoListData>(P.anchorVideoList, {
      anchor_id: 'A2001',
    });
    expect(total).toBeGreaterThanOrEqual(6);
    expect(list).toHaveLength(total);
    const first = list[0];
    expect(first).toMatchObject({
      anchor_id: 'A2001',
      anchor_nickname: expect.any(String),
      anchor_age: expect.any(Number),
      anchor_avatar_img: '/media/portrait/A2001.svg',
      online_status: 2,
      is_interested: 0,
      is_bought: 0,
      video_url: '',
      price: PREMIUM_VIDEO_PRICE / 100,
      duration: 4,
    });
    for (const key of ['video_id', 'title', 'description', 'cover_url_png', 'cover_url_gif']) {
      expect(first).toHaveProperty(key, expect.any(String));
    }
    const created = list.map((v) => v.created);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    // The cover is public to members; the file is not.
    const cover = await fetchAs(member, first?.cover_url_png ?? '');
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toContain('image/svg+xml');
    expect((await fetchAs(member, `/pman/premiumVideo/play/${first?.video_id}`)).status).toBe(404);
    expect((await fetchAs(server.client(), first?.cover_url_png ?? '')).status).toBe(404);
  });

  it('videoList pages every listed video; bad input and unknown ids answer clearly', async () => {
    const page = await member.call<PremiumVideoListData>(P.videoList, { start: 0, step: 5 });
    expect(page.list).toHaveLength(5);
    expect(page.total).toBeGreaterThan(50);
    const next = await member.call<PremiumVideoListData>(P.videoList, { start: 5, step: 5 });
    expect(next.list[0]?.video_id).not.toBe(page.list[0]?.video_id);
    expect((await member.form(P.videoDetail, { video_id: 'PVnothing' })).body).toMatchObject({
      errno: PremiumErrno.NOT_FOUND,
      errmsg: PremiumMessages.notFound,
    });
    expect((await member.form(P.videoDetail, { video_id: '../x' })).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await member.form(P.videoList, { step: 500 })).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await lady.form(P.videoList, {})).body.errno).toBe(Errno.FORBIDDEN);
    expect((await member.form(P.ladyVideoList, {})).body.errno).toBe(Errno.FORBIDDEN);
    expect((await server.client().form(P.videoList, {})).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  });

  it('addInterested and deleteInterested are idempotent and show in every answer', async () => {
    const id = 'PV200102';
    for (let i = 0; i < 2; i++) {
      expect(await member.call<InterestedAnswer>(P.addInterested, { video_id: id })).toEqual({
        video_id: id,
        is_interested: 1,
      });
    }
    const detail = await member.call<PremiumVideoDetailData>(P.videoDetail, { video_id: id });
    expect(detail.video.is_interested).toBe(1);
    const mine = await member.call<PremiumVideoListData>(P.myVideoList, {});
    expect(mine.list.map((v) => v.video_id)).toEqual([id]);
    const hers = await member.call<PremiumVideoListData>(P.anchorVideoList, { anchor_id: 'A2001' });
    expect(hers.list.find((v) => v.video_id === id)?.is_interested).toBe(1);
    // Another member's marks are his own.
    const other = await server.loginAs('M1005');
    expect(
      (await other.call<PremiumVideoDetailData>(P.videoDetail, { video_id: id })).video.is_interested,
    ).toBe(0);
    for (let i = 0; i < 2; i++) {
      expect((await member.call<InterestedAnswer>(P.deleteInterested, { video_id: id })).is_interested).toBe(
        0,
      );
    }
    expect((await member.call<PremiumVideoListData>(P.myVideoList, {})).total).toBe(0);
    expect((await member.form(P.addInterested, { video_id: 'PVnothing' })).body.errno).toBe(
      PremiumErrno.NOT_FOUND,
    );
  });

  it('20 concurrent purchases move credits once; all answer success, one of them charged', async () => {
    const buyer = await server.sessionOf('M1005');
    const id = 'PV200103';
    const before = await credit('M1005');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buyer.form<BuyVideoAnswer>(P.buyVideo, { video_id: id })),
    );
    expect(answers.map((a) => a.body.errno)).toEqual(Array(20).fill(0));
    expect(answers.filter((a) => a.body.data.charged === 1)).toHaveLength(1);
    for (const a of answers) {
      expect(a.body.data.video).toMatchObject({ is_bought: 1, video_url: `/pman/premiumVideo/play/${id}` });
    }
    expect(await credit('M1005')).toBe(before - PREMIUM_VIDEO_PRICE);
    expect(await ledgerRows('M1005', id)).toEqual([{ delta: -PREMIUM_VIDEO_PRICE }]);
    // Later: still unlocked, nothing more taken.
    const again = await buyer.call<BuyVideoAnswer>(P.buyVideo, { video_id: id });
    expect(again).toMatchObject({ charged: 0, credit: (before - PREMIUM_VIDEO_PRICE) / 100 });
    expect(await credit('M1005')).toBe(before - PREMIUM_VIDEO_PRICE);
  });

  it('the file streams with byte ranges to a buyer and to her, and to nobody else', async () => {
    const buyer = await server.sessionOf('M1005');
    const path = '/pman/premiumVideo/play/PV200103';
    const whole = await fetchAs(buyer, path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(DEMO)).toBe(true);
    const part = await fetchAs(buyer, path, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${DEMO.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(DEMO.subarray(100, 200))).toBe(true);
    const past = await fetchAs(buyer, path, { range: `bytes=${DEMO.length + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${DEMO.length}`);
    expect((await fetchAs(member, path)).status).toBe(404);
    expect((await fetchAs(otherLady, path)).status).toBe(404);
    expect((await fetchAs(server.client(), path)).status).toBe(404);
    expect((await fetchAs(lady, path, { range: 'bytes=0-9' })).status).toBe(206);
  });

  it('short of credits: 10025 and nothing changes', async () => {
    await server.db.query('UPDATE members SET credit = 100 WHERE userid = $1', ['M1007']);
    const poor = await server.loginAs('M1007');
    const answer = await poor.form(P.buyVideo, { video_id: 'PV200104' });
    expect(answer.body).toMatchObject({ errno: PremiumErrno.NO_CREDIT, errmsg: PremiumMessages.noCredit });
    expect(await credit('M1007')).toBe(100);
    expect(await ledgerRows('M1007', 'PV200104')).toEqual([]);
    const detail = await poor.call<PremiumVideoDetailData>(P.videoDetail, { video_id: 'PV200104' });
    expect(detail.video).toMatchObject({ is_bought: 0, video_url: '' });
  });

  it('without the premium_video privilege buying is refused and nothing changes', async () => {
    await server.db.query('UPDATE members SET credit = 5000 WHERE userid = $1', ['M1004']);
    const noPriv = await server.loginAs('M1004');
    // He may still browse.
    expect(
      (await noPriv.call<PremiumVideoListData>(P.anchorVideoList, { anchor_id: 'A2001' })).total,
    ).toBeGreaterThan(0);
    expect((await noPriv.form(P.buyVideo, { video_id: 'PV200104' })).body).toMatchObject({
      errno: PremiumErrno.NO_PRIVILEGE,
      errmsg: PremiumMessages.noPrivilege,
    });
    expect(await credit('M1004')).toBe(5000);
    expect(await ledgerRows('M1004', 'PV200104')).toEqual([]);
  });

  it('her uploads are checked by content and size; members cannot upload', async () => {
    const text = Buffer.from('this is not a video, only a renamed text file');
    expect(await upload(lady, PREMIUM_VIDEO_UPLOAD_PATH, text)).toMatchObject({
      errno: MailErrno.BAD_FORMAT,
      errmsg: VideoMessages.badFormat,
    });
    const big = Buffer.concat([WEBM, Buffer.alloc(VIDEO_MAX_BYTES - WEBM.length)]);
    expect(await upload(lady, PREMIUM_VIDEO_UPLOAD_PATH, big)).toMatchObject({
      errno: MailErrno.TOO_LARGE,
      errmsg: VideoMessages.tooLarge,
    });
    expect(await upload(lady, PREMIUM_COVER_UPLOAD_PATH, png(1, 100, 100))).toMatchObject({
      errno: MailErrno.BAD_DIMENSIONS,
      errmsg: MailMessages.badDimensions,
    });
    expect((await upload(lady, PREMIUM_COVER_UPLOAD_PATH, WEBM)).errno).toBe(MailErrno.BAD_FORMAT);
    expect((await upload(member, PREMIUM_VIDEO_UPLOAD_PATH, WEBM)).errno).toBe(Errno.FORBIDDEN);
  });

  it('she uploads, lists, edits and deletes; other broadcasters cannot touch it; buyers keep it', async () => {
    const video = await upload<PremiumUploadAnswer>(lady, PREMIUM_VIDEO_UPLOAD_PATH, WEBM);
    expect(video.data).toMatchObject({ mime: 'video/webm', bytes: WEBM.length });
    const cover = await upload<PremiumUploadAnswer>(lady, PREMIUM_COVER_UPLOAD_PATH, png(2));
    expect(cover.errno).toBe(0);
    const files = { video_file_id: video.data.file_id, cover_file_id: cover.data.file_id, duration: 2 };
    // Another broadcaster cannot list her files; a missing title is refused.
    expect((await otherLady.form(P.ladyAddVideo, { ...files, title: 'Mine' })).body.errno).toBe(
      PremiumErrno.BAD_FILE,
    );
    expect((await lady.form(P.ladyAddVideo, { ...files, title: '  ' })).body.errno).toBe(
      PremiumErrno.BAD_TITLE,
    );
    const added = await lady.call<PremiumVideoDetailData>(P.ladyAddVideo, {
      ...files,
      title: 'Evening <b>song</b>',
      description: 'Just for you',
    });
    const id = added.video.video_id;
    expect(added.video).toMatchObject({ title: 'Evening <b>song</b>', duration: 2, anchor_id: 'A2001' });
    // Each file lists one video only.
    expect((await lady.form(P.ladyAddVideo, { ...files, title: 'Again' })).body.errno).toBe(
      PremiumErrno.BAD_FILE,
    );
    const hers = await member.call<PremiumVideoListData>(P.anchorVideoList, { anchor_id: 'A2001' });
    expect(hers.list[0]?.video_id).toBe(id);
    // Her own upload plays for her, from the store, with ranges; its cover is the picture she sent.
    const own = await fetchAs(lady, `/pman/premiumVideo/play/${id}`, { range: 'bytes=0-15' });
    expect(own.status).toBe(206);
    expect(own.headers.get('content-range')).toBe(`bytes 0-15/${WEBM.length}`);
    expect((await fetchAs(member, added.video.cover_url_png)).headers.get('content-type')).toBe('image/webp');

    // Other broadcasters cannot edit or delete it.
    expect((await otherLady.form(P.ladyEditVideo, { video_id: id, title: 'Taken' })).body.errno).toBe(
      PremiumErrno.NOT_FOUND,
    );
    expect((await otherLady.form(P.ladyDeleteVideo, { video_id: id })).body.errno).toBe(
      PremiumErrno.NOT_FOUND,
    );
    const edited = await lady.call<PremiumVideoDetailData>(P.ladyEditVideo, {
      video_id: id,
      title: 'Evening song',
    });
    expect(edited.video.title).toBe('Evening song');

    // A member buys it; her list counts it.
    await member.call(P.addInterested, { video_id: id });
    await member.call<BuyVideoAnswer>(P.buyVideo, { video_id: id });
    const own2 = await lady.call<LadyVideoListData>(P.ladyVideoList, {});
    expect(own2.list.find((v) => v.video_id === id)).toMatchObject({ interest_count: 1, purchase_count: 1 });

    // Deleted: gone for everyone else, kept by its buyer.
    expect(await lady.call(P.ladyDeleteVideo, { video_id: id })).toEqual({ video_id: id, buyers: 1 });
    expect((await lady.form(P.ladyDeleteVideo, { video_id: id })).body.errno).toBe(PremiumErrno.NOT_FOUND);
    const other = await server.sessionOf('M1005');
    expect((await other.form(P.videoDetail, { video_id: id })).body.errno).toBe(PremiumErrno.NOT_FOUND);
    expect((await other.form(P.buyVideo, { video_id: id })).body.errno).toBe(PremiumErrno.NOT_FOUND);
    const list = await member.call<PremiumVideoListData>(P.anchorVideoList, { anchor_id: 'A2001' });
    expect(list.list.some((v) => v.video_id === id)).toBe(false);
    const kept = await member.call<PremiumVideoDetailData>(P.videoDetail, { video_id: id });
    expect(kept.video).toMatchObject({ is_bought: 1, is_deleted: 1 });
    expect((await fetchAs(member, `/pman/premiumVideo/play/${id}`)).status).toBe(200);
    const mine = await member.call<PremiumVideoListData>(P.myVideoList, {});
    expect(mine.list.some((v) => v.video_id === id)).toBe(true);
    expect(
      (await lady.call<LadyVideoListData>(P.ladyVideoList, {})).list.some((v) => v.video_id === id),
    ).toBe(false);
  });
});
