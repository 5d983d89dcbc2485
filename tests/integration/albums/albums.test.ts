/**
 * Her album through the real HTTP API: getAnchorAlbum's fields, pages of 6 and total_count, My
 * Videos by type, the Intimacy rule on private items and on their files (M1002 at level 1 with A2001
 * is locked out, M1001 at level 2 is let in, she sees her own, another broadcaster does not), her
 * uploads checked by content, size and dimensions, adding, editing and deleting only her own, the
 * members' interest, and bad input answered with an errno, never a 5xx.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALBUM_PAGE_SIZE,
  AlbumErrno,
  type AlbumItem,
  AlbumMessages,
  type AlbumUploadAnswer,
  type AnchorAlbum,
} from '../../../protocol/albums/albums';
import { PrivateMediaTexts } from '../../../protocol/albums/private-media';
import { Errno } from '../../../protocol/errors';
import { MailErrno, MailMessages, PHOTO_MAX_BYTES, VideoMessages } from '../../../protocol/mail/mail';
import { Api } from '../../../protocol/paths';
import { type Client, startServer, type TestServer } from '../harness';
import { png as realPng } from '../images';

const WEBM = await readFile(new URL('../../../server/media/demo-video.webm', import.meta.url));

type Envelope<T> = { errno: number; errmsg: string; data: T };
const cookie = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function upload<T = AlbumUploadAnswer>(c: Client, path: string, body: Buffer): Promise<Envelope<T>> {
  const response = await fetch(c.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie: cookie(c) },
    body: new Uint8Array(body),
  });
  expect(response.status).toBeLessThan(500);
  return (await response.json()) as Envelope<T>;
}

const fetchAs = (c: Client, path: string, headers: Record<string, string> = {}) =>
  fetch(`${c.base}${path}`, { headers: { cookie: cookie(c), ...headers } });

/** A real PNG (the server decodes every photo); `salt` makes two differ. */
const png = (salt: number, width = 400, height = 300) => realPng(salt, width, height);

let server: TestServer;
let lady: Client;
let otherLady: Client;
/** Level 2 with A2001 (seed/messages.ts). */
let near: Client;
/** Level 1 with A2001. */
let far: Client;

const album = (c: Client, fields: Record<string, string | number>) =>
  c.call<AnchorAlbum>(Api.getAnchorAlbum, { userid: 'A2001', start: 0, step: ALBUM_PAGE_SIZE, ...fields });

beforeAll(async () => {
  server = await startServer();
  lady = await server.loginAs('A2001');
  otherLady = await server.loginAs('A2002');
  near = await server.loginAs('M1001');
  far = await server.loginAs('M1002');
});
afterAll(async () => {
  await server?.close();
});

