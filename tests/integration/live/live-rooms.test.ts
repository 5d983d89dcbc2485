/**
 * Live rooms end to end at the API, with real WebRTC peers (werift) on both sides and the billing
 * clock moved by hand: a One-on-One from an accepted request (the request's hold pays the first
 * minute, she joins with her camera, he turns his on), a reload that resumes the same session
 * without paying twice, and every end status the server causes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  type JoinPrivateAnswer,
  LiveApi,
  LiveEvent,
  LiveText,
  type MemberWatchAnswer,
  ROOM_CHAT_EVENT,
  type WatchAnswer,
} from '../../../protocol/live/live';
import { type BookingRequestAnswer, EventRoute, InviteApi } from '../../../protocol/realtime';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';
import { rtcPeers } from '../rtc-peers';
import { creditOf, liveTestConfig } from './live-support';

let server: TestServer;
let now = Date.parse('2026-11-24T12:00:00Z');
const rtc = rtcPeers();

beforeAll(async () => {
  const live = liveTestConfig(() => now);
  server = await startServer({ config: { live } });
  // Their face-ID check passed (tests/integration/face-id/face-id.test.ts goes through the check itself).
  await server.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid IN ('A2001', 'A2005')`,
  );
});
afterAll(async () => {
  await rtc.close();
  await server?.close();
});

const credit = (userid: string) => creditOf(server, userid);
const withSocket = (userid: string) => rtc.withSocket(server, userid);
const { answerOffer, cameraOffer } = rtc;
async function enter(member: Client, fields: Record<string, string>) {
  const offer = await member.call<WatchAnswer>(LiveApi.watch, fields);
  await member.call(LiveApi.answer, { viewer_id: offer.viewer_id, sdp: await answerOffer(offer.sdp) });
  return offer;
}
const tick = () => server.services.live.tick();
/** The next room-close notice the socket gets after those already taken. */
const taken = new Set<unknown>();
function nextClose(socket: TestSocket) {
  return socket
    .waitFor((m) => m.route === EventRoute.roomClose && !taken.has(m))
    .then((m) => {
      taken.add(m);
      return (m.req_data ?? {}) as { room_id: string; status: string };
    });
}

describe('One-on-One', () => {
  it('opens from her accepted request, waits for her, bills from the second minute, and resumes on reload', async () => {
    const lady = await withSocket('A2001');
    const james = await withSocket('M1001');
    const request = await james.client.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, {
      userid: 'A2001',
    });
    await lady.client.call(InviteApi.handleBooking, { invitation_id: request.invitation_id, type: 1 });
    const roomid = `PV${request.invitation_id}`;
    const afterHold = await credit('M1001');

    const entered = lady.socket.waitFor((m) => m.route === LiveEvent.memberEntered);
    const offer = await enter(james.client, { anchorid: 'A2001', type: 'private', roomid });
    expect(offer).toMatchObject({ room_id: roomid, room_type: 2, credit_per_minute: 0.3, waiting: 1 });
    expect((await entered).req_data).toMatchObject({ room_id: roomid, user_id: 'M1001' });

    // She joins with her camera: his first minute was paid by the request's hold.
    const camera = await cameraOffer();
    const joined = await lady.client.call<JoinPrivateAnswer>(LiveApi.joinPrivate, {
      room_id: roomid,
      sdp: camera.sdp,
    });
    await camera.take(joined.sdp);
    expect(joined).toMatchObject({ user_id: 'M1001', nickname: 'James' });
    expect(await credit('M1001')).toBe(afterHold);

    // Two-way video: he turns his camera on, she is told and watches it.
    const his = await cameraOffer();
    const cameraOn = lady.socket.waitFor((m) => m.route === LiveEvent.memberCamera);
    const hisAnswer = await james.client.call<{ sdp: string }>(LiveApi.memberCamera, {
      viewer_id: offer.viewer_id,
      sdp: his.sdp,
    });
    await his.take(hisAnswer.sdp);
    expect((await cameraOn).req_data).toMatchObject({ camera: 1 });
    const view = await lady.client.call<MemberWatchAnswer>(LiveApi.watchMember, { room_id: roomid });
    await lady.client.call(LiveApi.answerMember, {
      viewer_id: view.viewer_id,
      sdp: await answerOffer(view.sdp),
    });

    now += 60_000;
    await tick();
    expect(await credit('M1001')).toBe(afterHold - 30);

    // A reload: a new connection, the same session; nothing is paid again and no end is announced.
    const closesBefore = james.socket.events(EventRoute.roomClose).length;
    const again = await enter(james.client, { anchorid: 'A2001', type: 'private', roomid });
    expect(again.waiting).toBe(0);
    await tick();
    expect(await credit('M1001')).toBe(afterHold - 30);
    now += 60_000;
    await tick();
    expect(await credit('M1001')).toBe(afterHold - 60);
    expect(james.socket.events(EventRoute.roomClose)).toHaveLength(closesBefore);

    // She ends it: his room closes with 'end', and later minutes are not charged.
    const closed = nextClose(james.socket);
    await lady.client.call(LiveApi.leavePrivate, { room_id: roomid });
    expect(await closed).toMatchObject({ room_id: roomid, status: 'end' });
    now += 5 * 60_000;
    await tick();
    expect(await credit('M1001')).toBe(afterHold - 60);
  });

  it('cannot be reached from an address alone', async () => {
    const member = await server.loginAs('M1003');
    const answer = await member.form(LiveApi.watch, {
      anchorid: 'A2001',
      type: 'private',
      roomid: 'PVnothing',
    });
    expect(answer.body.errno).toBe(Errno.NO_PRIVILEGE);
  });
});

