/**
 * The member's credit and chat-minute histories: real moves (a show ticket, a stamp pack, paid
 * messages, a live visit's minutes) read back newest first with their labels' parts, the amounts
 * and the running balance; paging; only his own rows; a broadcaster and bad pages refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  type ChatminHistoryAnswer,
  type CreditHistoryAnswer,
  type CreditHistoryItem,
  HistoryApi,
} from '../../../protocol/histories/histories';
import { MailApi } from '../../../protocol/mail/mail';
import { MessageApi } from '../../../protocol/messages/messages';
import { ShowApi } from '../../../protocol/shows/shows';
import { chatminLedgerRepository } from '../../../server/features/money/chatmin-ledger-repository';
import { ledgerRepository } from '../../../server/features/money/ledger-repository';
import { startServer, type TestServer } from '../harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

interface Answer<T> {
  errno: number;
  errmsg: string;
  data: T;
}

/** Both calls are GET (their query is the payload), as the page makes them. */
async function history<T>(path: string, userid: string, query: Record<string, string | number> = {}) {
  const client = await server.sessionOf(userid);
  const params = new URLSearchParams({ is_ajax: '1', _: String(Date.now()) });
  for (const [k, v] of Object.entries(query)) params.set(k, String(v));
  const response = await client.get(`${path}?${params}`);
  expect(response.status).toBeLessThan(500);
  return (await response.json()) as Answer<T>;
}
const credits = (userid: string, query: Record<string, string | number> = {}) =>
  history<CreditHistoryAnswer>(HistoryApi.credit, userid, query);
const chatmins = (userid: string, query: Record<string, string | number> = {}) =>
  history<ChatminHistoryAnswer>(HistoryApi.chatmin, userid, query);

/** A live visit billed by the minute, as live billing charges it (one ledger row a minute). */
async function liveVisit(memberId: string, anchorId: string, sessionId: string, minutes: number) {
  await server.db.query(
    `INSERT INTO live_sessions (session_id, member_id, anchor_id, room_id, room_type, rate, started_at, minutes_paid)
     VALUES ($1, $2, $3, $4, 2, 30, now(), $5)`,
    [sessionId, memberId, anchorId, `room-${sessionId}`, minutes],
  );
  for (let minute = 1; minute <= minutes; minute++) {
    await server.db.transaction((tx) =>
      ledgerRepository(tx).move({
        userId: memberId,
        delta: -30,
        reason: 'live_minute',
        ref: sessionId,
        payee: anchorId,
        key: `live:${sessionId}:${minute}`,
      }),
    );
  }
}

