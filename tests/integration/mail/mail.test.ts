/**
 * Mail: inbox, outbox and greeting mail with unread counts and the socket notices; reading
 * a paid mail (stamps first, else credits, else the prompt code; a double click pays once); every
 * buyPrivatePhotoVideo code 17213..17222 and its price; no paid file served before payment; compose
 * validation with the spec's texts; photo uploads checked by content; stamp packs and histories.
 * Runs on PGlite, or PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuyMediaAnswer,
  MAIL_UPLOAD_PATH,
  MailApi,
  type MailDetail,
  MailErrno,
  MailEvent,
  type MailList,
  MailMessages,
  type MailNotice,
  MediaErrno,
  type ReadAnswer,
  type StampHistory,
  type StampPack,
  type UnreadNum,
  type UploadAnswer,
} from '../../../protocol/mail/mail';
import type { MoneyData } from '../../../protocol/types';
import { type Client, startServer, type TestServer } from '../harness';
import { png as realPng } from '../images';

let server: TestServer;

const money = (c: Client) => c.call<MoneyData>('/pman/emf/api/getAllMoney');
/** Sets a member's balances directly (credit in hundredths) for the code matrix. */
const setBalances = (userid: string, credit: number, poststamp: number) =>
  server.db.query('UPDATE members SET credit = $2, poststamp = $3 WHERE userid = $1', [
    userid,
    credit,
    poststamp,
  ]);
const buy = (c: Client, emf_id: string, resource_id: string, click_type = 0) =>
  c.form<BuyMediaAnswer>(MailApi.buyPrivatePhotoVideo, { emf_id, resource_id, click_type });
const ladyMail = (
  anchorId: string,
  manId: string,
  media: { type: 'photo' | 'video'; is_free: boolean; describe: string }[] = [],
  kind: 'emf' | 'loi' = 'emf',
  sentAt?: Date,
) => server.services.mailHost.send(anchorId, { manId, kind, content: 'A letter for you', media }, sentAt);

/** A real PNG of the given size (the server decodes it); `salt` makes two differ; `extra` bytes after it. */
const png = (width: number, height: number, salt = 0, extra = 0): Buffer =>
  Buffer.concat([realPng(salt, width, height), Buffer.alloc(extra)]);

async function upload(c: Client, body: Buffer) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(c.url(MAIL_UPLOAD_PATH), {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie },
    body: new Uint8Array(body),
  });
  return (await response.json()) as { errno: number; errmsg: string; data: UploadAnswer };
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

describe('inbox, outbox, greeting mail and unread counts', () => {
  it('shows the seeded inbox with paid mail locked, greeting mail free, and counts unread', async () => {
    const michael = await server.loginAs('M1003');
    const inbox = await michael.call<MailList>(MailApi.getInboxList);
    expect(inbox.total).toBe(3);
    expect(inbox.list.every((m) => m.direction === 'in' && m.need_pay === 1 && m.preview === '')).toBe(true);
    expect((await michael.call<UnreadNum>(MailApi.getEmfUnreadNum)).num).toBe(3);
    expect((await michael.call<UnreadNum>(MailApi.getLoiUnreadNum)).num).toBe(2);
    const detail = await michael.call<MailDetail>(MailApi.getEmfDetail, { emf_id: 'EMF-M1003-1' });
    expect(detail.content).toBe('');
    expect(detail.media).toEqual([]);

    const lois = await michael.call<MailList>(MailApi.getLoiList);
    expect(lois.total).toBe(2);
    const loi = await michael.call<MailDetail>(MailApi.getLoiDetail, { emf_id: 'LOI-M1003-4' });
    expect(loi.content).toContain('Michael');
    expect(loi.media[0]).toMatchObject({ status: 1, is_free: 1, type: 2 });
    expect((await michael.call<UnreadNum>(MailApi.getLoiUnreadNum)).num).toBe(1);
    // Greeting mail is free: nothing moved.
    expect(await money(michael)).toEqual({ credit: 50, poststamp: 3 });
  });

  it('shows M1001 his sent mail in the outbox', async () => {
    const james = await server.loginAs('M1001');
    const outbox = await james.call<MailList>(MailApi.getOutboxList);
    expect(outbox.list.map((m) => m.emf_id)).toEqual(['EMF-M1001-6']);
    expect(outbox.list[0]?.direction).toBe('out');
  });

  it('a broadcaster’s mail raises the member’s unread count at once, with the socket notice', async () => {
    const robert = await server.loginAs('M1004');
    const socket = await server.socketFor(robert);
    try {
      const before = (await robert.call<UnreadNum>(MailApi.getEmfUnreadNum)).num;
      const lady = await server.loginAs('A2010');
      const sent = await lady.json<{ emf_id: string }>(MailApi.ladySendMail, {
        man_id: 'M1004',
        kind: 'emf',
        content: 'Thinking of you',
        media: 'photo-private',
      });
      expect(sent.body.errno).toBe(0);
      const notice = await socket.waitFor((m) => m.route === MailEvent.emfNotice);
      expect(notice.req_data).toMatchObject({
        emf_id: sent.body.data.emf_id,
        anchor_id: 'A2010',
        num: before + 1,
      } satisfies Partial<MailNotice>);
      expect((await robert.call<UnreadNum>(MailApi.getEmfUnreadNum)).num).toBe(before + 1);

      await lady.json(MailApi.ladySendMail, { man_id: 'M1004', kind: 'loi', content: 'Hello there' });
      const loiNotice = await socket.waitFor((m) => m.route === MailEvent.loiNotice);
      expect((loiNotice.req_data as MailNotice).num).toBe(3);
      // Blank mail from the workspace is refused with the spec's text.
      const blank = await lady.json(MailApi.ladySendMail, { man_id: 'M1004', content: '   ' });
      expect(blank.body).toMatchObject({ errno: MailErrno.BLANK, errmsg: 'the content can not be blank' });
    } finally {
      socket.close();
    }
  });
});

