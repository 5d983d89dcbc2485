/**
 * Live rooms on two product processes sharing one Janus, PostgreSQL and Redis, as behind a load
 * balancer with no sticky sessions: each party's requests alternate between the processes. A
 * One-on-One he entered through A is joined, watched, billed, resumed after his reload and ended
 * through B as well as A, with each side's media arriving; a hang-out she started through A takes his
 * entry, a friend's knock and its end through B as well; her public room's chat and End through the
 * process holding neither her camera nor his seat reach him; he is in one room at a time whichever
 * process each room was entered through; a premium room's cap counts the members
 * still connecting on either process; her viewer list, asked through either, lists them all.
 * A process dying under live rooms: live-cluster-gone.test.ts. Fails, not skips, when Janus, PostgreSQL or Redis is missing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  HangoutApi,
  HangoutEvent,
  type HangoutKnockAnswer,
  type HangoutRoom,
  type HangoutSlot,
  type HangoutStartAnswer,
  HangoutStatus,
  type HangoutWatchAnswer,
} from '../../../protocol/hangouts/hangout';
import {
  type HerOneOnOne,
  type JoinPrivateAnswer,
  LiveApi,
  LiveErrno,
  LiveEvent,
  type MemberWatchAnswer,
  PREMIUM_ROOM_VIEWERS,
  ROOM_CHAT_EVENT,
  type ViewersAnswer,
  type WatchAnswer,
} from '../../../protocol/live/live';
import { QualityApi } from '../../../protocol/live/quality';
import {
  type BookingRequestAnswer,
  EventRoute,
  type HangoutRequestAnswer,
  InviteApi,
} from '../../../protocol/realtime';
import { type JanusProcess, startJanus } from '../../../server/sfu/janus-process';
import { clipPeers, freePort, receiving } from '../clip-peers';
import { type Client, startCluster, type TestCluster, type TestSocket } from '../harness';
import { creditOf, liveTestConfig, membersLikeM1001, premiumAnchor, sameSession } from './live-support';

let janus: JanusProcess;
let cluster: TestCluster;
let now = Date.parse('2026-11-24T12:00:00Z');
const media = clipPeers();
const { camera, receiver } = media;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  janus = await startJanus({ port: await freePort() });
  const live = { ...liveTestConfig(() => now), sfu: 'janus' as const, janusUrls: [janus.url] };
  cluster = await startCluster({ live });
  await cluster.a.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid = 'A2001'`,
  );
}, 60_000);
afterAll(async () => {
  await media.close();
  for (const socket of sockets) socket.close();
  await cluster?.close();
  await janus?.stop();
});

/** One signed-in party whose every request goes to the other process than the one before. */
async function alternating(userid: string, first: 'a' | 'b') {
  const { a, b } = cluster;
  const onA = await a.loginAs(userid);
  const clients = [onA, sameSession(onA, b)];
  let next = first === 'a' ? 0 : 1;
  const served: string[] = [];
  return {
    served,
    call<T>(path: string, fields: Record<string, string | number> = {}): Promise<T> {
      served.push(next === 0 ? 'a' : 'b');
      const client = clients[next] as Client;
      next = 1 - next;
      return client.call<T>(path, fields);
    },
    /** One call through the process `on`, out of turn. */
    callOn<T>(on: 'a' | 'b', path: string): Promise<T> {
      return (clients[on === 'a' ? 0 : 1] as Client).call<T>(path);
    },
    /** Its socket, on the process `on`. */
    async socket(on: 'a' | 'b') {
      const socket = await cluster[on].socketFor(onA);
      sockets.push(socket);
      return socket;
    },
  };
}

const seatsListed = async () =>
  Number((await cluster.a.db.query<{ n: unknown }>('SELECT count(*) AS n FROM live_seats'))[0]?.n);

