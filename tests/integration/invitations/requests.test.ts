/**
 * A member's own requests: the instant One-on-One request (holds one minute of One-on-One, 0.30),
 * cancelling it, the hang-out request; the broadcaster's list and her accept or decline; expiry;
 * every errno on the way, the credit answers and the credit notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno, Messages } from '../../../protocol/errors';
import { Api } from '../../../protocol/paths';
import {
  type BookingRequestAnswer,
  type CancelRequestAnswer,
  EventRoute,
  type HandleBookingAnswer,
  type HangoutRequestAnswer,
  type IncomingRequestsData,
  InviteApi,
  MEMBER_REQUEST_LIFETIME_S,
  type RequestStatusAnswer,
} from '../../../protocol/realtime';
import type { MoneyData } from '../../../protocol/types';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
let lady: Client;
let ladySocket: TestSocket;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer();
  lady = await server.loginAs('A2001');
  ladySocket = await server.socketFor(lady);
  sockets.push(ladySocket);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

const errnoOf = async (client: Client, path: string, fields: Record<string, string | number>) =>
  (await client.form(path, fields)).body;
const credit = async (client: Client) => (await client.call<MoneyData>(Api.getAllMoney)).credit;
const setPriv = (userid: string, patch: Record<string, number>) =>
  server.db.query('UPDATE members SET priv = priv || $2::jsonb WHERE userid = $1', [
    userid,
    JSON.stringify(patch),
  ]);
const setCredit = (userid: string, hundredths: number) =>
  server.db.query('UPDATE members SET credit = $2 WHERE userid = $1', [userid, hundredths]);
async function offlineAnchor(priv: 'oneonone' | 'hangout'): Promise<string> {
  const [row] = await server.db.query<{ userid: string }>(
    `SELECT userid FROM anchors WHERE state = 'offline' AND account_status = 1 AND (priv->>$1)::int = 1
     ORDER BY userid LIMIT 1`,
    [priv],
  );
  if (!row) throw new Error(`no offline anchor with ${priv}`);
  return row.userid;
}
async function memberWithSocket(userid: string) {
  const client = await server.loginAs(userid);
  const socket = await server.socketFor(client);
  sockets.push(socket);
  return { client, socket };
}

describe('instant One-on-One request', () => {
  it('holds 0.30, answers {invitation_id, left_credit}, notifies her and his credit', async () => {
    const { client, socket } = await memberWithSocket('M1001');
    const answer = await client.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2001' });
    expect(answer).toEqual({ invitation_id: expect.stringMatching(/^[A-Za-z0-9_-]+$/), left_credit: 120.2 });
    expect(await credit(client)).toBe(120.2);
    const event = await ladySocket.waitFor((m) => m.route === EventRoute.memberInstantRequest);
    expect(event.req_data).toEqual({
      userid: 'M1001',
      nickname: 'James',
      invitation_id: answer.invitation_id,
      photourl: '/media/portrait/M1001.svg',
      left_seconds: MEMBER_REQUEST_LIFETIME_S,
    });
    const notice = await socket.waitFor((m) => m.route === EventRoute.credit);
    expect(notice.req_data).toEqual({ credit: 120.2 });
    expect(socket.events(EventRoute.lackOfCredit)).toHaveLength(0);

    // A second request to her while the first is open.
    expect(await errnoOf(client, InviteApi.sendBookingRequest, { userid: 'A2001' })).toEqual({
      errno: Errno.REQUEST_PENDING,
      errmsg: Messages.requestPending,
      data: null,
    });

    // Cancel: the hold comes back, she hears of it; a second cancel is refused.
    const cancelled = await client.call<CancelRequestAnswer>(InviteApi.cancelPrivateRequest, {
      invitation_id: answer.invitation_id,
    });
    expect(cancelled).toEqual({ left_credit: 120.5 });
    const gone = await ladySocket.waitFor((m) => m.route === EventRoute.requestCancelled);
    expect(gone.req_data).toEqual({
      invitation_id: answer.invitation_id,
      userid: 'M1001',
      nickname: 'James',
    });
    await socket.waitFor(
      (m) => m.route === EventRoute.credit && (m.req_data as { credit: number }).credit === 120.5,
    );
    expect(
      (await errnoOf(client, InviteApi.cancelPrivateRequest, { invitation_id: answer.invitation_id })).errno,
    ).toBe(Errno.REQUEST_CLOSED);
    expect(await credit(client)).toBe(120.5);
    // Both moves are in the ledger, once each, and it still sums to his balance.
    const moves = await server.repositories.ledger.forRef(answer.invitation_id);
    expect(moves.map((m) => [m.reason, m.delta])).toEqual([
      ['request_hold', -30],
      ['request_refund', 30],
    ]);
    expect(await server.repositories.ledger.total('M1001')).toBe(12_050);
  });

  it('answers each refusal with its errno and holds nothing', async () => {
    const m1001 = await server.loginAs('M1001');
    const cases: [Client, Record<string, string | number>, number][] = [
      [m1001, { userid: 'Z9999' }, Errno.NOT_FOUND],
      [m1001, { userid: 'M1002' }, Errno.NOT_FOUND],
      [m1001, { userid: 'A2064' }, Errno.NOT_FOUND], // suspended
      // book_time goes to scheduled booking; a time years ahead is off her bookable window.
      [m1001, { userid: 'A2001', book_time: 1_900_000_000, time_id: 't1' }, Errno.BOOK_TIME_UNAVAILABLE],
      [await server.loginAs('M1002'), { userid: 'A2001' }, Errno.NO_PRIVILEGE], // no oneonone
      [m1001, { userid: await offlineAnchor('oneonone') }, Errno.ANCHOR_OFFLINE],
      [m1001, { userid: 'A2016' }, Errno.ANCHOR_NO_ONEONONE], // online, no One-on-One
      [m1001, { userid: 'A2002' }, Errno.ANCHOR_NO_ONEONONE], // live, no One-on-One
      [lady, { userid: 'A2001' }, Errno.FORBIDDEN],
    ];
    for (const [client, fields, errno] of cases) {
      const body = await errnoOf(client, InviteApi.sendBookingRequest, fields);
      expect(body.errno, JSON.stringify(fields)).toBe(errno);
      expect(body.errmsg.length).toBeGreaterThan(10);
      expect(body.data).toBeNull();
    }
    expect(await credit(m1001)).toBe(120.5);
  });

  it('needs credit for one minute: 10025 below 0.30, and lackOfCredit once under it', async () => {
    await setPriv('M1004', { oneonone: 1 });
    const { client, socket } = await memberWithSocket('M1004');
    expect(await errnoOf(client, InviteApi.sendBookingRequest, { userid: 'A2003' })).toEqual({
      errno: Errno.NO_CREDIT,
      errmsg: Messages.noCredit,
      data: null,
    });
    await setCredit('M1004', 29);
    expect((await errnoOf(client, InviteApi.sendBookingRequest, { userid: 'A2003' })).errno).toBe(
      Errno.NO_CREDIT,
    );
    await setCredit('M1004', 50);
    const answer = await client.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2003' });
    expect(answer.left_credit).toBe(0.2);
    const lack = await socket.waitFor((m) => m.route === EventRoute.lackOfCredit);
    expect(lack.req_data).toEqual({ credit: 0.2 });
    // Exactly 0.30 is enough, and leaves nothing (never negative).
    await setCredit('M1004', 30);
    const exact = await client.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2004' });
    expect(exact.left_credit).toBe(0);
    expect(await credit(client)).toBe(0);
  });

  it('counts a broadcaster with a socket as online even when her stored state is offline', async () => {
    const anchorId = await offlineAnchor('oneonone');
    const m = await server.loginAs('M1005');
    expect((await errnoOf(m, InviteApi.sendBookingRequest, { userid: anchorId })).errno).toBe(
      Errno.ANCHOR_OFFLINE,
    );
    const her = await server.loginAs(anchorId);
    const herSocket = await server.socketFor(her);
    sockets.push(herSocket);
    const answer = await m.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: anchorId });
    const event = await herSocket.waitFor((msg) => msg.route === EventRoute.memberInstantRequest);
    expect(event.req_data).toMatchObject({ invitation_id: answer.invitation_id, userid: 'M1005' });
  });
});

describe('hang-out request', () => {
  it('reaches her with {invite_id, user_id, nickname}; refusals have their errno', async () => {
    const member = await server.loginAs('M1003');
    const answer = await member.call<HangoutRequestAnswer>(InviteApi.hangoutRequest, { anchor_id: 'A2001' });
    expect(answer.invite_id).toMatch(/^[A-Za-z0-9_-]+$/);
    const event = await ladySocket.waitFor((m) => m.route === EventRoute.memberHangoutRequest);
    expect(event.req_data).toMatchObject({
      invite_id: answer.invite_id,
      user_id: 'M1003',
      nickname: 'Michael',
    });
    expect((await errnoOf(member, InviteApi.hangoutRequest, { anchor_id: 'A2001' })).errno).toBe(
      Errno.REQUEST_PENDING,
    );
    expect((await errnoOf(member, InviteApi.hangoutRequest, { anchor_id: 'Z9999' })).errno).toBe(
      Errno.NOT_FOUND,
    );
    expect((await errnoOf(member, InviteApi.hangoutRequest, { anchor_id: 'A2005' })).errno).toBe(
      Errno.ANCHOR_NO_HANGOUT,
    );
    expect(
      (await errnoOf(member, InviteApi.hangoutRequest, { anchor_id: await offlineAnchor('hangout') })).errno,
    ).toBe(Errno.ANCHOR_OFFLINE);
    await setPriv('M1002', { hangout: 0 });
    const noPriv = await server.loginAs('M1002');
    expect((await errnoOf(noPriv, InviteApi.hangoutRequest, { anchor_id: 'A2001' })).errno).toBe(
      Errno.NO_PRIVILEGE,
    );
    expect((await errnoOf(lady, InviteApi.hangoutRequest, { anchor_id: 'A2001' })).errno).toBe(
      Errno.FORBIDDEN,
    );
  });
});

describe('the broadcaster answers requests', () => {
  it('lists open requests to her, accepts one and declines another (refunded), each once', async () => {
    const { client: james, socket: jamesSocket } = await memberWithSocket('M1001');
    const { client: william, socket: williamSocket } = await memberWithSocket('M1005');
    const a = await james.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2001' });
    const b = await william.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2001' });

    const { list } = await lady.call<IncomingRequestsData>(InviteApi.incomingRequests);
    const ids = list.map((r) => r.invitation_id);
    expect(ids.indexOf(b.invitation_id)).toBeLessThan(ids.indexOf(a.invitation_id));
    expect(list.find((r) => r.invitation_id === a.invitation_id)).toMatchObject({
      type: 'instant',
      userid: 'M1001',
      nickname: 'James',
      status: 'sent',
    });
    expect(list.some((r) => r.type === 'hangout' && r.userid === 'M1003')).toBe(true);
    // Another broadcaster sees none of hers.
    const other = await server.loginAs('A2003');
    const theirs = await other.call<IncomingRequestsData>(InviteApi.incomingRequests);
    expect(theirs.list.some((r) => r.invitation_id === a.invitation_id)).toBe(false);
    expect(
      (await errnoOf(other, InviteApi.handleBooking, { invitation_id: a.invitation_id, type: 1 })).errno,
    ).toBe(Errno.NOT_FOUND);

    const accepted = await lady.call<HandleBookingAnswer>(InviteApi.handleBooking, {
      invitation_id: a.invitation_id,
      type: 1,
    });
    expect(accepted).toEqual({ invitation_id: a.invitation_id, accepted: 1 });
    const toJames = await jamesSocket.waitFor((m) => m.route === EventRoute.requestHandled);
    expect(toJames.req_data).toEqual({
      invitation_id: a.invitation_id,
      anchor_id: 'A2001',
      nickname: expect.any(String),
      accepted: 1,
    });
    // Accepted One-on-One: the room is about to open, told once as a booking notice.
    const willStart = await jamesSocket.waitFor((m) => m.route === EventRoute.bookingNotice);
    expect(willStart.req_data).toEqual({
      type: 'requestWillStart',
      anchor_id: 'A2001',
      nickname: expect.any(String),
      photourl: expect.stringMatching(/^\/media\/portrait\/A2001\.svg$/),
      roomid: `PV${a.invitation_id}`,
      room_type: expect.any(Number),
    });
    expect([2, 4]).toContain((willStart.req_data as { room_type: number }).room_type);
    // A tab whose socket was away asks what became of it; nobody else can.
    expect(
      await james.call<RequestStatusAnswer>(InviteApi.requestStatus, { invitation_id: a.invitation_id }),
    ).toMatchObject({ invitation_id: a.invitation_id, anchor_id: 'A2001', status: 'accepted' });
    expect((await errnoOf(william, InviteApi.requestStatus, { invitation_id: a.invitation_id })).errno).toBe(
      Errno.NOT_FOUND,
    );
    expect(
      await william.call<RequestStatusAnswer>(InviteApi.requestStatus, { invitation_id: b.invitation_id }),
    ).toMatchObject({ status: 'sent' });
    // Accepted: the held minute pays the first minute of the show.
    expect(await credit(james)).toBe(120.2);

    const before = await credit(william);
    await lady.call(InviteApi.handleBooking, { invitation_id: b.invitation_id, type: 2 });
    const toWilliam = await williamSocket.waitFor((m) => m.route === EventRoute.requestHandled);
    expect(toWilliam.req_data).toMatchObject({ invitation_id: b.invitation_id, accepted: 0 });
    expect(await credit(william)).toBe(Number((before + 0.3).toFixed(2)));
    // Declined: no booking notice (accepted: exactly one, checked below after her retries).
    expect(williamSocket.events(EventRoute.bookingNotice)).toHaveLength(0);

    for (const id of [a.invitation_id, b.invitation_id]) {
      expect((await errnoOf(lady, InviteApi.handleBooking, { invitation_id: id, type: 1 })).errno).toBe(
        Errno.REQUEST_CLOSED,
      );
    }
    expect((await errnoOf(lady, InviteApi.handleBooking, { invitation_id: 'unknown', type: 1 })).errno).toBe(
      Errno.NOT_FOUND,
    );
    expect((await errnoOf(lady, InviteApi.handleBooking, { invitation_id: 'x', type: 3 })).errno).toBe(
      Errno.INVALID_PARAMS,
    );
    expect(
      (await errnoOf(james, InviteApi.handleBooking, { invitation_id: a.invitation_id, type: 1 })).errno,
    ).toBe(Errno.FORBIDDEN);
    await new Promise((r) => setTimeout(r, 100));
    expect(jamesSocket.events(EventRoute.bookingNotice)).toHaveLength(1);
    // The member may not cancel what she already answered.
    expect(
      (await errnoOf(james, InviteApi.cancelPrivateRequest, { invitation_id: a.invitation_id })).errno,
    ).toBe(Errno.REQUEST_CLOSED);
    expect(
      (await errnoOf(william, InviteApi.cancelPrivateRequest, { invitation_id: a.invitation_id })).errno,
    ).toBe(Errno.NOT_FOUND);
  });

  it('expires requests past their time: refunded once, closed to both sides', async () => {
    const { client, socket } = await memberWithSocket('M1001');
    const before = await credit(client);
    const r = await client.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2003' });
    await server.db.query(
      `UPDATE invitations SET expires_at = now() - interval '1 second' WHERE invite_id = $1`,
      [r.invitation_id],
    );
    expect(
      (await errnoOf(client, InviteApi.cancelPrivateRequest, { invitation_id: r.invitation_id })).errno,
    ).toBe(Errno.REQUEST_CLOSED);
    const other = await server.loginAs('A2003');
    expect((await other.call<IncomingRequestsData>(InviteApi.incomingRequests)).list).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ invitation_id: r.invitation_id })]),
    );
    expect(await server.services.requests.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await server.services.requests.expireDue()).toBe(0);
    expect(await credit(client)).toBe(before);
    await socket.waitFor(
      (m) => m.route === EventRoute.credit && (m.req_data as { credit: number }).credit === before,
    );
  });
});