describe('reading a paid mail', () => {
  it('pays 1 stamp when there are stamps, once for a double click, and tells the tabs', async () => {
    await setBalances('M1005', 10_000, 2);
    const william = await server.loginAs('M1005');
    const socket = await server.socketFor(william);
    try {
      const [a, b] = await Promise.all([
        william.form<ReadAnswer>(MailApi.readEmf, { emf_id: 'EMF-M1005-1' }),
        william.form<ReadAnswer>(MailApi.readEmf, { emf_id: 'EMF-M1005-1' }),
      ]);
      expect([a.body.errno, b.body.errno]).toEqual([0, 0]);
      expect([a.body.data.paid_with, b.body.data.paid_with].sort()).toEqual(['none', 'stamps']);
      expect(a.body.data.mail.content).toContain('William');
      expect(a.body.data.mail.media).toHaveLength(3);
      expect(await money(william)).toEqual({ credit: 100, poststamp: 1 });
      const notice = await socket.waitFor((m) => m.route === MailEvent.poststamp);
      expect(notice.req_data).toEqual({ poststamp: 1 });
      const history = await william.call<{ list: StampHistory[] }>(MailApi.getStampHistories);
      expect(history.list.filter((h) => h.reason === 'mail_read')).toHaveLength(1);
      // Opening it again is free.
      const again = await william.call<MailDetail>(MailApi.getEmfDetail, { emf_id: 'EMF-M1005-1' });
      expect(again.content).toContain('William');
      expect(await money(william)).toEqual({ credit: 100, poststamp: 1 });
    } finally {
      socket.close();
    }
  });

  it('pays 0.8 credit when no stamps are left, and answers the prompt code with neither', async () => {
    await setBalances('M1005', 90, 0);
    const william = await server.loginAs('M1005');
    const read = await william.call<ReadAnswer>(MailApi.readEmf, { emf_id: 'EMF-M1005-2' });
    expect(read.paid_with).toBe('credits');
    expect(await money(william)).toEqual({ credit: 0.1, poststamp: 0 });
    const refused = await william.form(MailApi.readEmf, { emf_id: 'EMF-M1005-3' });
    expect(refused.body).toMatchObject({ errno: MailErrno.NO_MONEY_READ, errmsg: MailMessages.noMoneyRead });
    expect(await money(william)).toEqual({ credit: 0.1, poststamp: 0 });
  });

  it('never opens another member’s mail', async () => {
    const james = await server.loginAs('M1001');
    const answer = await james.form(MailApi.readEmf, { emf_id: 'EMF-M1005-3' });
    expect(answer.body.errno).toBe(10007);
  });
});