it('runs a One-on-One he entered through A whichever process each of their requests reaches', async () => {
  const { a, b } = cluster;
  const him = await alternating('M1001', 'b');
  const her = await alternating('A2001', 'a');
  const hisSocket = await him.socket('b');
  const herSocket = await her.socket('a');

  const request = await him.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2001' });
  await her.call(InviteApi.handleBooking, { invitation_id: request.invitation_id, type: 1 });
  const roomid = `PV${request.invitation_id}`;
  // He enters through A (his seat is held there) and answers through B.
  const entered = await him.call<WatchAnswer>(LiveApi.watch, { anchorid: 'A2001', type: 'private', roomid });
  expect(entered.waiting).toBe(1);
  const hisView = await receiver(entered.sdp);
  await him.call(LiveApi.answer, { viewer_id: entered.viewer_id, sdp: hisView.answer });
  // Her workspace, asked through B, finds him waiting.
  expect(await her.call<HerOneOnOne>(LiveApi.herOneOnOne)).toMatchObject({
    status: 'waitingUserConfirm',
    room: { room_id: roomid, user_id: 'M1001' },
  });
  await her.call(LiveApi.ladyChat, { room_id: roomid, text: 'one moment' });

  // She joins through B: her camera reaches him.
  const hers = await camera();
  const joined = await her.call<JoinPrivateAnswer>(LiveApi.joinPrivate, { room_id: roomid, sdp: hers.offer });
  expect(joined.user_id).toBe('M1001');
  await hers.take(joined.sdp);
  await receiving(hisView.got);
  const afterHold = await creditOf(a, 'M1001');

  // His camera, published through A; her view of it offered through A, answered through B.
  const his = await camera();
  const published = await him.call<{ sdp: string }>(LiveApi.memberCamera, {
    viewer_id: entered.viewer_id,
    sdp: his.offer,
  });
  await his.take(published.sdp);
  const view = await her.call<MemberWatchAnswer>(LiveApi.watchMember, { room_id: roomid });
  const herView = await receiver(view.sdp);
  await her.call(LiveApi.answerMember, { viewer_id: view.viewer_id, sdp: herView.answer });
  await receiving(herView.got);
  expect(await her.call<HerOneOnOne>(LiveApi.herOneOnOne)).toMatchObject({
    status: 'living',
    room: { room_id: roomid, camera: 1 },
  });

  // His steps through B reach his seat on A: a chat line she hears, a picture layer.
  const line = herSocket.waitFor(
    (m) => m.route === ROOM_CHAT_EVENT && (m.req_data as { text?: string }).text === 'hello',
  );
  await him.call(LiveApi.memberChat, { viewer_id: entered.viewer_id, text: 'hello' });
  expect((await line).req_data).toMatchObject({ room_id: roomid });
  await him.call(QualityApi.setQuality, { viewer_id: entered.viewer_id, quality: 'sd' });

  // 65 s with her: B's tick charges the second minute (the request's hold paid the first).
  now += 65_000;
  await b.services.live.tick();
  expect(await creditOf(a, 'M1001')).toBe(afterHold - 30);

  // His reload reaches B: the visit resumes where his seat is, her camera reaching his new window.
  const again = await him.call<WatchAnswer>(LiveApi.watch, { anchorid: 'A2001', type: 'private', roomid });
  expect(again).toMatchObject({ room_id: roomid, waiting: 0 });
  const newView = await receiver(again.sdp);
  await him.call(LiveApi.answer, { viewer_id: again.viewer_id, sdp: newView.answer });
  await receiving(newView.got);
  const visits = await a.db.query('SELECT 1 FROM live_sessions WHERE room_id = $1', [roomid]);
  expect(visits).toHaveLength(1);

  // She ends it through B: he hears "end", she hears he left, the visit ends "end".
  const closed = hisSocket.waitFor((m) => m.route === EventRoute.roomClose);
  const left = herSocket.waitFor((m) => m.route === LiveEvent.memberLeft);
  await her.call(LiveApi.leavePrivate, { room_id: roomid });
  expect((await closed).req_data).toMatchObject({ room_id: roomid, status: 'end' });
  expect((await left).req_data).toMatchObject({ room_id: roomid, status: 'end' });
  const endStatus = async () =>
    (
      await a.db.query<{ end_status: string | null }>(
        'SELECT end_status FROM live_sessions WHERE room_id = $1',
        [roomid],
      )
    )[0]?.end_status;
  await expect.poll(endStatus).toBe('end');
  expect(await her.call<HerOneOnOne>(LiveApi.herOneOnOne)).toEqual({ status: '' });
  await expect.poll(seatsListed).toBe(0);
  // Both parties' requests really went to both processes.
  expect(new Set(him.served)).toEqual(new Set(['a', 'b']));
  expect(new Set(her.served)).toEqual(new Set(['a', 'b']));
}, 60_000);

