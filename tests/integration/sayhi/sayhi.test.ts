/**
 * Say Hi: isCanSendSayHi and sendSayHi answer every code of the dialog (17404, 17405, 17407, 17408,
 * our 17406 and 10010), a send uses one Say Hi allowance and no credit and tells the member's tabs
 * the new counts, the broadcaster answers once, reading the response is free and marks it read, and
 * a demo broadcaster answers by herself. Runs on PGlite, or PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { EventRoute } from '../../../protocol/realtime';
import {
  type CanSendSayHi,
  SAY_HI_MAX_WAITING,
  SAY_HI_RESPONSE_EVENT,
  SayHiApi,
  SayHiErrno,
  type SayHiItem,
  type SayHiListData,
  type SendSayHiAnswer,
} from '../../../protocol/sayhi/sayhi';
import type { MoneyData } from '../../../protocol/types';
import type { CouponNumChangeNotice } from '../../../protocol/vouchers/vouchers';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
let james: Client;
let socket: TestSocket;

const DAY = 86_400_000;
const grant = (userid: string, n: number, tag: string) =>
  server.services.vouchers.grant(
    userid,
    Array.from({ length: n }, (_, i) => ({
      voucherId: `T-${tag}-${i}`,
      kind: 'say_hi' as const,
      expiresAt: new Date(Date.now() + DAY),
    })),
  );

const send = (client: Client, anchorId: string, greeting = 0, theme = 0) =>
  client.form<SendSayHiAnswer>(SayHiApi.sendSayHi, { anchor_id: anchorId, greeting, theme });
const canSend = (client: Client, anchorId: string) =>
  client.form<CanSendSayHi>(SayHiApi.isCanSendSayHi, { anchor_id: anchorId });
const list = (client: Client, type: 'all' | 'wait' | 'data' = 'all') =>
  client.call<SayHiListData>(SayHiApi.getSayHiList, { type });
const credit = async (client: Client) => (await client.call<MoneyData>('/pman/emf/api/getAllMoney')).credit;

beforeAll(async () => {
  // Demo broadcasters (A2007 is one) answer after 300 ms; the others only answer by hand.
  server = await startServer({ config: { sayHiAutoReplyMs: 300 } });
  james = await server.loginAs('M1001');
  socket = await server.socketFor(james);
});
afterAll(async () => {
  socket?.close();
  await server?.close();
});

describe('isCanSendSayHi and sending', () => {
  it('answers the broadcaster and the allowance, then a send uses one allowance and no credit', async () => {
    const profile = () =>
      james.call<{ anchor_info: { sayhi_sent: number } }>('/share/v1/getUserInfo', { userid: 'A2001' });
    expect((await profile()).anchor_info.sayhi_sent).toBe(0);
    const can = await canSend(james, 'A2001');
    expect(can.body).toMatchObject({
      errno: 0,
      data: { anchor_id: 'A2001', nickname: 'Olena', left_say_hi_num: 2 },
    });
    const before = await credit(james);
    const sent = await send(james, 'A2001', 1, 2);
    expect(sent.body.errno).toBe(0);
    expect(sent.body.data.left_say_hi_num).toBe(1);
    expect(await credit(james)).toBe(before);
    // Every tab hears the new count (imMan/couponNumChangeNotice).
    const notice = await socket.waitFor(
      (m) =>
        m.route === EventRoute.couponNumChange &&
        (m.req_data as CouponNumChangeNotice | undefined)?.left_say_hi_num === 1,
    );
    expect(notice).toBeTruthy();
    const all = await list(james);
    expect(all.list[0]).toMatchObject({
      sayid: sent.body.data.sayid,
      anchor_id: 'A2001',
      anchor_nickname: 'Olena',
      greeting: 1,
      theme: 2,
      has_response: 0,
    });
    expect(all.wait_num).toBe(1);
    const me = await james.call<{ fansi_info: { used_sayhi: number } }>('/nx/api/User/getUserInfo');
    expect(me.fansi_info.used_sayhi).toBe(1);
    // Her profile now says he has sent her one.
    expect((await profile()).anchor_info.sayhi_sent).toBe(1);
  });

  it('17404: one Say Hi per broadcaster, with her name in the message', async () => {
    for (const answer of [await canSend(james, 'A2001'), await send(james, 'A2001')]) {
      expect(answer.body.errno).toBe(SayHiErrno.ALREADY_SENT);
      expect(answer.body.errmsg).toBe('You have already sent a Say Hi to Olena.');
    }
  });

  it('17405: a suspended broadcaster cannot receive one', async () => {
    await server.db.query('UPDATE anchors SET account_status = 3 WHERE userid = $1', ['A2010']);
    const answer = await canSend(james, 'A2010');
    expect(answer.body.errno).toBe(SayHiErrno.ANCHOR_UNAVAILABLE);
    expect(answer.body.errmsg).toMatch(/is not receiving Say Hi at the moment\.$/);
    expect((await send(james, 'A2010')).body.errno).toBe(SayHiErrno.ANCHOR_UNAVAILABLE);
  });

  it('17406: no allowance left, and nothing is recorded', async () => {
    const daniel = await server.loginAs('M1002');
    expect((await canSend(daniel, 'A2001')).body.errno).toBe(SayHiErrno.NO_ALLOWANCE);
    expect((await send(daniel, 'A2001')).body.errno).toBe(SayHiErrno.NO_ALLOWANCE);
    expect((await list(daniel)).total).toBe(0);
  });

  it('10010 without the say_hi privilege; unknown ids and broadcasters calling are refused', async () => {
    await server.db.query(`UPDATE members SET priv = priv || '{"say_hi": 0}'::jsonb WHERE userid = 'M1004'`);
    await grant('M1004', 1, 'm1004');
    const m1004 = await server.loginAs('M1004');
    expect((await canSend(m1004, 'A2001')).body.errno).toBe(Errno.NO_PRIVILEGE);
    expect((await canSend(james, 'A9999')).body.errno).toBe(Errno.NOT_FOUND);
    const lady = await server.loginAs('A2002');
    expect((await canSend(lady, 'A2001')).body.errno).not.toBe(0);
    expect((await canSend(james, '')).body.errno).toBe(Errno.INVALID_PARAMS);
  });

  it('17407: at most SAY_HI_MAX_WAITING waiting for a reply', async () => {
    await grant('M1003', SAY_HI_MAX_WAITING + 2, 'm1003');
    const michael = await server.loginAs('M1003');
    for (let i = 0; i < SAY_HI_MAX_WAITING; i++) {
      expect((await send(michael, `A20${11 + i}`)).body.errno).toBe(0);
    }
    const refused = await send(michael, 'A2020');
    expect(refused.body.errno).toBe(SayHiErrno.TOO_MANY_WAITING);
    expect(refused.body.errmsg).toBe(
      `You have ${SAY_HI_MAX_WAITING} Say Hi waiting for a reply. Please wait for a reply before sending more.`,
    );
    expect((await list(michael, 'wait')).total).toBe(SAY_HI_MAX_WAITING);
  });

  it('two sends racing to the same broadcaster: one lands, one allowance is used', async () => {
    await grant('M1005', 2, 'm1005');
    const william = await server.loginAs('M1005');
    const answers = await Promise.all([send(william, 'A2002'), send(william, 'A2002')]);
    expect(answers.map((a) => a.body.errno).sort()).toEqual([0, SayHiErrno.ALREADY_SENT]);
    const can = await canSend(william, 'A2003');
    expect(can.body.data.left_say_hi_num).toBe(1);
  });
});

describe('responses', () => {
  it('the broadcaster answers once; 17408 until the member reads it; reading is free and marks it read', async () => {
    const sayid = (await list(james)).list.find((s) => s.anchor_id === 'A2001')?.sayid as string;
    const olena = await server.loginAs('A2001');
    const inbox = await olena.call<{ list: { sayid: string; man_id: string; has_response: number }[] }>(
      SayHiApi.ladySayHiList,
    );
    expect(inbox.list).toContainEqual(expect.objectContaining({ sayid, man_id: 'M1001', has_response: 0 }));
    await olena.call(SayHiApi.ladyRespondSayHi, { sayid, response: 'Hi James <b>!</b>' });
    expect((await olena.form(SayHiApi.ladyRespondSayHi, { sayid, response: 'again' })).body.errno).toBe(
      Errno.REQUEST_CLOSED,
    );
    await socket.waitFor(
      (m) =>
        m.route === SAY_HI_RESPONSE_EVENT && (m.req_data as { sayid?: string } | undefined)?.sayid === sayid,
    );

    const unread = await list(james, 'data');
    expect(unread.unread_num).toBe(1);
    expect(unread.list[0]).toMatchObject({ sayid, has_response: 1, is_read: 0 });
    const refused = await canSend(james, 'A2004');
    expect(refused.body.errno).toBe(SayHiErrno.UNREAD_RESPONSES);
    expect(refused.body.errmsg).toBe(
      'You have Say Hi responses you have not read yet. Please read them first.',
    );

    const before = await credit(james);
    const detail = await james.call<SayHiItem>(SayHiApi.getSayHiDetail, { sayid });
    // The text is stored as typed (the page shows it as text, never as HTML).
    expect(detail).toMatchObject({ sayid, response: 'Hi James <b>!</b>', has_response: 1, is_read: 1 });
    expect(await credit(james)).toBe(before);
    expect((await list(james)).unread_num).toBe(0);
    expect((await canSend(james, 'A2004')).body.errno).toBe(0);
  });

  it("another member's Say Hi is not found", async () => {
    const sayid = (await list(james)).list[0]?.sayid as string;
    const michael = await server.loginAs('M1003');
    expect((await michael.form(SayHiApi.getSayHiDetail, { sayid })).body.errno).toBe(Errno.NOT_FOUND);
    const other = await server.loginAs('A2002');
    expect((await other.form(SayHiApi.ladyRespondSayHi, { sayid, response: 'x' })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
  });

  it('a demo broadcaster answers by herself after the configured delay', async () => {
    const sent = await send(james, 'A2007');
    expect(sent.body.errno).toBe(0);
    const { sayid } = sent.body.data;
    await socket.waitFor(
      (m) =>
        m.route === SAY_HI_RESPONSE_EVENT && (m.req_data as { sayid?: string } | undefined)?.sayid === sayid,
      10_000,
    );
    const answered = (await list(james, 'data')).list.find((s) => s.sayid === sayid);
    expect(answered?.response).toContain('James');
    // A demo answer whose timer was lost (a restart) is given when the member looks.
    await server.db.query(
      `INSERT INTO say_hi (say_id, member_id, anchor_id, greeting, theme, sent_at)
       VALUES ('SHlost1', 'M1002', 'A2024', 0, 0, now() - interval '1 hour')`,
    );
    const daniel = await server.loginAs('M1002');
    expect((await list(daniel, 'data')).list).toEqual([
      expect.objectContaining({ sayid: 'SHlost1', has_response: 1, is_read: 0 }),
    ]);
    // Broadcasters who are not demo ones never answer by themselves (M1003's still wait).
    const michael = await server.loginAs('M1003');
    expect((await list(michael, 'wait')).total).toBe(SAY_HI_MAX_WAITING);
  });
});