describe('buyPrivatePhotoVideo', () => {
  let michael: Client;
  let emfId: string;
  let oldId: string;

  beforeAll(async () => {
    michael = await server.loginAs('M1003');
    const media = [
      { type: 'photo' as const, is_free: false, describe: 'p' },
      { type: 'video' as const, is_free: false, describe: 'v' },
      { type: 'photo' as const, is_free: true, describe: 'f' },
    ];
    emfId = (await ladyMail('A2011', 'M1003', media, 'loi')).emf_id;
    const old = new Date(Date.now() - 40 * 86_400_000);
    oldId = (await ladyMail('A2011', 'M1003', media, 'loi', old)).emf_id;
  });

  it('answers every shortfall code for photos (17213..17216) and videos (17218..17221)', async () => {
    const cases: [credit: number, stamps: number, click: number, resource: string, code: number][] = [
      [500, 0, 1, 'R1', MediaErrno.VIEW_NO_STAMPS_HAS_CREDITS],
      [0, 0, 1, 'R1', MediaErrno.VIEW_NO_STAMPS_NO_CREDITS],
      [0, 5, 2, 'R1', MediaErrno.VIEW_NO_CREDITS_HAS_STAMPS],
      [0, 0, 2, 'R1', MediaErrno.VIEW_NO_CREDITS_NO_STAMPS],
      [0, 0, 0, 'R1', MediaErrno.VIEW_NO_STAMPS_NO_CREDITS],
      [500, 1, 1, 'R2', MediaErrno.PLAY_NO_STAMPS_HAS_CREDITS],
      [0, 1, 1, 'R2', MediaErrno.PLAY_NO_STAMPS_NO_CREDITS],
      [159, 5, 2, 'R2', MediaErrno.PLAY_NO_CREDITS_HAS_STAMPS],
      [159, 1, 2, 'R2', MediaErrno.PLAY_NO_CREDITS_NO_STAMPS],
      [159, 1, 0, 'R2', MediaErrno.PLAY_NO_STAMPS_NO_CREDITS],
    ];
    for (const [credit, stamps, click, resource, code] of cases) {
      await setBalances('M1003', credit, stamps);
      const answer = await buy(michael, emfId, resource, click);
      expect(answer.body.errno, `${credit}/${stamps}/${click}/${resource}`).toBe(code);
      expect(answer.body.errmsg).not.toBe('');
      expect(await money(michael)).toEqual({ credit: credit / 100, poststamp: stamps });
    }
  });

  it('answers 17217 and 17222 for expired photos and videos', async () => {
    await setBalances('M1003', 5000, 10);
    expect((await buy(michael, oldId, 'R1')).body.errno).toBe(MediaErrno.VIEW_EXPIRED);
    expect((await buy(michael, oldId, 'R2')).body.errno).toBe(MediaErrno.PLAY_EXPIRED);
    const detail = await michael.call<MailDetail>(MailApi.getLoiDetail, { emf_id: oldId });
    expect(detail.media.map((m) => m.status)).toEqual([2, 2, 1]);
    expect(await money(michael)).toEqual({ credit: 50, poststamp: 10 });
  });

  it('serves no paid file before payment, then a photo for 1 stamp (once for a double click)', async () => {
    await setBalances('M1003', 5000, 1);
    const locked = await michael.call<MailDetail>(MailApi.getLoiDetail, { emf_id: emfId });
    expect(locked.media[0]).toMatchObject({ status: 0, origin_img: '', video_url: '' });
    const origin = `/pman/emf/media/${emfId}/R1/origin`;
    expect((await michael.get(origin)).status).toBe(404);
    expect((await michael.get(`/pman/emf/media/${emfId}/R2/video`)).status).toBe(404);
    expect((await michael.get(`/pman/emf/media/${emfId}/R1/small`)).status).toBe(200);
    expect((await michael.get(`/pman/emf/media/${emfId}/R3/origin`)).status).toBe(200);

    const [a, b] = await Promise.all([buy(michael, emfId, 'R1'), buy(michael, emfId, 'R1')]);
    expect([a.body.errno, b.body.errno]).toEqual([0, 0]);
    expect([a.body.data.paid_with, b.body.data.paid_with].sort()).toEqual(['none', 'stamps']);
    expect(a.body.data.media).toMatchObject({ status: 1, origin_img: origin });
    expect(await money(michael)).toEqual({ credit: 50, poststamp: 0 });
    expect((await michael.get(origin)).status).toBe(200);
    // Another member never gets it.
    const james = await server.loginAs('M1001');
    expect((await james.get(origin)).status).toBe(404);
  });

  it('plays a video for 1.6 credits once the stamps ran out', async () => {
    const answer = await buy(michael, emfId, 'R2');
    expect(answer.body.data).toMatchObject({ paid_with: 'credits', credit: 48.4, poststamp: 0 });
    expect(answer.body.data.media.video_url).toBe(`/pman/emf/media/${emfId}/R2/video`);
    expect((await michael.get(`/pman/emf/media/${emfId}/R2/video`)).status).toBe(200);
    // Bought for good: asking again charges nothing.
    expect((await buy(michael, emfId, 'R2')).body.data.paid_with).toBe('none');
    expect(await money(michael)).toEqual({ credit: 48.4, poststamp: 0 });
  });

  it('prices a video at 2 stamps', async () => {
    const robert = await server.loginAs('M1004');
    await setBalances('M1004', 0, 2);
    const { emf_id } = await ladyMail(
      'A2012',
      'M1004',
      [{ type: 'video', is_free: false, describe: '' }],
      'loi',
    );
    expect((await buy(robert, emf_id, 'R1')).body.data.paid_with).toBe('stamps');
    expect(await money(robert)).toEqual({ credit: 0, poststamp: 0 });
  });
});