it("takes a hang-out's entry, a friend's knock, her letting the friend in and the end through either process", async () => {
  const { a } = cluster;
  await a.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day',
       priv = jsonb_set(priv, '{hangout}', '1') WHERE userid IN ('A2001', 'A2005')`,
  );
  await a.db.query(
    `INSERT INTO anchor_friends (anchor_id, friend_id) VALUES ('A2001', 'A2005'), ('A2005', 'A2001')
     ON CONFLICT DO NOTHING`,
  );
  const him = await alternating('M1001', 'a');
  const host = await alternating('A2001', 'a');
  const friend = await alternating('A2005', 'b');
  const hisSocket = await him.socket('b');
  const friendSocket = await friend.socket('a');

  // She starts it through A: the room is held there.
  const request = await him.call<HangoutRequestAnswer>(InviteApi.hangoutRequest, { anchor_id: 'A2001' });
  const hostCamera = await camera();
  const started = await host.call<HangoutStartAnswer>(HangoutApi.start, {
    invite_id: request.invite_id,
    sdp: hostCamera.offer,
  });
  await hostCamera.take(started.sdp);
  const roomId = started.room_id;
  // He comes in through B and sees her camera: offered through A, answered through B.
  await him.call<HangoutRoom>(HangoutApi.enter, { anchorid: 'A2001' });
  const offer = await him.call<HangoutWatchAnswer>(HangoutApi.watch, { room_id: roomId, anchor_id: 'A2001' });
  const hisView = await receiver(offer.sdp);
  await him.call(HangoutApi.answer, { viewer_id: offer.viewer_id, sdp: hisView.answer });
  await receiving(hisView.got);

  // Her friend knocks through B with her camera; the host sees it (through B, answered through A).
  const friendCamera = await camera();
  const knock = await friend.call<HangoutKnockAnswer>(HangoutApi.knock, {
    room_id: roomId,
    sdp: friendCamera.offer,
  });
  await friendCamera.take(knock.sdp);
  const seen = await host.call<HangoutWatchAnswer>(HangoutApi.watch, { room_id: roomId, anchor_id: 'A2005' });
  const hostView = await receiver(seen.sdp);
  await host.call(HangoutApi.answer, { viewer_id: seen.viewer_id, sdp: hostView.answer });
  await receiving(hostView.got);
  // She lets her in through B; the friend's workspace, asked through A, finds the room.
  const accepted = friendSocket.waitFor(
    (m) =>
      m.route === HangoutEvent.slots &&
      (m.req_data as { slots: HangoutSlot[] }).slots.some((s) => s.status.type === HangoutStatus.accept),
  );
  await host.call(HangoutApi.accept, { room_id: roomId, anchor_id: 'A2005' });
  await accepted;
  const mine = await friend.call<{ room: HangoutRoom | null }>(HangoutApi.mine);
  expect(mine.room?.room_id).toBe(roomId);

  // She ends it through A: he, his socket on B, hears it ended.
  const ended = hisSocket.waitFor((m) => m.route === HangoutEvent.end);
  await host.call(HangoutApi.ladyLeave, { room_id: roomId });
  expect((await ended).req_data).toMatchObject({ room_id: roomId, status: 'end' });
}, 60_000);

it("takes her public room's chat and End through the process holding neither her camera nor his seat", async () => {
  const her = await alternating('A2001', 'a');
  const him = await alternating('M1002', 'a');
  const hisSocket = await him.socket('b');
  // She goes live through A; he enters through A and answers through B.
  const cam = await camera();
  const live = await her.call<{ sdp: string; room_id: string }>(LiveApi.goLive, {
    sdp: cam.offer,
    room_type: 1,
  });
  await cam.take(live.sdp);
  const watched = await him.call<WatchAnswer>(LiveApi.watch, { anchorid: 'A2001', type: 'public' });
  const view = await receiver(watched.sdp);
  await him.call(LiveApi.answer, { viewer_id: watched.viewer_id, sdp: view.answer });
  await receiving(view.got);

  // Her chat line through B reaches him; her viewer list through A has him.
  const line = hisSocket.waitFor(
    (m) => m.route === ROOM_CHAT_EVENT && (m.req_data as { text?: string }).text === 'hi all',
  );
  await her.call(LiveApi.ladyChat, { room_id: live.room_id, text: 'hi all' });
  await line;
  const viewers = await her.call<ViewersAnswer>(LiveApi.viewers);
  expect(viewers.viewers.map((v) => v.user_id)).toEqual(['M1002']);
  // Asked through B (neither her camera nor his seat is there), it lists him too, with his name.
  const fromB = await her.callOn<ViewersAnswer>('b', LiveApi.viewers);
  expect(fromB.viewers).toEqual(viewers.viewers);

  // Her End reaches B, which holds neither her camera nor his seat: he is told, and her media stops.
  const closed = hisSocket.waitFor((m) => m.route === EventRoute.roomClose);
  await her.call(LiveApi.endLive);
  expect((await closed).req_data).toMatchObject({ room_id: live.room_id, status: 'end' });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = view.got.packets;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(view.got.packets).toBe(after);
}, 60_000);

it('keeps him in one room at a time when he enters the next one through the other process', async () => {
  const rooms = await cluster.a.db.query<{ userid: string }>(
    `SELECT userid FROM anchors WHERE state = 'live' AND room_type = 1 AND userid <> 'A2001' ORDER BY userid LIMIT 2`,
  );
  const [first, next] = rooms.map((r) => r.userid);
  const him = await alternating('M1003', 'a');
  const hisSocket = await him.socket('b');
  const there = await him.call<WatchAnswer>(LiveApi.watch, { anchorid: first as string, type: 'public' });
  await him.call(LiveApi.answer, { viewer_id: there.viewer_id, sdp: (await receiver(there.sdp)).answer });
  await him.call(LiveApi.memberChat, { viewer_id: there.viewer_id, text: 'bye' });
  // His next room through B: his seat in the first, held by A, ends with sameRoom.
  const left = hisSocket.waitFor((m) => m.route === EventRoute.roomClose);
  await him.call<WatchAnswer>(LiveApi.watch, { anchorid: next as string, type: 'public' });
  expect((await left).req_data).toMatchObject({ room_id: there.room_id, status: 'sameRoom' });
  expect(him.served).toEqual(['a', 'b', 'a', 'b']);
}, 60_000);

it("counts a premium room's members still connecting on either process against its cap", async () => {
  const { a, b } = cluster;
  const anchorid = await premiumAnchor(a);
  const ids = Array.from({ length: PREMIUM_ROOM_VIEWERS + 1 }, (_, i) => `M19${50 + i}`);
  await membersLikeM1001(a, ids);
  const ask = { anchorid, type: 'public', price_ok: '1' };
  // The seats are taken (each member's window asked for the room) but none has answered yet.
  for (const [i, id] of ids.slice(0, PREMIUM_ROOM_VIEWERS).entries()) {
    const member = await (i % 2 === 0 ? a : b).loginAs(id);
    expect((await member.form(LiveApi.watch, ask)).body.errno).toBe(0);
  }
  for (const server of [a, b]) {
    const late = await server.loginAs(ids.at(-1) as string);
    expect((await late.form(LiveApi.watch, ask)).body.errno).toBe(LiveErrno.ROOM_FULL);
  }
}, 60_000);