describe('credit history', () => {
  let all: CreditHistoryItem[] = [];

  beforeAll(async () => {
    const m1001 = await server.sessionOf('M1001');
    await m1001.call(ShowApi.buyTicket, { live_show_id: 'LS3002' });
    await liveVisit('M1001', 'A2001', 'hist-visit-1', 3);
    await m1001.call(MailApi.buyPostStamps, { item_code: 'PS10', key: 'hist-stamps-1' });
    // The first messages to a broadcaster are free; the fourth is paid.
    for (let i = 1; i <= 4; i++) {
      await m1001.call(MessageApi.sendPrivateMessage, {
        to_id: 'A2008',
        content: `hello ${i}`,
        msg_key: `history-message-${i}`,
      });
    }
    all = (await credits('M1001', { step: 100 })).data.list;
  });

  it('lists every move newest first, with what it was about, the amount and the balance after', () => {
    expect(all.map((r) => r.reason)).toEqual([
      'private_message',
      'stamps',
      'live_minute',
      'ticket',
      'opening',
    ]);
    const [message, stamps, visit, ticket, opening] = all as [
      CreditHistoryItem,
      CreditHistoryItem,
      CreditHistoryItem,
      CreditHistoryItem,
      CreditHistoryItem,
    ];
    expect(opening).toMatchObject({ amount: 120.5, balance: 120.5, count: 1, anchor: null, title: '' });
    expect(ticket).toMatchObject({
      ref: 'LS3002',
      amount: -3,
      balance: 117.5,
      title: 'Salsa Night Live',
      anchor: { anchor_id: expect.any(String), nickname: expect.any(String) },
    });
    // Three minutes of one visit are one row: its total, the balance after its last minute.
    expect(visit).toMatchObject({
      ref: 'hist-visit-1',
      amount: -0.9,
      balance: 116.6,
      count: 3,
      room_type: 2,
      anchor: { anchor_id: 'A2001' },
    });
    expect(stamps).toMatchObject({ ref: 'PS10', amount: -6.4, balance: 110.2, anchor: null });
    expect(message).toMatchObject({
      ref: 'A2008',
      amount: -0.5,
      balance: 109.7,
      anchor: { anchor_id: 'A2008' },
    });
    for (const row of all) expect(row.time).toBeGreaterThan(Date.now() / 1000 - 600);
  });

  it('the running balance is the sum of the moves up to each row', () => {
    let sum = 0;
    for (const row of [...all].reverse()) {
      sum = Math.round((sum + row.amount) * 100) / 100;
      expect(row.balance).toBe(sum);
    }
  });

  it('pages by start and step, 20 by default', async () => {
    const first = (await credits('M1001', { start: 0, step: 2 })).data.list;
    const second = (await credits('M1001', { start: 2, step: 2 })).data.list;
    const third = (await credits('M1001', { start: 4, step: 2 })).data.list;
    expect([...first, ...second, ...third].map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(third).toHaveLength(1);
    expect((await credits('M1001', { start: 50 })).data.list).toEqual([]);
    expect((await credits('M1001')).data.list).toHaveLength(all.length);
  });

  it('a visit broken by another move is two rows, in the order the balance moved', async () => {
    const m1007 = await server.sessionOf('M1007');
    await liveVisit('M1007', 'A2004', 'hist-visit-2', 2);
    await m1007.call(MailApi.buyPostStamps, { item_code: 'PS10', key: 'hist-stamps-2' });
    for (let minute = 3; minute <= 4; minute++) {
      await server.db.transaction((tx) =>
        ledgerRepository(tx).move({
          userId: 'M1007',
          delta: -30,
          reason: 'live_minute',
          ref: 'hist-visit-2',
          payee: 'A2004',
          key: `live:hist-visit-2:${minute}`,
        }),
      );
    }
    const list = (await credits('M1007')).data.list;
    expect(list.slice(0, 3).map((r) => [r.reason, r.count])).toEqual([
      ['live_minute', 2],
      ['stamps', 1],
      ['live_minute', 2],
    ]);
  });

  it('shows a member only his own moves', async () => {
    const list = (await credits('M1002')).data.list;
    expect(list.map((r) => r.reason)).toEqual(['opening']);
    expect(list[0]).toMatchObject({ amount: 3.2, balance: 3.2 });
  });

  it('refuses a broadcaster, a visitor and a bad page, never with a 5xx', async () => {
    expect((await credits('A2001')).errno).toBe(Errno.FORBIDDEN);
    const visitor = await server.client().get(`${HistoryApi.credit}?is_ajax=1`);
    expect(((await visitor.json()) as { errno: number }).errno).toBe(Errno.LOGIN_TIMEOUT);
    const bad: Record<string, string | number>[] = [
      { step: 0 },
      { step: 101 },
      { start: -1 },
      { start: 'x' },
      { step: '1.5' },
    ];
    for (const query of bad) {
      expect((await credits('M1001', query)).errno, JSON.stringify(query)).toBe(Errno.INVALID_PARAMS);
    }
  });

  it('answers POST as well', async () => {
    const data = await (await server.sessionOf('M1001')).call<CreditHistoryAnswer>(HistoryApi.credit, {
      start: 0,
      step: 1,
    });
    expect(data.list.map((r) => r.id)).toEqual([all[0]?.id]);
  });
});

describe('chat-minute history', () => {
  it('starts with the minutes the account was opened with', async () => {
    const answer = await chatmins('M1001');
    expect(answer.errno).toBe(0);
    expect(answer.data.list).toMatchObject([{ reason: 'opening', minutes: 45, balance: 45, anchor: null }]);
    expect((await chatmins('M1002')).data.list).toEqual([]);
    expect((await chatmins('A2001')).errno).toBe(Errno.FORBIDDEN);
    expect((await chatmins('M1001', { step: 0 })).errno).toBe(Errno.INVALID_PARAMS);
  });

  it('records a move once per key, never below zero, and keeps members.chatmin equal to the sum', async () => {
    const move = (delta: number, key: string) =>
      server.db.transaction((tx) =>
        chatminLedgerRepository(tx).move({ userId: 'M1005', delta, reason: 'live_chat', ref: 'A2001', key }),
      );
    const [before] = await server.db.query<{ chatmin: number }>(
      `SELECT chatmin FROM members WHERE userid = 'M1005'`,
    );
    const start = before?.chatmin ?? 0;
    expect(await move(-1, 'hist-chat-1')).toEqual({ status: 'moved', balance: start - 1 });
    expect(await move(-1, 'hist-chat-1')).toEqual({ status: 'duplicate', balance: start - 1 });
    expect(await move(-(start + 5), 'hist-chat-2')).toEqual({ status: 'insufficient', balance: start - 1 });
    const list = (await chatmins('M1005')).data.list;
    expect(list[0]).toMatchObject({
      reason: 'live_chat',
      minutes: -1,
      balance: start - 1,
      anchor: { anchor_id: 'A2001' },
    });
    const [sum] = await server.db.query<{ total: number; chatmin: number }>(
      `SELECT (SELECT sum(delta)::int FROM chatmin_ledger WHERE user_id = 'M1005') AS total,
              (SELECT chatmin FROM members WHERE userid = 'M1005') AS chatmin`,
    );
    expect(sum?.total).toBe(sum?.chatmin);
  });
});