describe('composing a mail', () => {
  let james: Client;
  beforeAll(async () => {
    james = await server.loginAs('M1002');
    await setBalances('M1002', 1000, 3);
  });

  it('answers the spec’s texts for no broadcaster, blank content and an unavailable broadcaster', async () => {
    const send = (fields: Record<string, string>) => james.form(MailApi.sendEmf, { key: 'k1', ...fields });
    expect((await send({ anchor_id: '', content: 'hi' })).body).toMatchObject({
      errno: MailErrno.NO_ANCHOR,
      errmsg: 'Please choose the broadcaster',
    });
    expect((await send({ anchor_id: 'A2001', content: ' \n ' })).body).toMatchObject({
      errno: MailErrno.BLANK,
      errmsg: 'the content can not be blank',
    });
    expect((await send({ anchor_id: 'A2064', content: 'hi' })).body).toMatchObject({
      errno: MailErrno.ANCHOR_UNAVAILABLE,
      errmsg: 'This broadcaster is not available for receiving mail',
    });
    expect(await money(james)).toEqual({ credit: 10, poststamp: 3 });
  });

  it('checks uploads by content: format, size under 5 MB, 120 to 3600 px', async () => {
    const gif = await upload(james, Buffer.from('not an image at all, just text pretending'));
    expect(gif).toMatchObject({
      errno: MailErrno.BAD_FORMAT,
      errmsg: 'Upload failed – unaccepted file format',
    });
    expect(await upload(james, png(120, 500))).toMatchObject({
      errno: MailErrno.BAD_DIMENSIONS,
      errmsg: 'image size 120-3600px',
    });
    expect((await upload(james, png(500, 3600))).errno).toBe(MailErrno.BAD_DIMENSIONS);
    expect((await upload(james, png(121, 3599))).errno).toBe(0);
    const big = await upload(james, png(800, 600, 1, 5 * 1024 * 1024));
    expect(big).toMatchObject({ errno: MailErrno.TOO_LARGE, errmsg: 'file size must less than 5M' });
    const huge = await upload(james, png(800, 600, 1, 9 * 1024 * 1024));
    expect(huge.errno).toBe(MailErrno.TOO_LARGE);
  });

  it('refuses the same photo twice, then sends with two photos: 3 stamps, once for a double click', async () => {
    const one = await upload(james, png(800, 600, 1));
    const same = await upload(james, png(800, 600, 1));
    const two = await upload(james, png(640, 480, 2));
    const dup = await james.form(MailApi.sendEmf, {
      anchor_id: 'A2001',
      content: 'hello',
      photo_ids: `${one.data.photo_id},${same.data.photo_id}`,
      key: 'dup',
    });
    expect(dup.body).toMatchObject({
      errno: MailErrno.DUPLICATE_PHOTO,
      errmsg: 'already attached this photo',
    });

    const fields = {
      anchor_id: 'A2001',
      content: '  Hello from Daniel  ',
      photo_ids: `${one.data.photo_id},${two.data.photo_id}`,
      key: 'send-1',
    };
    const [a, b] = await Promise.all([
      james.form(MailApi.sendEmf, fields),
      james.form(MailApi.sendEmf, fields),
    ]);
    expect([a.body.errno, b.body.errno]).toEqual([0, 0]);
    expect((a.body.data as { emf_id: string }).emf_id).toBe((b.body.data as { emf_id: string }).emf_id);
    expect(await money(james)).toEqual({ credit: 10, poststamp: 0 });
    const outbox = await james.call<MailList>(MailApi.getOutboxList);
    expect(outbox.list[0]).toMatchObject({ media_num: 2, preview: 'Hello from Daniel' });
    const detail = await james.call<MailDetail>(MailApi.getEmfDetail, {
      emf_id: outbox.list[0]?.emf_id ?? '',
    });
    expect(detail.photos).toHaveLength(2);
    expect((await james.get(detail.photos[0] ?? '')).status).toBe(200);
    // The broadcaster sees it (and its photos); another member does not.
    const lady = await server.loginAs('A2001');
    const ladyList = await lady.call<{ list: { emf_id: string; from_member: number; photos: string[] }[] }>(
      MailApi.ladyMailList,
    );
    const seen = ladyList.list.find((m) => m.emf_id === detail.emf_id);
    expect(seen).toMatchObject({ from_member: 1, photos: detail.photos });
    // She answers it; an answer naming another's mail is refused.
    const answer = await lady.form(MailApi.ladySendMail, {
      man_id: 'M1002',
      content: 'Thank you!',
      reply_to: detail.emf_id,
    });
    expect(answer.body.errno).toBe(0);
    const wrong = await lady.form(MailApi.ladySendMail, {
      man_id: 'M1001',
      content: 'Hi',
      reply_to: detail.emf_id,
    });
    expect(wrong.body.errno).toBe(10007);
    const inbox = await james.call<MailList>(MailApi.getInboxList);
    expect(inbox.list[0]).toMatchObject({ anchor_id: 'A2001', need_pay: 1 });
    expect((await lady.get(detail.photos[0] ?? '')).status).toBe(200);
    expect((await (await server.loginAs('M1001')).get(detail.photos[0] ?? '')).status).toBe(404);

    // Next send: no stamps, so 0.8 credit; then neither is enough.
    const next = await james.form(MailApi.sendEmf, { anchor_id: 'A2002', content: 'Hi', key: 'send-2' });
    expect(next.body.errno).toBe(0);
    expect(await money(james)).toEqual({ credit: 9.2, poststamp: 0 });
    await setBalances('M1002', 50, 0);
    const poor = await james.form(MailApi.sendEmf, { anchor_id: 'A2002', content: 'Hi', key: 'send-3' });
    expect(poor.body).toMatchObject({ errno: MailErrno.NO_MONEY_SEND });
    expect(await money(james)).toEqual({ credit: 0.5, poststamp: 0 });
  });
});