describe('getAnchorAlbum', () => {
  it('answers her photos 6 a page with total_count, newest first, with the spec fields', async () => {
    const first = await album(far, { type: 1 });
    expect(first.total_count).toBe(9);
    expect(first.list).toHaveLength(6);
    for (const item of first.list) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'add_time',
          'file_desc',
          'id',
          'img',
          'interest',
          'is_can_watch',
          'is_interested',
          'is_private',
          'type',
          'video_url',
        ].sort(),
      );
      expect(item.type).toBe(1);
      expect(item.file_desc).not.toBe('');
    }
    const times = first.list.map((i) => i.add_time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await album(far, { type: 1, start: 6 });
    expect(second.total_count).toBe(9);
    expect(second.list).toHaveLength(3);
    const ids = [...first.list, ...second.list].map((i) => i.id);
    expect(new Set(ids).size).toBe(9);
    expect((await album(far, { type: 1, start: 9 })).list).toEqual([]);
  });

  it('answers only her videos for My Videos (type 2), each with a clip; no type is the whole album', async () => {
    const videos = await album(far, { type: 2 });
    expect(videos.total_count).toBe(2);
    expect(videos.list.every((v) => v.type === 2)).toBe(true);
    const open = videos.list.find((v) => v.is_private === 0) as AlbumItem;
    expect(open.video_url).toMatch(/\/video$/);
    const whole = await far.call<AnchorAlbum>(Api.getAnchorAlbum, { userid: 'A2001', start: 0, step: 6 });
    expect(whole.total_count).toBe(11);
  });

  it('locks her private items below Intimacy Level 2: no picture, no clip, their files 404', async () => {
    const photos = (await album(far, { type: 1 })).list;
    const locked = photos.find((p) => p.is_private === 1) as AlbumItem;
    expect(locked).toMatchObject({ is_can_watch: 0, video_url: '' });
    expect(locked.img).toMatch(/\/locked$/);
    const preview = await fetchAs(far, locked.img);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toContain('image/svg+xml');
    expect((await fetchAs(far, locked.img.replace(/locked$/, 'img'))).status).toBe(404);
    const privateVideo = (await album(far, { type: 2 })).list.find((v) => v.is_private === 1) as AlbumItem;
    expect(privateVideo).toMatchObject({ is_can_watch: 0, video_url: '' });
    expect((await fetchAs(far, `/share/album/media/${privateVideo.id}/video`)).status).toBe(404);
    // Public items open for him, and nothing opens without a session.
    const open = photos.find((p) => p.is_private === 0) as AlbumItem;
    expect(open.is_can_watch).toBe(1);
    expect((await fetchAs(far, open.img)).status).toBe(200);
    expect((await fetch(`${far.base}${open.img}`)).status).toBe(404);
    // Liking what he cannot see names the rule.
    const like = await far.form(Api.addAlbumInterested, { id: locked.id });
    expect(like.body).toMatchObject({
      errno: Errno.NO_PRIVILEGE,
      errmsg: PrivateMediaTexts.intimacy('Olena'),
    });
  });

  it('opens them at Intimacy Level 2, for her, and not for another broadcaster', async () => {
    const locked = (await album(far, { type: 2 })).list.find((v) => v.is_private === 1) as AlbumItem;
    const seen = (await album(near, { type: 2 })).list.find((v) => v.id === locked.id) as AlbumItem;
    expect(seen).toMatchObject({ is_can_watch: 1, is_private: 1 });
    const clip = await fetchAs(near, seen.video_url, { range: 'bytes=0-99' });
    expect(clip.status).toBe(206);
    expect(clip.headers.get('content-range')).toBe(`bytes 0-99/${WEBM.length}`);
    expect(clip.headers.get('accept-ranges')).toBe('bytes');
    expect((await fetchAs(near, seen.img)).status).toBe(200);
    const own = await lady.call<AnchorAlbum>(Api.ladyAlbumList, { type: 0 });
    expect(own.total_count).toBe(11);
    expect(own.list.every((i) => i.is_can_watch === 1)).toBe(true);
    const other = (await album(otherLady, { type: 2 })).list.find((v) => v.id === locked.id);
    expect(other).toMatchObject({ is_can_watch: 0 });
    expect((await fetchAs(otherLady, seen.video_url)).status).toBe(404);
  });

  it('counts members’ interest, once each, and takes it back', async () => {
    const item = (await album(near, { type: 1 })).list[0] as AlbumItem;
    const on = await near.call<{ interest: number; is_interested: number }>(Api.addAlbumInterested, {
      id: item.id,
    });
    expect(on).toEqual({ interest: item.interest + 1, is_interested: 1 });
    await near.call(Api.addAlbumInterested, { id: item.id });
    const again = (await album(near, { type: 1 })).list[0] as AlbumItem;
    expect(again).toMatchObject({ interest: item.interest + 1, is_interested: 1 });
    expect((await album(far, { type: 1 })).list[0]).toMatchObject({ is_interested: 0 });
    const off = await near.call(Api.deleteAlbumInterested, { id: item.id });
    expect(off).toEqual({ interest: item.interest, is_interested: 0 });
    expect((await lady.form(Api.addAlbumInterested, { id: item.id })).body.errno).toBe(Errno.FORBIDDEN);
  });

  it('answers bad input with an errno and changes nothing', async () => {
    const bad: Record<string, string | number>[] = [
      { userid: '' },
      { userid: 'A2001', step: 0 },
      { userid: 'A2001', type: 9 },
      { userid: "A'1" },
    ];
    for (const fields of bad) {
      const answer = await far.form(Api.getAnchorAlbum, fields);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.errno).toBe(Errno.INVALID_PARAMS);
    }
    expect((await far.form(Api.getAnchorAlbum, { userid: 'A9999' })).body.errno).toBe(Errno.NOT_FOUND);
    expect((await server.client().form(Api.getAnchorAlbum, { userid: 'A2001' })).body.errno).toBe(
      Errno.LOGIN_TIMEOUT,
    );
    expect((await far.form(Api.addAlbumInterested, { id: 'nope' })).body.errno).toBe(Errno.NOT_FOUND);
    for (const path of [
      '/share/album/media/x/img',
      '/share/album/media/%00/img',
      '/share/album/media/AL2001P1/zzz',
    ]) {
      expect((await fetchAs(far, path)).status).toBe(404);
    }
  });
});

