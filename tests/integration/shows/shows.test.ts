/**
 * Scheduled shows and tickets over HTTP: the calendar, the detail in every seeded state, My tickets,
 * every answer of buyTicket (success, 13013, 10025, 13015, 13025, 13026, 13027, unknown, wrong
 * role), followShow with its locks, and the broadcaster publishing and cancelling a show with a
 * refund of every ticket and the members' notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import { EventRoute } from '../../../protocol/realtime';
import {
  type BuyTicketAnswer,
  type CancelShowAnswer,
  type CreateShowAnswer,
  type LadyShowListData,
  SHOW_CANCEL_ROUTE,
  ShowApi,
  type ShowCancelNotice,
  type ShowDetailData,
  ShowErrno,
  type ShowListData,
  ShowMessages,
} from '../../../protocol/shows/shows';
import type { MoneyData } from '../../../protocol/types';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const as = (userid: string): Promise<Client> => server.sessionOf(userid);
const answer = async (userid: string, path: string, fields: Record<string, string | number>) =>
  (await (await as(userid)).form(path, fields)).body;
const credit = async (userid: string) => (await (await as(userid)).call<MoneyData>(Api.getAllMoney)).credit;
const detail = async (userid: string, id: string) =>
  (await (await as(userid)).call<ShowDetailData>(ShowApi.getShowDetail, { live_show_id: id })).show_info;
const nowS = () => Math.floor(Date.now() / 1000);
const moveShow = (id: string, seconds: number) =>
  server.db.query(
    `UPDATE shows SET start_time = now() + $2::int * interval '1 second' WHERE live_show_id = $1`,
    [id, seconds],
  );

describe('the calendar and the detail', () => {
  it('lists shows that have not ended, soonest first, with the caller’s ticket state', async () => {
    const { list } = await (await as('M1001')).call<ShowListData>(ShowApi.showList, { start: 0, step: 100 });
    const ids = list.map((s) => s.live_show_id);
    // Finished (LS3007, LS3016) and cancelled (LS3008, LS3009) shows are not on the calendar.
    for (const gone of ['LS3007', 'LS3016', 'LS3008', 'LS3009']) expect(ids).not.toContain(gone);
    expect(ids).toContain('LS3006'); // ongoing
    const starts = list.map((s) => s.start_time);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const ls3001 = list.find((s) => s.live_show_id === 'LS3001');
    expect(ls3001).toMatchObject({
      anchor_id: 'A2002',
      show_title: 'Sunday Acoustic Evening',
      price: 4,
      duration: 60,
      status: 1,
      ticket_status: 1,
      ticket_is_full: 0,
      has_follow: 0,
      cover: '/media/show/LS3001.svg',
    });
    expect(ls3001?.left_sec_to_start).toBeGreaterThan(2 * 3600);
  });

  it('pages by start and step', async () => {
    const client = await as('M1001');
    const all = (await client.call<ShowListData>(ShowApi.showList, { start: 0, step: 100 })).list;
    const page = (await client.call<ShowListData>(ShowApi.showList, { start: 2, step: 2 })).list;
    expect(page.map((s) => s.live_show_id)).toEqual(all.slice(2, 4).map((s) => s.live_show_id));
  });

  it('answers every seeded state in the detail', async () => {
    expect(await detail('M1001', 'LS3007')).toMatchObject({ status: 3, ticket_status: 1 });
    expect(await detail('M1001', 'LS3008')).toMatchObject({ status: 5, ticket_status: 2 });
    expect(await detail('M1001', 'LS3009')).toMatchObject({ status: 4, ticket_status: 0 });
    expect(await detail('M1001', 'LS3010')).toMatchObject({ status: 1, ticket_is_full: 1, ticket_status: 0 });
    const ongoing = await detail('M1001', 'LS3006');
    expect(ongoing.status).toBe(1);
    expect(ongoing.left_sec_to_start).toBeLessThan(0);
    // A broadcaster may read a show too (no ticket of hers).
    expect(await detail('A2002', 'LS3001')).toMatchObject({ ticket_status: 0, live_show_id: 'LS3001' });
    expect((await answer('M1001', ShowApi.getShowDetail, { live_show_id: 'LS9999' })).errno).toBe(
      Errno.NOT_FOUND,
    );
  });

  it('lists a broadcaster’s upcoming shows two at a time, and her past ones', async () => {
    const client = await as('M1001');
    const upcoming = await client.call<ShowListData>(ShowApi.showListWithAnchorId, { anchor_id: 'A2002' });
    expect(upcoming.list.map((s) => s.live_show_id)).toEqual(['LS3001', 'LS3011']);
    const past = await client.call<ShowListData>(ShowApi.showListWithAnchorId, {
      anchor_id: 'A2005',
      sort_type: 2,
      start: 0,
      step: 10,
    });
    expect(past.list.map((s) => s.live_show_id)).toEqual(['LS3016']);
  });
});

describe('buyTicket', () => {
  it('sells a ticket: charges the price once, answers the credit left and tells his tabs', async () => {
    const client = await as('M1002');
    const socket = await server.socketFor(client);
    sockets.push(socket);
    expect(await credit('M1002')).toBe(3.2);
    const bought = await client.call<BuyTicketAnswer>(ShowApi.buyTicket, { live_show_id: 'LS3015' });
    expect(bought).toEqual({ live_show_id: 'LS3015', ticket_status: 1, left_credit: 1.2 });
    expect(await credit('M1002')).toBe(1.2);
    const notice = await socket.waitFor((m) => m.route === EventRoute.credit);
    expect(notice.req_data).toEqual({ credit: 1.2 });
    expect(await detail('M1002', 'LS3015')).toMatchObject({ ticket_status: 1 });
    const mine = await client.call<ShowListData>(ShowApi.myTicketList, { type: 1 });
    expect(mine.list.map((s) => s.live_show_id)).toEqual(['LS3015']);
    const ledger = await server.db.query<{ delta: number; reason: string; idem_key: string }>(
      'SELECT delta, reason, idem_key FROM ledger WHERE user_id = $1 AND ref = $2',
      ['M1002', 'LS3015'],
    );
    expect(ledger).toEqual([{ delta: -200, reason: 'ticket', idem_key: 'ticket:LS3015:M1002' }]);
  });

  it('13015: a second purchase of the same show is refused and charges nothing', async () => {
    const body = await answer('M1002', ShowApi.buyTicket, { live_show_id: 'LS3015' });
    expect(body).toMatchObject({ errno: ShowErrno.ALREADY_BOUGHT, errmsg: ShowMessages.alreadyBought });
    expect(await credit('M1002')).toBe(1.2);
  });

  it('10025: not enough credit, with the spec’s text; nothing changes', async () => {
    const body = await answer('M1002', ShowApi.buyTicket, { live_show_id: 'LS3002' });
    expect(body).toMatchObject({
      errno: 10025,
      errmsg: 'You have insufficient credits to buy the show ticket.',
    });
    expect(await credit('M1002')).toBe(1.2);
    expect(await detail('M1002', 'LS3002')).toMatchObject({ ticket_status: 0 });
  });

  it('13013: sold out', async () => {
    const body = await answer('M1001', ShowApi.buyTicket, { live_show_id: 'LS3010' });
    expect(body).toMatchObject({
      errno: 13013,
      errmsg: 'Tickets has been sold out. Please chose another show.',
    });
  });

  it('13025 cancelled (status 4 and 5), 13026 ongoing, 13027 finished', async () => {
    for (const id of ['LS3009', 'LS3008']) {
      expect(await answer('M1004', ShowApi.buyTicket, { live_show_id: id })).toMatchObject({
        errno: 13025,
        errmsg: ShowMessages.cancelled,
      });
    }
    expect(await answer('M1004', ShowApi.buyTicket, { live_show_id: 'LS3006' })).toMatchObject({
      errno: 13026,
      errmsg: ShowMessages.ongoing,
    });
    expect(await answer('M1004', ShowApi.buyTicket, { live_show_id: 'LS3007' })).toMatchObject({
      errno: 13027,
      errmsg: ShowMessages.finished,
    });
  });

  it('tickets stop selling under 60 s before the start', async () => {
    await moveShow('LS3012', 59);
    expect((await answer('M1001', ShowApi.buyTicket, { live_show_id: 'LS3012' })).errno).toBe(13026);
    await moveShow('LS3012', 120);
    expect((await answer('M1001', ShowApi.buyTicket, { live_show_id: 'LS3012' })).errno).toBe(0);
  });

  it('an unknown show is 10007; a broadcaster may not buy (10008); a bad id is 10001', async () => {
    expect((await answer('M1004', ShowApi.buyTicket, { live_show_id: 'LS9999' })).errno).toBe(
      Errno.NOT_FOUND,
    );
    expect((await answer('A2001', ShowApi.buyTicket, { live_show_id: 'LS3002' })).errno).toBe(
      Errno.FORBIDDEN,
    );
    expect((await answer('M1004', ShowApi.buyTicket, { live_show_id: '<x>' })).errno).toBe(
      Errno.INVALID_PARAMS,
    );
  });
});

describe('followShow', () => {
  it('follows and unfollows; the detail shows has_follow', async () => {
    const client = await as('M1003');
    expect(await client.call(ShowApi.followShow, { live_show_id: 'LS3002', cancel: 0 })).toEqual({
      live_show_id: 'LS3002',
      has_follow: 1,
    });
    expect(await detail('M1003', 'LS3002')).toMatchObject({ has_follow: 1 });
    expect(await client.call(ShowApi.followShow, { live_show_id: 'LS3002', cancel: 1 })).toEqual({
      live_show_id: 'LS3002',
      has_follow: 0,
    });
    expect(await detail('M1003', 'LS3002')).toMatchObject({ has_follow: 0 });
  });

  it('a follower without a ticket hears the show-start notice (Notify me)', async () => {
    const client = await as('M1004');
    const socket = await server.socketFor(client);
    sockets.push(socket);
    await client.call(ShowApi.followShow, { live_show_id: 'LS3013', cancel: 0 });
    await moveShow('LS3013', 120);
    const notice = await socket.waitFor(
      (m) =>
        m.route === EventRoute.manShowToStart &&
        (m.req_data as { show_info?: { live_show_id?: string } }).show_info?.live_show_id === 'LS3013',
      15_000,
    );
    expect(notice.req_data).toMatchObject({ type: 'soon' });
  }, 30_000);

  it('is locked at 240 s or less before the start, and for finished or cancelled shows', async () => {
    await moveShow('LS3005', 240);
    expect(await answer('M1003', ShowApi.followShow, { live_show_id: 'LS3005', cancel: 0 })).toMatchObject({
      errno: 13028,
      errmsg: 'Could not follow / unfollow the show due to it is starting soon.',
    });
    await moveShow('LS3005', 300);
    expect((await answer('M1003', ShowApi.followShow, { live_show_id: 'LS3005', cancel: 0 })).errno).toBe(0);
    expect((await answer('M1003', ShowApi.followShow, { live_show_id: 'LS3007', cancel: 0 })).errno).toBe(
      13027,
    );
    expect((await answer('M1003', ShowApi.followShow, { live_show_id: 'LS3008', cancel: 0 })).errno).toBe(
      13025,
    );
  });
});

describe('a broadcaster publishes and cancels a show', () => {
  let showId = '';

  it('publishes a show that members then find on the calendar and her profile', async () => {
    const start = nowS() + 40 * 60;
    const created = await (await as('A2001')).call<CreateShowAnswer>(ShowApi.createShow, {
      show_title: 'Evening Chat',
      show_introduce: 'Tea and questions.',
      start_time: start,
      duration: 30,
      price: '2.50',
      ticket_num: 2,
    });
    showId = created.show_info.live_show_id;
    expect(showId).toMatch(/^LS\d+$/);
    expect(created.show_info).toMatchObject({
      show_title: 'Evening Chat',
      start_time: start,
      price: 2.5,
      status: 1,
      ticket_num: 2,
      sold_num: 0,
      anchor_id: 'A2001',
    });
    const calendar = await (await as('M1001')).call<ShowListData>(ShowApi.showList, { start: 0, step: 100 });
    expect(calendar.list.map((s) => s.live_show_id)).toContain(showId);
    const cover = await (await as('M1001')).get(created.show_info.cover);
    expect(cover.status).toBe(200);
  });

  it('refuses a time too soon (13030), an overlap (13029) and bad fields (10001)', async () => {
    const base = { show_title: 'X', duration: 30, price: 1, ticket_num: 5 };
    expect((await answer('A2001', ShowApi.createShow, { ...base, start_time: nowS() + 60 })).errno).toBe(
      ShowErrno.SHOW_TIME,
    );
    expect((await answer('A2001', ShowApi.createShow, { ...base, start_time: nowS() + 50 * 60 })).errno).toBe(
      ShowErrno.SHOW_OVERLAP,
    );
    expect(
      (await answer('A2001', ShowApi.createShow, { ...base, start_time: nowS() + 3 * 3600, price: '1.234' }))
        .errno,
    ).toBe(Errno.INVALID_PARAMS);
    expect(
      (await answer('M1001', ShowApi.createShow, { ...base, start_time: nowS() + 3 * 3600 })).errno,
    ).toBe(Errno.FORBIDDEN);
  });

  it('cancels: every ticket refunded with exactly its price, status 5, ticket_status 2, members told', async () => {
    const m1 = await as('M1001');
    const socket = await server.socketFor(m1);
    sockets.push(socket);
    const before1 = await credit('M1001');
    const before5 = await credit('M1005');
    await m1.call(ShowApi.buyTicket, { live_show_id: showId });
    await (await as('M1005')).call(ShowApi.buyTicket, { live_show_id: showId });
    expect(await credit('M1001')).toBeCloseTo(before1 - 2.5, 2);
    expect(await detail('M1002', showId)).toMatchObject({ ticket_is_full: 1 });
    expect((await answer('M1002', ShowApi.buyTicket, { live_show_id: showId })).errno).toBe(13013);
    const mine = await (await as('A2001')).call<LadyShowListData>(ShowApi.myShowList, {});
    expect(mine.list.find((s) => s.live_show_id === showId)).toMatchObject({ sold_num: 2, ticket_num: 2 });

    // Another broadcaster cannot cancel it.
    expect((await answer('A2002', ShowApi.cancelShow, { live_show_id: showId })).errno).toBe(Errno.NOT_FOUND);
    const cancelled = await (await as('A2001')).call<CancelShowAnswer>(ShowApi.cancelShow, {
      live_show_id: showId,
    });
    expect(cancelled).toEqual({ live_show_id: showId, status: 5, refunded_num: 2 });
    expect(await credit('M1001')).toBe(before1);
    expect(await credit('M1005')).toBe(before5);
    expect(await detail('M1001', showId)).toMatchObject({ status: 5, ticket_status: 2 });
    const history = await m1.call<ShowListData>(ShowApi.myTicketList, { type: 2, start: 0, step: 100 });
    expect(history.list.find((s) => s.live_show_id === showId)).toMatchObject({
      status: 5,
      ticket_status: 2,
    });
    const current = await m1.call<ShowListData>(ShowApi.myTicketList, { type: 1 });
    expect(current.list.map((s) => s.live_show_id)).not.toContain(showId);

    const notice = await socket.waitFor((m) => m.route === SHOW_CANCEL_ROUTE);
    expect(notice.req_data).toEqual({
      live_show_id: showId,
      show_title: 'Evening Chat',
      anchor_id: 'A2001',
      anchor_nickname: expect.any(String),
      refund: 2.5,
      credit: before1,
    } satisfies ShowCancelNotice);
    await socket.waitFor(
      (m) => m.route === EventRoute.credit && (m.req_data as MoneyData).credit === before1,
    );

    // Each member's moves about the show: one charge and one refund of the same amount.
    const moves = await server.db.query<{ user_id: string; delta: number }>(
      'SELECT user_id, delta FROM ledger WHERE ref = $1 ORDER BY id',
      [showId],
    );
    expect(moves).toHaveLength(4);
    for (const member of ['M1001', 'M1005']) {
      const deltas = moves.filter((m) => m.user_id === member).map((m) => Number(m.delta));
      expect(deltas).toEqual([-250, 250]);
    }
    // Cancelling again changes nothing.
    expect((await answer('A2001', ShowApi.cancelShow, { live_show_id: showId })).errno).toBe(13025);
    expect(await credit('M1001')).toBe(before1);
  });

  it('a show that has started can no longer be cancelled (13031)', async () => {
    await moveShow('LS3004', -5);
    expect((await answer('A2001', ShowApi.cancelShow, { live_show_id: 'LS3004' })).errno).toBe(
      ShowErrno.CANCEL_STARTED,
    );
  });
});
