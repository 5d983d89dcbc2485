/**
 * Private messages over HTTP and the socket: every errno of sendPrivateMessage (10003,
 * 10094, 10007, 16157, 10025, 16158, 16159, 16160), free then paid messages through the ledger,
 * a retried key that neither sends nor charges twice (also when the two arrive together), the
 * notice to both sides at once, unread counts and setPrivateMessageReaded, history paging by offset
 * and by key, Intimacy experience, contacts with paging and sorting, follows, and a robot's reply.
 * Runs on PGlite, and on PostgreSQL + Redis with DATABASE_URL and REDIS_URL set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  CONTACT_SORT,
  type ContactListData,
  FREE_PRIVATE_MESSAGES,
  INTIMACY_GAIN,
  MEMBER_UNANSWERED_MAX,
  MessageApi,
  MessageErrno,
  PRIVATE_MESSAGE_NOTICE_ROUTE,
  type PrivateMessageHistoryData,
  type PrivateMessageListData,
  type PrivateMessageNotice,
  type SendPrivateMessageAnswer,
  type SetReadedAnswer,
  type UserAnchorInfo,
} from '../../../protocol/messages/messages';
import { Api } from '../../../protocol/paths';
import { EventRoute } from '../../../protocol/realtime';
import type { MoneyData } from '../../../protocol/types';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  // Robots answer quickly here; only A2007 of the broadcasters used below is a robot.
  server = await startServer({ config: { robotReplies: { enabled: true, delayMs: 50 } } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const as = (userid: string): Promise<Client> => server.sessionOf(userid);
async function socketOf(userid: string): Promise<TestSocket> {
  const socket = await server.socketFor(await as(userid));
  sockets.push(socket);
  return socket;
}
const send = async (from: string, to: string, content: string, msgKey?: string) =>
  (
    await (
      await as(from)
    ).form<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
      to_id: to,
      content,
      ...(msgKey ? { msg_key: msgKey } : {}),
    })
  ).body;
const credit = async (userid: string) => (await (await as(userid)).call<MoneyData>(Api.getAllMoney)).credit;
let keySeq = 0;
const key = () => `test-key-${++keySeq}-${Date.now()}`;

describe('sendPrivateMessage errors', () => {
  it('10003: an empty or blank message is refused', async () => {
    for (const content of ['', '   ', '\n\t']) {
      expect(await send('M1005', 'A2001', content)).toMatchObject({ errno: MessageErrno.EMPTY, data: null });
    }
  });

  it('10094: over 240 characters, each emoticon counting 1', async () => {
    const long = await send('M1005', 'A2001', 'a'.repeat(241));
    expect(long).toMatchObject({ errno: 10094, errmsg: 'Message can not exceed 240 characters.' });
    const withEmoticon = await send('M1005', 'A2001', `${'a'.repeat(240)}[img:1]`);
    expect(withEmoticon.errno).toBe(10094);
    // 239 letters + one emoticon = 240: accepted, and stored exactly as typed.
    const exact = await send('M1005', 'A2001', `${'a'.repeat(239)}[img:1]`);
    expect(exact.errno).toBe(0);
    expect(exact.data.msg.content).toBe(`${'a'.repeat(239)}[img:1]`);
  });

  it('10007: an unknown recipient, or a member writing to a member', async () => {
    expect((await send('M1005', 'A9999', 'hi')).errno).toBe(Errno.NOT_FOUND);
    expect((await send('M1005', 'M1001', 'hi')).errno).toBe(Errno.NOT_FOUND);
    expect((await send('A2001', 'A2003', 'hi')).errno).toBe(Errno.NOT_FOUND);
  });

  it('16157: below Intimacy Level 1 with her', async () => {
    const answer = await send('M1001', 'A2002', 'Hello');
    expect(answer).toMatchObject({
      errno: 16157,
      errmsg:
        'You can only send private messages to viewers/broadcasters with whom you have an Intimacy Level of 1 or above.',
    });
    const info = await (await as('M1001')).call<UserAnchorInfo>(MessageApi.getUserAnchorInfo, {
      userid: 'M1001',
      anchor_id: 'A2002',
    });
    expect(info).toMatchObject({ intimacy: 0, intimacy_experience: 0 });
  });

  it('10025: no credit for a paid message; the free ones still go', async () => {
    for (let i = 0; i < FREE_PRIVATE_MESSAGES; i++) {
      expect((await send('M1004', 'A2001', `free ${i}`)).errno).toBe(0);
    }
    const paid = await send('M1004', 'A2001', 'one more');
    expect(paid).toMatchObject({ errno: 10025, errmsg: 'Please add credits to send private messages.' });
    const history = await (await as('M1004')).call<PrivateMessageHistoryData>(
      MessageApi.getPrivateMessageHistory,
      { to_id: 'A2001', start: 0, step: 20 },
    );
    expect(history.list.map((m) => m.content)).toEqual(['free 2', 'free 1', 'free 0']);
  });

  it('16158: ten messages in a row with no reply; her reply opens the way again', async () => {
    for (let i = 0; i < MEMBER_UNANSWERED_MAX; i++) {
      expect((await send('M1005', 'A2003', `note ${i}`)).errno).toBe(0);
    }
    expect(await send('M1005', 'A2003', 'again')).toMatchObject({
      errno: 16158,
      errmsg: 'Sorry, you cannot send a message until Valentina replies to you.',
    });
    expect((await send('A2003', 'M1005', 'Hi William!')).errno).toBe(0);
    expect((await send('M1005', 'A2003', 'Thanks for answering')).errno).toBe(0);
  });

  it('16159: a broadcaster writes three in a row with no reply from him', async () => {
    // After the test above the last word is his; she may write three.
    for (let i = 0; i < 3; i++) expect((await send('A2003', 'M1005', `reply ${i}`)).errno).toBe(0);
    expect(await send('A2003', 'M1005', 'are you there?')).toMatchObject({
      errno: 16159,
      errmsg: 'Sorry, you cannot send a message until William replies to you.',
    });
  });

  it('16160: a broadcaster may open with one message to a member who never wrote', async () => {
    expect((await send('A2001', 'M1002', 'Hello Daniel')).errno).toBe(0);
    expect(await send('A2001', 'M1002', 'Hello again')).toMatchObject({
      errno: 16160,
      errmsg: 'Sorry, you cannot send a message until Daniel replies to you.',
    });
    expect((await send('M1002', 'A2001', 'Hi Olena')).errno).toBe(0);
    expect((await send('A2001', 'M1002', 'Glad you wrote')).errno).toBe(0);
  });

  it('needs a login', async () => {
    const answer = await server
      .client()
      .form(MessageApi.sendPrivateMessage, { to_id: 'A2001', content: 'x' });
    expect(answer.body.errno).toBe(Errno.LOGIN_TIMEOUT);
  });
});

describe('free then paid, once per key', () => {
  it('the first 3 are free, then each costs 0.5 through the ledger, with a credit notice', async () => {
    const socket = await socketOf('M1003');
    expect(await credit('M1003')).toBe(50);
    const before = (
      await (await as('M1003')).call<UserAnchorInfo>(MessageApi.getUserAnchorInfo, { anchor_id: 'A2001' })
    ).intimacy_experience;
    for (let i = 1; i <= 3; i++) {
      const sent = await send('M1003', 'A2001', `free ${i}`);
      expect(sent.errno).toBe(0);
      expect(sent.data).toMatchObject({ credit: 50, free_left: 3 - i, msg: { charge: 0, from_id: 'M1003' } });
    }
    const paid = await send('M1003', 'A2001', 'paid 1', key());
    expect(paid.data).toMatchObject({ credit: 49.5, msg: { charge: 0.5 } });
    expect(await credit('M1003')).toBe(49.5);
    const notice = await socket.waitFor((m) => m.route === EventRoute.credit);
    expect(notice.req_data).toEqual({ credit: 49.5 });
    const rows = await server.db.query<{ delta: number; reason: string }>(
      `SELECT delta, reason FROM ledger WHERE user_id = 'M1003' AND reason = 'private_message'`,
    );
    expect(rows).toEqual([{ delta: -50, reason: 'private_message' }]);
    const after = await (await as('M1003')).call<UserAnchorInfo>(MessageApi.getUserAnchorInfo, {
      anchor_id: 'A2001',
    });
    expect(after.intimacy_experience).toBe(
      before + 3 * INTIMACY_GAIN.freeMessage + INTIMACY_GAIN.paidMessage,
    );
    expect(after).toMatchObject({ free_msg_left: 0, msg_credit: 0.5, intimacy: 1 });
    expect(after.intimacy_level_list[0]).toEqual({ level: 1, min: 1, max: 99 });
  });

  it('a retried key answers the first send: one message, one charge', async () => {
    const k = key();
    const first = await send('M1003', 'A2001', 'written offline', k);
    const again = await send('M1003', 'A2001', 'written offline', k);
    expect(first.errno).toBe(0);
    expect(again.errno).toBe(0);
    expect(again.data.msg.msg_id).toBe(first.data.msg.msg_id);
    expect(again.data.msg.msg_key).toBe(k);
    expect(again.data.credit).toBe(49);
    // Two at once with one key: still one.
    const k2 = key();
    const both = await Promise.all([
      send('M1003', 'A2001', 'twice at once', k2),
      send('M1003', 'A2001', 'twice at once', k2),
    ]);
    expect(both.map((b) => b.errno)).toEqual([0, 0]);
    expect(both[0]?.data.msg.msg_id).toBe(both[1]?.data.msg.msg_id);
    expect(await credit('M1003')).toBe(48.5);
    const [count] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM private_messages WHERE content = 'twice at once'`,
    );
    expect(count?.n).toBe(1);
  });

  it('the same key from two senders is two messages', async () => {
    const k = key();
    expect((await send('M1003', 'A2002', 'mine', k)).errno).toBe(0);
    expect((await send('M1005', 'A2001', 'his', k)).errno).toBe(0);
  });
});

describe('notices, unread and reading', () => {
  it('both sides hear of a message at once', async () => {
    const lady = await socketOf('A2001');
    const man = await socketOf('M1005');
    const sent = await send('M1005', 'A2001', 'Hello <b>Olena</b>');
    const toHer = await lady.waitFor(
      (m) =>
        m.route === PRIVATE_MESSAGE_NOTICE_ROUTE &&
        (m.req_data as PrivateMessageNotice).msg.msg_id === sent.data.msg.msg_id,
    );
    const notice = toHer.req_data as PrivateMessageNotice;
    expect(notice.msg).toMatchObject({ from_id: 'M1005', to_id: 'A2001', content: 'Hello <b>Olena</b>' });
    expect(notice.conversation).toMatchObject({
      user_id: 'M1005',
      nick_name: 'William',
      last_msg: 'Hello <b>Olena</b>',
    });
    expect(notice.conversation.unread_num).toBeGreaterThan(0);
    await man.waitFor(
      (m) =>
        m.route === PRIVATE_MESSAGE_NOTICE_ROUTE &&
        (m.req_data as PrivateMessageNotice).msg.msg_id === sent.data.msg.msg_id,
    );
  });

  it('contact details and vulgar words are masked by the live-chat filter, for both sides', async () => {
    const lady = await socketOf('A2001');
    const sent = await send('M1005', 'A2001', 'Mail me at will@example.com or call 555 123 4567, ok?');
    expect(sent.data.msg.content).toBe('Mail me at ***** or call *****, ok?');
    const toHer = await lady.waitFor(
      (m) =>
        m.route === PRIVATE_MESSAGE_NOTICE_ROUTE &&
        (m.req_data as PrivateMessageNotice).msg.msg_id === sent.data.msg.msg_id,
    );
    expect((toHer.req_data as PrivateMessageNotice).msg.content).toBe('Mail me at ***** or call *****, ok?');
  });

  it('unread counts per conversation and in total; setPrivateMessageReaded clears them', async () => {
    const lady = await as('A2001');
    const list = await lady.call<PrivateMessageListData>(MessageApi.getPrivateMessageList, {
      start: 0,
      step: 20,
    });
    const fromM1003 = list.list.find((c) => c.user_id === 'M1003');
    expect(fromM1003?.unread_num).toBe(6);
    expect(list.total_unread).toBeGreaterThanOrEqual(6);
    const history = await lady.call<PrivateMessageHistoryData>(MessageApi.getPrivateMessageHistory, {
      to_id: 'M1003',
    });
    const newest = history.list[0];
    if (!newest) throw new Error('no history');
    // Reading up to an older message leaves the newer unread.
    const older = history.list[2];
    if (!older) throw new Error('short history');
    const partly = await lady.call<SetReadedAnswer>(MessageApi.setPrivateMessageReaded, {
      to_id: 'M1003',
      msg_id: older.msg_id,
    });
    expect(partly.unread_num).toBe(2);
    const done = await lady.call<SetReadedAnswer>(MessageApi.setPrivateMessageReaded, {
      to_id: 'M1003',
      msg_id: newest.msg_id,
    });
    expect(done.unread_num).toBe(0);
    expect(done.total_unread).toBe(list.total_unread - 6);
    const mine = await (await as('M1003')).call<PrivateMessageHistoryData>(
      MessageApi.getPrivateMessageHistory,
      {
        to_id: 'A2001',
      },
    );
    expect(mine.list.every((m) => m.is_read === 1)).toBe(true);
  });

  it('the member’s list: her unread message, and the Following tab', async () => {
    const m1001 = await as('M1001');
    const all = await m1001.call<PrivateMessageListData>(MessageApi.getPrivateMessageList, {
      start: 0,
      step: 20,
    });
    expect(all.list.map((c) => c.user_id)).toEqual(['A2005', 'A2003']);
    expect(all.list[0]).toMatchObject({ nick_name: 'Xiaoyu', unread_num: 1, isFollow: 1, online_status: 2 });
    expect(all.total_unread).toBe(1);
    const following = await m1001.call<PrivateMessageListData>(MessageApi.getPrivateMessageFollowList, {});
    expect(following.list.map((c) => c.user_id)).toEqual(['A2005', 'A2003']);
    const m1005 = await as('M1005');
    const his = await m1005.call<PrivateMessageListData>(MessageApi.getPrivateMessageFollowList, {});
    expect(his.list).toEqual([]);
  });
});

describe('history paging', () => {
  it('newest first, 20 a page, by offset and by key', async () => {
    for (let i = 0; i < 25; i++) {
      const a = await send('M1001', 'A2012', `m${i}`);
      expect(a.errno).toBe(0);
      if (i % 3 === 2) expect((await send('A2012', 'M1001', `r${i}`)).errno).toBe(0);
    }
    const client = await as('M1001');
    const first = await client.call<PrivateMessageHistoryData>(MessageApi.getPrivateMessageHistory, {
      to_id: 'A2012',
      start: 0,
      step: 20,
    });
    expect(first.list).toHaveLength(20);
    expect(first.list[0]?.content).toBe('m24');
    const ids = first.list.map((m) => m.msg_id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const last = first.list[19];
    if (!last) throw new Error('short page');
    const byKey = await client.call<PrivateMessageHistoryData>(MessageApi.getPrivateMessageHistory, {
      to_id: 'A2012',
      before_id: last.msg_id,
      step: 20,
    });
    const byOffset = await client.call<PrivateMessageHistoryData>(MessageApi.getPrivateMessageHistory, {
      to_id: 'A2012',
      start: 20,
      step: 20,
    });
    expect(byKey.list.map((m) => m.msg_id)).toEqual(byOffset.list.map((m) => m.msg_id));
    expect(byKey.list.length).toBe(25 + 8 - 20);
    expect(byKey.list.at(-1)?.content).toBe('m0');
  });
});

describe('contacts and follows', () => {
  it('getContactList pages and sorts M1001’s contacts', async () => {
    const client = await as('M1001');
    const all = await client.call<ContactListData>(MessageApi.getContactList, {
      start: 0,
      step: 100,
      sorting: 3,
    });
    expect(all.total).toBe(8);
    const names = all.list.map((c) => c.anchor_nickname);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const a2005 = all.list.find((c) => c.anchor_id === 'A2005');
    expect(a2005).toMatchObject({ intimacy: 3, is_follow: 1, online_status: 2 });
    const page1 = await client.call<ContactListData>(MessageApi.getContactList, {
      start: 0,
      step: 3,
      sorting: 3,
    });
    const page2 = await client.call<ContactListData>(MessageApi.getContactList, {
      start: 3,
      step: 3,
      sorting: 3,
    });
    expect([...page1.list, ...page2.list].map((c) => c.anchor_id)).toEqual(
      all.list.slice(0, 6).map((c) => c.anchor_id),
    );
    const online = await client.call<ContactListData>(MessageApi.getContactList, {
      sorting: CONTACT_SORT.online,
    });
    const states = online.list.map((c) => c.online_status);
    expect(states).toEqual([...states].sort((a, b) => b - a));
    expect(states).toContain(0);
    expect((await client.form(MessageApi.getContactList, { sorting: 9 })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    expect((await (await as('A2001')).form(MessageApi.getContactList, {})).body.errno).toBe(Errno.FORBIDDEN);
  });

  it('getFollowList lists his follows', async () => {
    const list = await (await as('M1001')).call<ContactListData>(MessageApi.getFollowList, {
      start: 0,
      step: 20,
    });
    expect(list.list.map((c) => c.anchor_id).sort()).toEqual([
      'A2003',
      'A2005',
      'A2008',
      'A2012',
      'A2020',
      'A2031',
    ]);
    expect(list.list.every((c) => c.is_follow === 1)).toBe(true);
  });

  it('emoticons are listed as [img:N] with an image', async () => {
    const data = await server
      .client()
      .call<{ list: { emo_list: { emo_sign: string; emo_url: string }[] }[] }>(MessageApi.getEmoticonList);
    expect(data.list[0]?.emo_list[0]).toMatchObject({ emo_sign: '[img:1]' });
    expect(data.list[0]?.emo_list[0]?.emo_url).toMatch(/^data:image\/svg\+xml/);
  });
});

describe('robot broadcasters', () => {
  it('a robot answers by itself, once per run of his messages', async () => {
    const socket = await socketOf('M1005');
    await send('M1005', 'A2007', 'Hi Camila');
    await send('M1005', 'A2007', 'Are you there?');
    const reply = await socket.waitFor(
      (m) =>
        m.route === PRIVATE_MESSAGE_NOTICE_ROUTE &&
        (m.req_data as PrivateMessageNotice).msg.from_id === 'A2007',
      10_000,
    );
    expect((reply.req_data as PrivateMessageNotice).msg.to_id).toBe('M1005');
    await new Promise((r) => setTimeout(r, 300));
    const history = await (await as('M1005')).call<PrivateMessageHistoryData>(
      MessageApi.getPrivateMessageHistory,
      {
        to_id: 'A2007',
      },
    );
    expect(history.list.filter((m) => m.from_id === 'A2007')).toHaveLength(1);
  });
});
