/**
 * Her shots through the real HTTP API: getDynamic's fields (all her shots, her profile's four), the
 * Intimacy rule on private shots and on their files (M1002 at level 1 with A2001 is locked out,
 * M1001 at level 2 is let in), likes set and cancelled twice over, a comment on a shot (the 140 rule
 * with 10094, the shot kept with the message and shown in history, another broadcaster's shot
 * refused), her uploads checked by content, size and dimensions, posting, listing with like counts
 * and deleting only her own.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrivateMediaTexts } from '../../../protocol/albums/private-media';
import { Errno } from '../../../protocol/errors';
import { MailErrno, MailMessages, PHOTO_MAX_BYTES, VideoMessages } from '../../../protocol/mail/mail';
import {
  MessageApi,
  MessageErrno,
  type PrivateMessageHistoryData,
  type SendPrivateMessageAnswer,
} from '../../../protocol/messages/messages';
import { Api } from '../../../protocol/paths';
import {
  type DynamicList,
  DynamicListType,
  type LadyDynamicList,
  type LikeAnswer,
  type Shot,
  ShotMessages,
  type ShotUploadAnswer,
} from '../../../protocol/shots/shots';
import { type Client, startServer, type TestServer } from '../harness';
import { png as realPng } from '../images';

const WEBM = await readFile(new URL('../../../server/media/demo-video.webm', import.meta.url));

type Envelope<T> = { errno: number; errmsg: string; data: T };
const cookie = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function upload(c: Client, path: string, body: Buffer): Promise<Envelope<ShotUploadAnswer>> {
  const response = await fetch(c.url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie: cookie(c) },
    body: new Uint8Array(body),
  });
  expect(response.status).toBeLessThan(500);
  return (await response.json()) as Envelope<ShotUploadAnswer>;
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

const shots = async (c: Client, type: number = DynamicListType.all, anchor = 'A2001') =>
  (await c.call<DynamicList>(Api.getDynamic, { type, anchor_id: anchor })).list;
const comment = (c: Client, fields: Record<string, string | number>) =>
  c.form<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
    to_id: 'A2001',
    ...fields,
  });

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

describe('getDynamic', () => {
  it('answers her shots newest first with the spec fields', async () => {
    const list = await shots(far);
    expect(list).toHaveLength(6);
    for (const shot of list) {
      expect(Object.keys(shot)).toEqual(
        expect.arrayContaining([
          'id',
          'type',
          'img',
          'biger_img',
          'blurry',
          'video',
          'content',
          'file_desc',
          'is_can_watch',
          'is_private',
          'like_status',
          'is_show_profile',
          'bgNumber',
        ]),
      );
    }
    expect(list.map((s) => s.type)).toEqual([1, 1, 2, 3, 1, 1]);
    const ids = list.map((s) => s.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const text = list[3] as Shot;
    expect(text).toMatchObject({ img: '', video: '', is_can_watch: 1 });
    expect(text.content.length).toBeGreaterThan(0);
    expect(text.bgNumber).toBeGreaterThanOrEqual(1);
  });

  it('type 2 is her profile: only is_show_profile 1, at most 4', async () => {
    const profile = await shots(far, DynamicListType.profile);
    expect(profile).toHaveLength(4);
    expect(profile.every((s) => s.is_show_profile === 1)).toBe(true);
    expect(profile.map((s) => s.file_desc || s.content)).not.toContain('Coffee time');
  });

  it('locks a private shot below Intimacy Level 2 and opens it at 2, with its files', async () => {
    const locked = (await shots(far))[0] as Shot;
    expect(locked).toMatchObject({ is_private: 1, is_can_watch: 0, biger_img: '', video: '' });
    expect(locked.blurry).not.toBe('');
    expect(locked.img).toBe(locked.blurry);
    expect(locked.locked_text).toBe(PrivateMediaTexts.intimacy('Olena'));
    const open = (await shots(near))[0] as Shot;
    expect(open).toMatchObject({ id: locked.id, is_private: 1, is_can_watch: 1, blurry: '' });
    expect(open.biger_img).not.toBe('');

    // The files: 404 for him below level 2 (as mail's), served at 2 and to her; the blurred one to all.
    expect((await fetchAs(far, open.biger_img)).status).toBe(404);
    expect((await fetchAs(far, open.img)).status).toBe(404);
    expect((await fetchAs(far, locked.blurry)).status).toBe(200);
    expect((await fetchAs(near, open.biger_img)).status).toBe(200);
    expect((await fetchAs(lady, open.biger_img)).status).toBe(200);
    expect((await fetchAs(otherLady, open.biger_img)).status).toBe(404);
    expect((await fetch(`${far.base}${open.biger_img}`)).status).toBe(404);
  });

  it('serves a video with byte ranges', async () => {
    const video = (await shots(far)).find((s) => s.type === 2) as Shot;
    const part = await fetchAs(far, video.video, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('refuses an unknown broadcaster and bad input with an errno', async () => {
    expect((await far.form(Api.getDynamic, { anchor_id: 'A9999', type: 1 })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
    expect((await far.form(Api.getDynamic, { anchor_id: 'A2001', type: 7 })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    expect((await far.form(Api.getDynamic, {})).body.errno).toBe(Errno.INVALID_PARAMS);
  });
});

describe('setLike and cancelLike', () => {
  it('toggle like_status, twice over without harm, and count for her', async () => {
    const id = ((await shots(far))[1] as Shot).id;
    for (let i = 0; i < 2; i++) {
      expect(await far.call<LikeAnswer>(Api.setLike, { dynamic_id: id })).toEqual({
        dynamic_id: id,
        like_status: 1,
      });
    }
    expect(((await shots(far)).find((s) => s.id === id) as Shot).like_status).toBe(1);
    expect(((await shots(near)).find((s) => s.id === id) as Shot).like_status).toBe(0);
    const mine = await lady.call<LadyDynamicList>(Api.ladyDynamicList);
    expect(mine.list.find((s) => s.id === id)?.like_count).toBe(1);
    for (let i = 0; i < 2; i++) {
      expect(await far.call<LikeAnswer>(Api.cancelLike, { dynamic_id: id })).toEqual({
        dynamic_id: id,
        like_status: 0,
      });
    }
    expect(((await shots(far)).find((s) => s.id === id) as Shot).like_status).toBe(0);
  });

  it('refuse an unknown shot with a clear error, and broadcasters', async () => {
    const unknown = await far.form(Api.setLike, { dynamic_id: 999_999 });
    expect(unknown.body).toMatchObject({ errno: Errno.NOT_FOUND, errmsg: ShotMessages.notFound });
    expect((await far.form(Api.cancelLike, { dynamic_id: 'x' })).body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await lady.form(Api.setLike, { dynamic_id: 1 })).body.errno).toBe(Errno.FORBIDDEN);
  });
});

describe('a comment on a shot', () => {
  it('is at most 140 characters (10094), keeps its shot and shows it in history on both sides', async () => {
    const shot = (await shots(near))[1] as Shot;
    const long = await comment(near, { content: 'a'.repeat(141), dynamics_id: shot.id });
    expect(long.body).toMatchObject({
      errno: MessageErrno.TOO_LONG,
      errmsg: 'Message can not exceed 140 characters.',
    });
    // Without a shot the 240 rule stays.
    expect((await comment(near, { content: 'b'.repeat(141), msg_key: 'shots-plain-141' })).body.errno).toBe(
      0,
    );

    const sent = await comment(near, {
      content: 'c'.repeat(140),
      dynamics_id: shot.id,
      msg_key: 'shots-c140',
    });
    expect(sent.body.errno).toBe(0);
    expect(sent.body.data.msg).toMatchObject({
      dynamics_id: shot.id,
      dynamics_img: shot.img,
      dynamics_type: 1,
    });

    const his = await near.call<PrivateMessageHistoryData>(MessageApi.getPrivateMessageHistory, {
      to_id: 'A2001',
      start: 0,
      step: 20,
    });
    const item = his.list[0];
    expect(item).toMatchObject({
      id: sent.body.data.msg.msg_id,
      flag: 1,
      nick_name: 'James',
      content: 'c'.repeat(140),
      dynamics_id: shot.id,
      dynamics_img: shot.img,
      dynamics_type: 1,
      dynamics_content: shot.file_desc,
    });
    expect(item?.avatar_img).not.toBe('');
    expect(item).toHaveProperty('is_read');
    expect(item).toHaveProperty('add_time');
    // A plain message carries no shot.
    expect(his.list[1]).not.toHaveProperty('dynamics_id');
    const hers = await lady.call<PrivateMessageHistoryData>(MessageApi.getPrivateMessageHistory, {
      to_id: 'M1001',
      start: 0,
      step: 20,
    });
    expect(hers.list[0]).toMatchObject({
      flag: 2,
      nick_name: 'James',
      dynamics_id: shot.id,
      dynamics_img: shot.img,
    });
  });

  it('must be about a shot of hers', async () => {
    const hers = (await shots(near, 1, 'A2002'))[0] as Shot;
    const other = await comment(near, { content: 'Lovely', dynamics_id: hers.id });
    expect(other.body).toMatchObject({ errno: Errno.NOT_FOUND, errmsg: ShotMessages.notFound });
    expect((await comment(near, { content: 'Lovely', dynamics_id: 999_999 })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
    expect((await comment(near, { content: 'Lovely', dynamics_id: 'abc' })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    // Empty still answers 10003 first.
    expect((await comment(near, { content: '  ', dynamics_id: hers.id })).body.errno).toBe(
      MessageErrno.EMPTY,
    );
  });

  it('a private shot commented by a member below level 2 shows him its locked preview', async () => {
    const locked = (await shots(far))[0] as Shot;
    expect(
      (await comment(far, { content: 'So pretty', dynamics_id: locked.id, msg_key: 'shots-far-1' })).body
        .errno,
    ).toBe(0);
    const his = await far.call<PrivateMessageHistoryData>(MessageApi.getPrivateMessageHistory, {
      to_id: 'A2001',
    });
    expect(his.list[0]).toMatchObject({ dynamics_id: locked.id, dynamics_img: locked.blurry });
  });
});

describe('her shots', () => {
  it('refuses uploads by content, size and dimensions, and members', async () => {
    const text = await upload(
      lady,
      Api.ladyUploadDynamicPhoto,
      Buffer.from('not a picture at all, just words'),
    );
    expect(text).toMatchObject({ errno: MailErrno.BAD_FORMAT, errmsg: MailMessages.badFormat });
    const small = await upload(lady, Api.ladyUploadDynamicPhoto, png(1, 100, 100));
    expect(small).toMatchObject({ errno: MailErrno.BAD_DIMENSIONS, errmsg: MailMessages.badDimensions });
    const big = await upload(lady, Api.ladyUploadDynamicPhoto, Buffer.alloc(PHOTO_MAX_BYTES + 10, 1));
    expect(big).toMatchObject({ errno: MailErrno.TOO_LARGE, errmsg: MailMessages.tooLarge });
    const notVideo = await upload(lady, Api.ladyUploadDynamicVideo, png(2));
    expect(notVideo).toMatchObject({ errno: MailErrno.BAD_FORMAT, errmsg: VideoMessages.badFormat });
    expect((await upload(near, Api.ladyUploadDynamicPhoto, png(3))).errno).toBe(Errno.FORBIDDEN);
  });

  it('posts a photo, a video with its cover and a text shot; members see them; she deletes only her own', async () => {
    const photo = await upload(lady, Api.ladyUploadDynamicPhoto, png(4));
    expect(photo.errno).toBe(0);
    expect(photo.data).toMatchObject({ mime: 'image/png', width: 400, height: 300 });
    const posted = await lady.call<Shot>(Api.ladyAddDynamic, {
      type: 1,
      upload_id: photo.data.upload_id,
      content: 'New photo',
      is_private: 0,
      is_show_profile: 1,
    });
    expect(posted).toMatchObject({ type: 1, file_desc: 'New photo', is_show_profile: 1, is_private: 0 });
    // The same upload cannot make a video; a video needs its cover.
    const video = await upload(lady, Api.ladyUploadDynamicVideo, WEBM);
    expect(video.errno).toBe(0);
    const noCover = await lady.form(Api.ladyAddDynamic, { type: 2, upload_id: video.data.upload_id });
    expect(noCover.body).toMatchObject({ errno: Errno.INVALID_PARAMS, errmsg: ShotMessages.coverNeeded });
    const wrongKind = await lady.form(Api.ladyAddDynamic, {
      type: 2,
      upload_id: photo.data.upload_id,
      cover_id: photo.data.upload_id,
    });
    expect(wrongKind.body).toMatchObject({ errmsg: ShotMessages.uploadGone });
    const cover = await upload(lady, Api.ladyUploadDynamicPhoto, png(5));
    const clip = await lady.call<Shot>(Api.ladyAddDynamic, {
      type: 2,
      upload_id: video.data.upload_id,
      cover_id: cover.data.upload_id,
      content: 'New clip',
      is_private: 1,
      is_show_profile: 0,
    });
    expect(clip).toMatchObject({ type: 2, is_private: 1, is_show_profile: 0 });
    // Another broadcaster cannot use her upload.
    const stolen = await otherLady.form(Api.ladyAddDynamic, { type: 1, upload_id: photo.data.upload_id });
    expect(stolen.body.errmsg).toBe(ShotMessages.uploadGone);
    const emptyText = await lady.form(Api.ladyAddDynamic, { type: 3, content: '   ' });
    expect(emptyText.body).toMatchObject({ errno: Errno.INVALID_PARAMS, errmsg: ShotMessages.textNeeded });
    const words = await lady.call<Shot>(Api.ladyAddDynamic, { type: 3, content: 'Hello from the test' });

    const profile = await shots(far, DynamicListType.profile);
    expect(profile[0]?.content).toBe('Hello from the test');
    expect(profile[1]?.id).toBe(posted.id);
    const all = await shots(far);
    const farClip = all.find((s) => s.id === clip.id) as Shot;
    expect(farClip).toMatchObject({ is_can_watch: 0, video: '' });
    const nearClip = (await shots(near)).find((s) => s.id === clip.id) as Shot;
    const bytes = await fetchAs(near, nearClip.video, { range: 'bytes=0-3' });
    expect(bytes.status).toBe(206);
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(WEBM.subarray(0, 4));
    expect(
      (await fetchAs(far, (all.find((s) => s.id === posted.id) as Shot).biger_img)).headers.get(
        'content-type',
      ),
    ).toBe('image/webp');

    // Delete: only her own, once.
    const notHers = await otherLady.form(Api.ladyDeleteDynamic, { dynamic_id: words.id });
    expect(notHers.body).toMatchObject({ errno: Errno.NOT_FOUND, errmsg: ShotMessages.notFound });
    expect((await near.form(Api.ladyDeleteDynamic, { dynamic_id: words.id })).body.errno).toBe(
      Errno.FORBIDDEN,
    );
    for (const id of [words.id, clip.id, posted.id]) {
      expect((await lady.form(Api.ladyDeleteDynamic, { dynamic_id: id })).body.errno).toBe(0);
    }
    expect((await lady.form(Api.ladyDeleteDynamic, { dynamic_id: words.id })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
    expect((await fetchAs(near, nearClip.video)).status).toBe(404);
    expect((await shots(far)).map((s) => s.id)).not.toContain(posted.id);
  });
});