describe('her uploads', () => {
  it('refuses files by content, size and dimensions with the mail codes and texts', async () => {
    const text = await upload(
      lady,
      Api.ladyUploadAlbumPhoto,
      Buffer.from('just text, named photo.png\n'.repeat(10)),
    );
    expect(text).toMatchObject({ errno: MailErrno.BAD_FORMAT, errmsg: MailMessages.badFormat });
    const small = await upload(lady, Api.ladyUploadAlbumPhoto, png(1, 100, 100));
    expect(small).toMatchObject({ errno: MailErrno.BAD_DIMENSIONS, errmsg: MailMessages.badDimensions });
    const big = await upload(
      lady,
      Api.ladyUploadAlbumPhoto,
      Buffer.concat([png(2), Buffer.alloc(PHOTO_MAX_BYTES)]),
    );
    expect(big).toMatchObject({ errno: MailErrno.TOO_LARGE, errmsg: MailMessages.tooLarge });
    const notVideo = await upload(lady, Api.ladyUploadAlbumVideo, png(3));
    expect(notVideo).toMatchObject({ errno: MailErrno.BAD_FORMAT, errmsg: VideoMessages.badFormat });
    expect((await upload(far, Api.ladyUploadAlbumPhoto, png(4))).errno).toBe(Errno.FORBIDDEN);
    expect((await upload(server.client(), Api.ladyUploadAlbumPhoto, png(4))).errno).toBe(Errno.LOGIN_TIMEOUT);
    expect((await lady.call<AnchorAlbum>(Api.ladyAlbumList, {})).total_count).toBe(11);
  });

  it('adds a private photo members below level 2 see locked, and its file with byte ranges for those who may', async () => {
    const photo = png(5, 640, 480);
    const up = await upload(lady, Api.ladyUploadAlbumPhoto, photo);
    expect(up.data).toMatchObject({ mime: 'image/png', bytes: photo.length, width: 640, height: 480 });
    const item = await lady.call<AlbumItem>(Api.ladyAddAlbumItem, {
      upload_id: up.data.upload_id,
      file_desc: '  By the lake <b>today</b>  ',
      is_private: 1,
    });
    expect(item).toMatchObject({
      type: 1,
      is_private: 1,
      is_can_watch: 1,
      file_desc: 'By the lake <b>today</b>',
    });
    // The same upload cannot be added twice.
    const twice = await lady.form(Api.ladyAddAlbumItem, { upload_id: up.data.upload_id });
    expect(twice.body).toMatchObject({ errno: AlbumErrno.UPLOAD_GONE, errmsg: AlbumMessages.uploadGone });
    const newest = (await album(far, { type: 1 })).list[0] as AlbumItem;
    expect(newest).toMatchObject({ id: item.id, is_can_watch: 0 });
    expect((await fetchAs(far, item.img)).status).toBe(404);
    const file = await fetchAs(near, item.img, { range: 'bytes=0-7' });
    expect(file.status).toBe(206);
    // Re-encoded: a WebP, not the bytes she sent.
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('RIFF');
    // She makes it public: now he sees it.
    await lady.call(Api.ladyEditAlbumItem, { id: item.id, is_private: 0 });
    expect((await album(far, { type: 1 })).list[0]).toMatchObject({ id: item.id, is_can_watch: 1 });
    expect((await fetchAs(far, item.img)).status).toBe(200);
  });

  it('adds a video only with its cover picture', async () => {
    const video = await upload(lady, Api.ladyUploadAlbumVideo, WEBM);
    expect(video.data).toMatchObject({ mime: 'video/webm', bytes: WEBM.length });
    const noCover = await lady.form(Api.ladyAddAlbumItem, { upload_id: video.data.upload_id });
    expect(noCover.body).toMatchObject({ errno: AlbumErrno.COVER_NEEDED, errmsg: AlbumMessages.coverNeeded });
    // Refused, the video upload is still hers to add.
    const cover = await upload(lady, Api.ladyUploadAlbumPhoto, png(6));
    const item = await lady.call<AlbumItem>(Api.ladyAddAlbumItem, {
      upload_id: video.data.upload_id,
      cover_id: cover.data.upload_id,
      file_desc: 'Waves',
    });
    expect(item).toMatchObject({ type: 2, is_private: 0, file_desc: 'Waves' });
    const videos = await album(far, { type: 2 });
    expect(videos.total_count).toBe(3);
    expect(videos.list[0]?.id).toBe(item.id);
    const clip = await fetchAs(far, item.video_url, { range: `bytes=100-` });
    expect(clip.status).toBe(206);
    expect(clip.headers.get('content-type')).toBe('video/webm');
    expect((await fetchAs(far, item.img)).headers.get('content-type')).toBe('image/webp');
  });

  it('edits and deletes only her own items', async () => {
    const [item] = (await lady.call<AnchorAlbum>(Api.ladyAlbumList, { type: 1 })).list as AlbumItem[];
    if (!item) throw new Error('no item');
    const theirs = await otherLady.form(Api.ladyEditAlbumItem, { id: item.id, file_desc: 'mine now' });
    expect(theirs.body.errno).toBe(Errno.NOT_FOUND);
    expect((await otherLady.form(Api.ladyDeleteAlbumItem, { id: item.id })).body.errno).toBe(Errno.NOT_FOUND);
    expect((await far.form(Api.ladyDeleteAlbumItem, { id: item.id })).body.errno).toBe(Errno.FORBIDDEN);
    const edited = await lady.call<AlbumItem>(Api.ladyEditAlbumItem, { id: item.id, file_desc: 'Renamed' });
    expect(edited).toMatchObject({ id: item.id, file_desc: 'Renamed', is_private: item.is_private });
    const tooLong = await lady.form(Api.ladyEditAlbumItem, { id: item.id, file_desc: 'x'.repeat(201) });
    expect(tooLong.body.errno).toBe(Errno.INVALID_PARAMS);
    expect(await lady.call(Api.ladyDeleteAlbumItem, { id: item.id })).toEqual({ id: item.id });
    expect((await lady.form(Api.ladyDeleteAlbumItem, { id: item.id })).body.errno).toBe(Errno.NOT_FOUND);
    expect((await fetchAs(lady, item.img)).status).toBe(404);
    expect((await album(far, { type: 1 })).list.some((i) => i.id === item.id)).toBe(false);
  });
});