describe('post stamps', () => {
  it('lists the packs and buys one with credits, once per key, with a history', async () => {
    const robert = await server.loginAs('M1004');
    await setBalances('M1004', 1000, 0);
    const { list } = await robert.call<{ list: StampPack[] }>(MailApi.getPostStampsPriceList);
    expect(list.map((p) => [p.item_code, p.stamps, p.discount_price, p.original_price, p.save_desc])).toEqual(
      [
        ['PS10', 10, 6.4, 8, 'Save 20%'],
        ['PS25', 25, 14, 20, 'Save 30%'],
        ['PS50', 50, 20, 40, 'Save 50%'],
      ],
    );
    const [a, b] = await Promise.all([
      robert.form(MailApi.buyPostStamps, { item_code: 'PS10', key: 'buy-1' }),
      robert.form(MailApi.buyPostStamps, { item_code: 'PS10', key: 'buy-1' }),
    ]);
    expect([a.body.errno, b.body.errno]).toEqual([0, 0]);
    expect(await money(robert)).toEqual({ credit: 3.6, poststamp: 10 });
    const tooDear = await robert.form(MailApi.buyPostStamps, { item_code: 'PS25', key: 'buy-2' });
    expect(tooDear.body.errno).toBe(MailErrno.NO_CREDITS_STAMPS);
    expect(await money(robert)).toEqual({ credit: 3.6, poststamp: 10 });
    const history = await robert.call<{ list: StampHistory[] }>(MailApi.getStampHistories);
    expect(history.list[0]).toMatchObject({ delta: 10, balance_after: 10, reason: 'purchase', ref: 'PS10' });
  });
});
