/**
 * Live chat across two processes on PostgreSQL + Redis, with the billing clock moved by hand: a
 * start is refused when she is offline (-2) or he cannot pay (-4); lines go both ways over real
 * sockets through the text filter; history pages past the 50-line buffer; minutes are paid in the
 * spend order (free ticket, voucher, chat minutes, credits), each once with both processes ticking;
 * a member with nothing left is ended with -4 and never goes below zero.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatVoucherListAnswer,
  type CheckTicketAnswer,
  LIVECHAT_BUFFER,
  LIVECHAT_TICKET_MINUTES,
  LIVECHAT_VOUCHER_MINUTES,
  LiveChatApi,
  LiveChatCode,
  type LiveChatContact,
  LiveChatEnd,
  LiveChatEvent,
  type LiveChatLine,
  LiveChatRoute,
  type LiveChatSession,
} from '../../../protocol/livechat/livechat';
import { FILTER_MASK } from '../../../protocol/text-filter';
import { type FreeChatTicketInfo, VoucherApi } from '../../../protocol/vouchers/vouchers';
import { type Client, startCluster, type TestCluster, type TestServer, type TestSocket } from '../harness';
import { creditOf, liveTestConfig } from '../live/live-support';

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;
let now = Date.now();
const sockets: TestSocket[] = [];
let lady: Client;
let ladySocket: TestSocket;

beforeAll(async () => {
  cluster = await startCluster({ live: liveTestConfig(() => now) });
  ({ a, b } = cluster);
  lady = await b.loginAs('A2001');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await cluster?.close();
});

const open = async (server: TestServer, client: Client) => {
  const socket = await server.socketFor(client);
  sockets.push(socket);
  return socket;
};
const tickBoth = () => Promise.all([a.services.livechat.tick(), b.services.livechat.tick()]);
const chatmin = async (userid: string) =>
  Number(
    (await a.db.query<{ chatmin: unknown }>('SELECT chatmin FROM members WHERE userid = $1', [userid]))[0]
      ?.chatmin,
  );
const sources = async (chatId: string) =>
  (
    await a.db.query<{ source: string }>(
      'SELECT source FROM livechat_charges WHERE chat_id = $1 ORDER BY minute',
      [chatId],
    )
  ).map((r) => r.source);
let key = 0;
const say = (socket: TestSocket, chatId: string, content: string) =>
  socket.request(LiveChatRoute.sendMessage, { chat_id: chatId, content, msg_key: `k-test-${++key}` });

describe('starting a chat', () => {
  it('is refused with -2 while she is offline (no workspace open, or shown offline)', async () => {
    const member = await a.loginAs('M1005');
    const refused = await member.form(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(refused.body.errno).toBe(LiveChatCode.OFFLINE);
    const [offline] = await a.db.query<{ userid: string }>(
      `SELECT userid FROM anchors WHERE state = 'offline' ORDER BY userid LIMIT 1`,
    );
    const other = await member.form(LiveChatApi.start, { anchor_id: offline?.userid ?? '' });
    expect(other.body.errno).toBe(LiveChatCode.OFFLINE);
    // Her workspace opens: now she can be reached.
    ladySocket = await open(b, lady);
  });

  it('is refused with -4 when he cannot pay a minute, and nothing moves', async () => {
    const member = await a.loginAs('M1006');
    const before = await creditOf(a, 'M1006');
    const refused = await member.form(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(refused.body.errno).toBe(LiveChatCode.NO_MONEY);
    expect(await creditOf(a, 'M1006')).toBe(before);
  });
});

describe('a chat', () => {
  let member: Client;
  let socket: TestSocket;
  let chat: LiveChatSession;

  it('carries lines both ways through the text filter, with typing and read marks', async () => {
    member = await a.loginAs('M1005');
    socket = await open(a, member);
    const told = ladySocket.waitFor((m) => m.route === LiveChatEvent.status);
    chat = await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(chat).toMatchObject({ minutes: 1, timer: 'timer_gold_private', price: 0.15, end_code: 0 });
    expect((await told).req_data).toMatchObject({ chat_id: chat.chat_id, member: { userid: 'M1005' } });
    // A second start resumes the same chat.
    expect((await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' })).chat_id).toBe(
      chat.chat_id,
    );

    const heard = ladySocket.waitFor((m) => m.route === LiveChatEvent.message);
    const sent = await say(socket, chat.chat_id, 'Call me on +1 555 123 4567 or mail me@example.com');
    expect(sent.errno).toBe(0);
    const line = sent.res_data as LiveChatLine;
    expect(line.msg).toBe(`Call me on ${FILTER_MASK} or mail ${FILTER_MASK}`);
    expect((await heard).req_data).toMatchObject({ msg_id: line.msg_id, from_id: 'M1005', to_id: 'A2001' });

    const typing = socket.waitFor((m) => m.route === LiveChatEvent.typing);
    await ladySocket.request(LiveChatRoute.typing, { chat_id: chat.chat_id, typing: 1 });
    expect((await typing).req_data).toEqual({ chat_id: chat.chat_id, from_id: 'A2001', typing: 1 });

    const reply = socket.waitFor(
      (m) => m.route === LiveChatEvent.message && (m.req_data as LiveChatLine).from_id === 'A2001',
    );
    const answered = await say(ladySocket, chat.chat_id, 'Hello James, nice to meet you');
    expect(answered.errno).toBe(0);
    expect((await reply).req_data).toMatchObject({ msg: 'Hello James, nice to meet you', to_id: 'M1005' });

    const read = ladySocket.waitFor((m) => m.route === LiveChatEvent.read);
    const replyId = (answered.res_data as LiveChatLine).msg_id;
    await socket.request(LiveChatRoute.read, { chat_id: chat.chat_id, msg_id: replyId });
    expect((await read).req_data).toEqual({ chat_id: chat.chat_id, reader_id: 'M1005', msg_id: replyId });

    // Too long, empty, or not his chat: refused, nothing stored.
    expect((await say(socket, chat.chat_id, 'x'.repeat(241))).errno).not.toBe(0);
    expect((await say(socket, chat.chat_id, '   ')).errno).not.toBe(0);
    const stranger = await open(a, await a.loginAs('M1003'));
    expect((await say(stranger, chat.chat_id, 'hi')).errno).not.toBe(0);

    // Engine login (9) and user info (10).
    const login = await socket.request(LiveChatRoute.login, {});
    expect((login.res_data as { list: LiveChatSession[] }).list.map((c) => c.chat_id)).toEqual([
      chat.chat_id,
    ]);
    const info = await socket.request(LiveChatRoute.userInfo, { userid: 'A2001' });
    expect(info.res_data).toMatchObject({ userid: 'A2001', role: 'lady', status: 1 });

    // The side panel shows her as in chat.
    const contacts = await member.call<{ list: LiveChatContact[] }>(LiveChatApi.contacts);
    expect(contacts.list[0]).toMatchObject({ userId: 'A2001', isInChat: 1, chatNum: 0, isInOneonone: 0 });
  });

  it('keeps history: the last 50 lines on screen, older ones a page back', async () => {
    for (let i = 1; i <= 55; i++) expect((await say(socket, chat.chat_id, `line ${i}`)).errno).toBe(0);
    const page = await member.call<{ list: LiveChatLine[]; more: number }>(LiveChatApi.history, {
      with_id: 'A2001',
    });
    expect(page.list).toHaveLength(LIVECHAT_BUFFER);
    expect(page.more).toBe(1);
    expect(page.list.at(-1)?.msg).toBe('line 55');
    const older = await member.call<{ list: LiveChatLine[]; more: number }>(LiveChatApi.history, {
      with_id: 'A2001',
      before_id: page.list[0]?.msg_id ?? 0,
    });
    expect(older.list.map((l) => l.msg)).toEqual([
      'Call me on ***** or mail *****',
      'Hello James, nice to meet you',
      'line 1',
      'line 2',
      'line 3',
      'line 4',
      'line 5',
    ]);
    // Her side reads the same lines.
    const hers = await lady.call<{ list: LiveChatLine[] }>(LiveChatApi.history, { with_id: 'M1005' });
    expect(hers.list.at(-1)?.msg).toBe('line 55');
  });

  it('ends when she ends it; both sides are told', async () => {
    const told = socket.waitFor(
      (m) => m.route === LiveChatEvent.status && (m.req_data as LiveChatSession).ended_at > 0,
    );
    const ended = await lady.call<LiveChatSession>(LiveChatApi.end, { chat_id: chat.chat_id });
    expect(ended.end_code).toBe(LiveChatEnd.BY_ANCHOR);
    expect((await told).req_data).toMatchObject({ end_code: LiveChatEnd.BY_ANCHOR });
    expect((await say(socket, chat.chat_id, 'still there?')).errno).not.toBe(0);
  });
});

describe('paying by the minute', () => {
  it('answers check_ticket, the chat voucher list and countFreeChatTicketInfo', async () => {
    const member = await a.loginAs('M1003');
    const ticket = await member.get(
      `${LiveChatApi.setStatus}?action=check_ticket&womanid=A2001&servertype=0`,
    );
    expect(((await ticket.json()) as { data: CheckTicketAnswer }).data).toEqual({
      status: 1,
      tickets: 1,
      minutes: LIVECHAT_TICKET_MINUTES,
    });
    const vouchers = await member.call<ChatVoucherListAnswer>(
      `${LiveChatApi.setStatus}?action=getChatVoucherList`,
      {
        start: 0,
        step: 10,
        from: 'livechat',
      },
    );
    expect(vouchers).toMatchObject({ result: { status: 1 }, total: 1 });
    expect(await member.call<FreeChatTicketInfo>(VoucherApi.countFreeChatTicketInfo)).toEqual({
      chat: 1,
      live: 0,
    });
  });

  it('spends free ticket, then voucher, then chat minutes, then credits, each minute once on two processes', async () => {
    const member = await a.loginAs('M1003');
    const socket = await open(a, member);
    const credit = await creditOf(a, 'M1003');
    const minutes = await chatmin('M1003');
    const chat = await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(chat.source).toBe('ticket');
    const total = LIVECHAT_TICKET_MINUTES + LIVECHAT_VOUCHER_MINUTES + minutes + 2;
    for (let minute = 2; minute <= total; minute++) {
      now += 60_000;
      await socket.request(LiveChatRoute.heartbeat, {});
      await tickBoth();
      await tickBoth();
    }
    expect(await sources(chat.chat_id)).toEqual([
      ...Array(LIVECHAT_TICKET_MINUTES).fill('ticket'),
      ...Array(LIVECHAT_VOUCHER_MINUTES).fill('voucher'),
      ...Array(minutes).fill('chatmin'),
      'credit',
      'credit',
    ]);
    expect(await chatmin('M1003')).toBe(0);
    expect(await creditOf(a, 'M1003')).toBe(credit - 30);
    const ledger = await a.db.query('SELECT 1 FROM ledger WHERE ref = $1', [chat.chat_id]);
    expect(ledger).toHaveLength(2);
    expect(await member.call<FreeChatTicketInfo>(VoucherApi.countFreeChatTicketInfo)).toMatchObject({
      chat: 0,
    });
    const charges = socket.events(LiveChatEvent.charge).map((m) => (m.req_data as { minute: number }).minute);
    expect(charges).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    await member.call(LiveChatApi.end, { chat_id: chat.chat_id });
  });

  it('ends a member with nothing left with -4, never below zero', async () => {
    const member = await a.loginAs('M1008');
    const socket = await open(a, member);
    const chat = await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(chat.source).toBe('chatmin');
    const ended = socket.waitFor(
      (m) =>
        m.route === LiveChatEvent.status &&
        (m.req_data as LiveChatSession).end_code === LiveChatCode.NO_MONEY,
      15_000,
    );
    // 1.00 credit pays six minutes at 0.15; the eighth minute finds 0.10.
    for (let minute = 2; minute <= 8; minute++) {
      now += 60_000;
      await socket.request(LiveChatRoute.heartbeat, {});
      await tickBoth();
    }
    expect((await ended).req_data).toMatchObject({ chat_id: chat.chat_id, minutes: 7 });
    expect(await creditOf(a, 'M1008')).toBe(10);
    expect(socket.events('imShare/creditNotice').at(-1)?.req_data).toEqual({ credit: 0.1 });
    const again = await member.form(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(again.body.errno).toBe(LiveChatCode.NO_MONEY);
  });

  it('ends a chat with -2 when her workspace goes', async () => {
    const member = await a.loginAs('M1005');
    const socket = await open(a, member);
    const chat = await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    const ended = socket.waitFor(
      (m) =>
        m.route === LiveChatEvent.status && (m.req_data as LiveChatSession).end_code === LiveChatCode.OFFLINE,
      15_000,
    );
    ladySocket.close();
    await expect
      .poll(
        async () => {
          await b.services.livechat.tick();
          return (await a.services.livechat.rows.find(chat.chat_id))?.endCode;
        },
        { timeout: 10_000 },
      )
      .toBe(LiveChatCode.OFFLINE);
    expect((await ended).req_data).toMatchObject({ chat_id: chat.chat_id });
  });
});