describe('end statuses the server causes', () => {
  it('sameRoom, willPrivate, common and end reach the member with their status', async () => {
    const lady = await withSocket('A2005');
    const goLive = async (camera?: Awaited<ReturnType<typeof cameraOffer>>) => {
      camera ??= await cameraOffer();
      const answer = await lady.client.call<{ sdp: string }>(LiveApi.goLive, {
        sdp: camera.sdp,
        room_type: 1,
      });
      await camera.take(answer.sdp);
    };
    const watcher = await withSocket('M1005');
    const next = () => nextClose(watcher.socket);
    const status = async (wait: Promise<{ status: string }>) => (await wait).status;

    /** Leaves the room he is in (no notice: he chose to) and enters hers. */
    let current: WatchAnswer | undefined;
    const watchHer = async (anchorid = 'A2005') => {
      if (current) await watcher.client.call(LiveApi.leave, { viewer_id: current.viewer_id });
      current = await enter(watcher.client, { anchorid, type: 'public' });
    };

    await goLive();
    await watchHer();
    // Another room in another window: the first says why it closed.
    let closed = next();
    current = await enter(watcher.client, { anchorid: 'A2002', type: 'public' });
    expect(await status(closed)).toBe('sameRoom');

    // She starts again (a second tab): the viewers of the first broadcast are told 'common'.
    await watchHer();
    const secondTab = await cameraOffer();
    closed = next();
    await goLive(secondTab);
    expect(await status(closed)).toBe('common');

    // She ends her broadcast: 'end'.
    current = undefined;
    await watchHer();
    closed = next();
    await lady.client.call(LiveApi.endLive, {});
    expect(await status(closed)).toBe('end');
    const gone = await watcher.client.form(LiveApi.watch, { anchorid: 'A2005', type: 'public' });
    expect(gone.body.errno).toBe(Errno.ANCHOR_NOT_LIVE);

    // Live again, and a member's request takes her into a One-on-One: the public room closes with 'willPrivate'.
    await goLive();
    current = undefined;
    await watchHer();
    const suitor = await withSocket('M1004');
    await server.db.query(
      `UPDATE members SET credit = 5000, priv = priv || '{"oneonone": 1}'::jsonb WHERE userid = 'M1004'`,
    );
    await server.db.query(
      `UPDATE anchors SET priv = priv || '{"oneonone": 1}'::jsonb WHERE userid = 'A2005'`,
    );
    const request = await suitor.client.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, {
      userid: 'A2005',
    });
    await lady.client.call(InviteApi.handleBooking, { invitation_id: request.invitation_id, type: 1 });
    await enter(suitor.client, { anchorid: 'A2005', type: 'private', roomid: `PV${request.invitation_id}` });
    const camera = await cameraOffer();
    closed = next();
    await lady.client.call(LiveApi.joinPrivate, { room_id: `PV${request.invitation_id}`, sdp: camera.sdp });
    expect(await status(closed)).toBe('willPrivate');
  });

  it('a login elsewhere stops the old window at once; the new login resumes the visit, or it ends with loginKicked', async () => {
    const sessions = async () =>
      server.db.query<{ session_id: string; end_status: string | null }>(
        `SELECT session_id, end_status FROM live_sessions WHERE member_id = 'M1002' ORDER BY started_at DESC`,
      );
    const first = await server.loginAs('M1002');
    await enter(first, { anchorid: 'A2009', type: 'public', price_ok: '1' });
    expect(await server.services.live.viewerCount('A2009')).toBe(1);
    // He signs in again (another device) and opens the room again at once: the same visit goes on.
    const second = await server.loginAs('M1002');
    await expect.poll(() => server.services.live.viewerCount('A2009')).toBe(0);
    await enter(second, { anchorid: 'A2009', type: 'public', price_ok: '1' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const [visit, ...earlier] = await sessions();
    expect(visit?.end_status).toBeNull();
    expect(earlier.filter((v) => v.end_status === null)).toEqual([]);

    // Signed in elsewhere again and not coming back: the visit ends with loginKicked.
    await server.loginAs('M1002');
    await expect.poll(async () => (await sessions())[0]?.end_status).toBe('loginKicked');
    expect((await sessions())[0]?.session_id).toBe(visit?.session_id);
  });
});

describe('a show room', () => {
  it('opens to ticket holders from a minute before the start to the end, and to nobody else', async () => {
    const [show] = await server.db.query<{ live_show_id: string; anchor_id: string }>(
      `SELECT live_show_id, anchor_id FROM shows WHERE status = 1 ORDER BY live_show_id LIMIT 1`,
    );
    if (!show) throw new Error('no show in the demo data');
    const at = (offsetS: number) =>
      server.db.query('UPDATE shows SET start_time = $2, duration_min = 30 WHERE live_show_id = $1', [
        show.live_show_id,
        new Date(now + offsetS * 1000),
      ]);
    await server.db.query(
      `INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ($1, 'M1003', 1, 100)
       ON CONFLICT (live_show_id, member_id) DO UPDATE SET status = 1`,
      [show.live_show_id],
    );
    await server.db.query(`DELETE FROM tickets WHERE live_show_id = $1 AND member_id = 'M1005'`, [
      show.live_show_id,
    ]);
    const holder = await server.loginAs('M1003');
    const stranger = await server.loginAs('M1005');
    const ask = { anchorid: show.anchor_id, type: 'public', liveShowid: show.live_show_id };

    await at(120);
    expect((await holder.form(LiveApi.watch, ask)).body).toMatchObject({
      errno: Errno.ANCHOR_NOT_LIVE,
      errmsg: LiveText.showNotYet,
    });
    // Watch Now: within a minute of the start.
    await at(50);
    const entered = await enter(holder, ask);
    expect(entered).toMatchObject({ room_id: `PS${show.live_show_id}`, credit_per_minute: 0 });
    expect((await stranger.form(LiveApi.watch, ask)).body).toMatchObject({
      errno: Errno.NO_PRIVILEGE,
      errmsg: LiveText.noTicket,
    });
    // Over once its 30 minutes have gone.
    await at(-31 * 60);
    expect((await holder.form(LiveApi.watch, ask)).body).toMatchObject({ errmsg: LiveText.showOver });
  });
});

describe('her show', () => {
  it('she broadcasts it from Watch Now to its ticket holders, waiting ones included, and End closes it', async () => {
    const [show] = await server.db.query<{ live_show_id: string; anchor_id: string }>(
      `SELECT live_show_id, anchor_id FROM shows WHERE status = 1 AND anchor_id <> 'A2001'
        ORDER BY live_show_id DESC LIMIT 1`,
    );
    if (!show) throw new Error('no show in the demo data');
    const { live_show_id, anchor_id } = show;
    await server.db.query(
      `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid = $1`,
      [anchor_id],
    );
    await server.db.query(
      `INSERT INTO tickets (live_show_id, member_id, status, price) VALUES ($1, 'M1003', 1, 100)
       ON CONFLICT (live_show_id, member_id) DO UPDATE SET status = 1`,
      [live_show_id],
    );
    const at = (offsetS: number) =>
      server.db.query('UPDATE shows SET start_time = $2, duration_min = 30 WHERE live_show_id = $1', [
        live_show_id,
        new Date(now + offsetS * 1000),
      ]);
    const [{ state: stateBefore } = { state: '' }] = await server.db.query<{ state: string }>(
      'SELECT state FROM anchors WHERE userid = $1',
      [anchor_id],
    );
    const lady = await withSocket(anchor_id);
    const holder = await withSocket('M1003');
    const startShow = async () => {
      const camera = await cameraOffer();
      const answer = await lady.client.form<{ room_id: string; sdp: string }>(LiveApi.goLive, {
        sdp: camera.sdp,
        live_show_id,
      });
      if (answer.body.errno === 0) await camera.take(answer.body.data.sdp);
      return answer.body;
    };

    await at(120);
    expect(await startShow()).toMatchObject({ errno: Errno.ANCHOR_NOT_LIVE, errmsg: LiveText.showNotYet });
    // Another broadcaster cannot start her show.
    const other = await server.loginAs('A2001');
    const theirs = await other.form(LiveApi.goLive, { sdp: (await cameraOffer()).sdp, live_show_id });
    expect(theirs.body.errno).toBe(Errno.NOT_FOUND);

    // Watch Now: he is in before her, and waits for her (she is online); she is not asked to join.
    await at(50);
    const entered = await enter(holder.client, {
      anchorid: anchor_id,
      type: 'public',
      liveShowid: live_show_id,
    });
    expect(entered).toMatchObject({ room_id: `PS${live_show_id}`, waiting: 1 });
    expect(await startShow()).toMatchObject({ errno: 0, data: { room_id: `PS${live_show_id}` } });
    const viewers = await lady.client.call<{ room_id: string; viewers: { user_id: string }[] }>(
      LiveApi.viewers,
      {},
    );
    expect(viewers.room_id).toBe(`PS${live_show_id}`);
    expect(viewers.viewers.map((v) => v.user_id)).toEqual(['M1003']);
    expect(lady.socket.received.some((m) => m.route === LiveEvent.memberEntered)).toBe(false);
    // Her show is not her public room: Discover's Live badge is not hers for it.
    const [{ state } = { state: '' }] = await server.db.query<{ state: string }>(
      'SELECT state FROM anchors WHERE userid = $1',
      [anchor_id],
    );
    expect(state).toBe(stateBefore);

    const closed = holder.socket.waitFor(
      (m) => m.route === EventRoute.roomClose && JSON.stringify(m.req_data).includes(`PS${live_show_id}`),
    );
    await lady.client.call(LiveApi.endLive, {});
    expect((await closed).req_data).toMatchObject({ room_id: `PS${live_show_id}`, status: 'end' });
  });
});

describe('ICE servers', () => {
  it('are given to a signed-in member or broadcaster before they offer a camera, and to nobody else', async () => {
    for (const userid of ['M1001', 'A2001']) {
      const client = await server.loginAs(userid);
      const answer = await client.call<{ ice_servers: unknown[] }>(LiveApi.iceServers, {});
      expect(Array.isArray(answer.ice_servers), userid).toBe(true);
    }
    const visitor = await server.client().form(LiveApi.iceServers, {});
    expect(visitor.body.errno).not.toBe(0);
  });
});

describe("a room's chat", () => {
  it('reaches everyone in the room filtered, and holds 240 characters with an emoji counting one', async () => {
    const james = await withSocket('M1001');
    const offer = await enter(james.client, { anchorid: 'A2002', type: 'public' });
    const line = james.socket.waitFor((m) => m.route === ROOM_CHAT_EVENT);
    await james.client.call(LiveApi.memberChat, {
      viewer_id: offer.viewer_id,
      text: 'write to me at me@example.com',
    });
    expect((await line).req_data).toMatchObject({
      room_id: offer.room_id,
      from_id: 'M1001',
      nickname: 'James',
      text: 'write to me at *****',
    });
    const full = `${'a'.repeat(239)}[emo:13]`;
    expect(
      (await james.client.form(LiveApi.memberChat, { viewer_id: offer.viewer_id, text: full })).body.errno,
    ).toBe(0);
    const over = await james.client.form(LiveApi.memberChat, {
      viewer_id: offer.viewer_id,
      text: `${full}b`,
    });
    expect(over.body).toMatchObject({ errno: Errno.INVALID_PARAMS, errmsg: LiveText.chatTooLong });
    // Not his connection: refused.
    const other = await server.loginAs('M1003');
    const refused = await other.form(LiveApi.memberChat, { viewer_id: offer.viewer_id, text: 'hi' });
    expect(refused.body.errno).toBe(Errno.LIVE_CONNECTION_GONE);
  });
});
