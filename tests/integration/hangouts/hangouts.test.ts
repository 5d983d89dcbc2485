/**
 * Hang-out rooms end to end at the API, with real WebRTC peers (werift) and the clock moved by hand:
 * both privileges, A2001 starting M1001's hang-out from his request, 18003 while he is in it, every
 * slot transition (invite, knock, accept → countback → living, refuse and the 5 s reset, the knock
 * time-out, leaving), his minutes charged once each through the live rooms' billing, and lackCredit.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  HANGOUT_ALREADY,
  HANGOUT_NOT_STARTED,
  HangoutApi,
  HangoutEvent,
  type HangoutKnockAnswer,
  type HangoutRoom,
  type HangoutSlot,
  type HangoutStartAnswer,
  HangoutStatus,
  type HangoutWatchAnswer,
  LEAVE_HANGOUT_ROUTE,
  SLOT_RESET_MS,
} from '../../../protocol/hangouts/hangout';
import { LiveErrno } from '../../../protocol/live/live';
import { type HangoutRequestAnswer, InviteApi } from '../../../protocol/realtime';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';
import { creditOf, liveTestConfig } from '../live/live-support';
import { rtcPeers } from '../rtc-peers';

let server: TestServer;
let now = Date.parse('2026-11-24T12:00:00Z');
const rtc = rtcPeers();
const FRIENDS = ['A2005', 'A2006'];

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => now) } });
  const ladies = ['A2001', ...FRIENDS];
  await server.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day',
       priv = jsonb_set(priv, '{hangout}', '1') WHERE userid = ANY($1)`,
    [ladies],
  );
  for (const friend of FRIENDS)
    await server.db.query(
      `INSERT INTO anchor_friends (anchor_id, friend_id) VALUES ('A2001', $1), ($1, 'A2001')
       ON CONFLICT DO NOTHING`,
      [friend],
    );
});
afterAll(async () => {
  await rtc.close();
  await server?.close();
});

const withSocket = (userid: string) => rtc.withSocket(server, userid);
const { cameraOffer } = rtc;
async function watch(client: Client, roomId: string, anchorId: string) {
  const offer = await client.call<HangoutWatchAnswer>(HangoutApi.watch, {
    room_id: roomId,
    anchor_id: anchorId,
  });
  return client.form(HangoutApi.answer, {
    viewer_id: offer.viewer_id,
    sdp: await rtc.answerOffer(offer.sdp),
  });
}
const sweep = () => server.services.hangouts.sweep();
const slot = (room: { slots: HangoutSlot[] }, n: number) => room.slots[n - 1] as HangoutSlot;
const room = (client: Client, roomId: string) =>
  client.call<HangoutRoom>(HangoutApi.room, { room_id: roomId });
/** The next slot notice on the socket with slot n in `status`. */
const slotNotice = (socket: TestSocket, n: number, status: number) =>
  socket
    .waitFor(
      (m) =>
        m.route === HangoutEvent.slots &&
        (m.req_data as { slots: HangoutSlot[] }).slots[n - 1]?.status.type === status,
    )
    .then((m) => m.req_data as { slots: HangoutSlot[] });

let roomId = '';
let lady: Awaited<ReturnType<typeof withSocket>>;
let james: Awaited<ReturnType<typeof withSocket>>;

it('needs both hang-out privileges, and 18004 until she starts it', async () => {
  lady = await withSocket('A2001');
  james = await withSocket('M1001');
  await server.db.query(`UPDATE anchors SET priv = jsonb_set(priv, '{hangout}', '0') WHERE userid = 'A2001'`);
  const hers = await james.client.form(InviteApi.hangoutRequest, { anchor_id: 'A2001' });
  expect(hers.body.errno).toBe(Errno.ANCHOR_NO_HANGOUT);
  await server.db.query(`UPDATE anchors SET priv = jsonb_set(priv, '{hangout}', '1') WHERE userid = 'A2001'`);

  // A request sent while he had the privilege cannot start once he lost it.
  const request = await james.client.call<HangoutRequestAnswer>(InviteApi.hangoutRequest, {
    anchor_id: 'A2001',
  });
  await server.db.query(`UPDATE members SET priv = jsonb_set(priv, '{hangout}', '0') WHERE userid = 'M1001'`);
  const camera = await cameraOffer();
  const refused = await lady.client.form(HangoutApi.start, { invite_id: request.invite_id, sdp: camera.sdp });
  expect(refused.body.errno).toBe(Errno.NO_PRIVILEGE);
  await server.db.query(`UPDATE members SET priv = jsonb_set(priv, '{hangout}', '1') WHERE userid = 'M1001'`);

  expect((await james.client.form(HangoutApi.enter, { anchorid: 'A2001' })).body.errno).toBe(
    HANGOUT_NOT_STARTED,
  );
  expect(await james.client.call(HangoutApi.status)).toEqual([]);

  // She starts it: he is told to come in; his first minute (0.1) is paid as he enters.
  const told = james.socket.waitFor((m) => m.route === HangoutEvent.enterRoom);
  const started = await lady.client.call<HangoutStartAnswer>(HangoutApi.start, {
    invite_id: request.invite_id,
    sdp: camera.sdp,
  });
  await camera.take(started.sdp);
  roomId = started.room_id;
  expect(started.slots.map((s) => s.status.type)).toEqual([9, 9, 9]);
  expect((await told).req_data).toMatchObject({ room_id: roomId, anchor_id: 'A2001' });

  const before = await creditOf(server, 'M1001');
  const entered = lady.socket.waitFor((m) => m.route === HangoutEvent.enterNotice);
  const enter = await james.client.call<HangoutRoom>(HangoutApi.enter, { anchorid: 'A2001' });
  expect(enter).toMatchObject({ room_id: roomId, credit_per_minute: 0.1, anchor: { anchor_id: 'A2001' } });
  expect((await entered).req_data).toMatchObject({ user_id: 'M1001', buyfor_list: ['A2001'] });
  expect(await creditOf(server, 'M1001')).toBe(before - 10);
  expect((await watch(james.client, roomId, 'A2001')).body.errno).toBe(0);
});

it('answers 18003 while he is in a hang-out, and lists her as hang-outing', async () => {
  const status = await james.client.form<{ live_room_id: string; liveroomanchor: { anchor_id: string }[] }[]>(
    HangoutApi.status,
  );
  expect(status.body.errno).toBe(HANGOUT_ALREADY);
  expect(status.body.data[0]).toEqual({ live_room_id: roomId, liveroomanchor: [{ anchor_id: 'A2001' }] });
  const list = await james.client.call<{ list: { anchor_id: string; room_id: string }[] }>(
    HangoutApi.hangoutingAnchors,
  );
  expect(list.list).toContainEqual(expect.objectContaining({ anchor_id: 'A2001', room_id: roomId }));
});

it('invites a friend, who knocks with her camera, is accepted, counts back and is on camera', async () => {
  const friend = await withSocket('A2005');
  const invitation = friend.socket.waitFor((m) => m.route === HangoutEvent.invitation);
  const invited = await lady.client.call<HangoutRoom>(HangoutApi.invite, {
    room_id: roomId,
    anchor_id: 'A2005',
  });
  expect(slot(invited, 1).status.type).toBe(HangoutStatus.inviting);
  expect((await invitation).req_data).toMatchObject({
    room_id: roomId,
    user_id: 'M1001',
    nickname: 'James',
    host: { anchor_id: 'A2001' },
    show_as: 'notice',
  });
  // Her workspace reads the same invitation back as it opens (a socket that came up too late).
  const mine = await friend.client.call<{ room: unknown; invitation: unknown }>(HangoutApi.mine);
  expect(mine).toMatchObject({
    room: null,
    invitation: { room_id: roomId, user_id: 'M1001', show_as: 'notice' },
  });
  expect(
    (await friend.client.call<{ invitation: { left_seconds: number } }>(HangoutApi.mine)).invitation
      .left_seconds,
  ).toBe(60);

  const knocked = slotNotice(lady.socket, 1, HangoutStatus.knocking);
  const camera = await cameraOffer();
  const knock = await friend.client.call<HangoutKnockAnswer>(HangoutApi.knock, {
    room_id: roomId,
    sdp: camera.sdp,
  });
  await camera.take(knock.sdp);
  expect(slot(await knocked, 1).anchorData?.anchor_id).toBe('A2005');
  // The member does not see a knock's camera; the host does.
  expect(
    (await james.client.form(HangoutApi.watch, { room_id: roomId, anchor_id: 'A2005' })).body.errno,
  ).toBe(Errno.LIVE_CONNECTION_GONE);
  expect((await watch(lady.client, roomId, 'A2005')).body.errno).toBe(0);

  const accepted = slotNotice(james.socket, 1, HangoutStatus.accept);
  const countback = slotNotice(james.socket, 1, HangoutStatus.countback);
  await lady.client.call(HangoutApi.accept, { room_id: roomId, anchor_id: 'A2005' });
  await accepted;
  expect(slot(await countback, 1).status.data.seconds).toBe(3);
  const living = slotNotice(james.socket, 1, HangoutStatus.living);
  now += 3_000;
  await sweep();
  expect(slot(await living, 1)).toMatchObject({ url: ['A2005'], anchorData: { anchor_id: 'A2005' } });
  expect((await watch(james.client, roomId, 'A2005')).body.errno).toBe(0);
  const status = await james.client.form<{ liveroomanchor: { anchor_id: string }[] }[]>(HangoutApi.status);
  expect(status.body.data[0]?.liveroomanchor).toEqual([{ anchor_id: 'A2001' }, { anchor_id: 'A2005' }]);
});

it('refuses a knock: knockRefuse for her, and the slot is back to start 5 s later with no streams', async () => {
  const other = await withSocket('A2006');
  const camera = await cameraOffer();
  const knock = await other.client.call<HangoutKnockAnswer>(HangoutApi.knock, {
    room_id: roomId,
    sdp: camera.sdp,
  });
  await camera.take(knock.sdp);
  expect(slot(knock, 2).status.type).toBe(HangoutStatus.knocking);
  const told = other.socket.waitFor((m) => m.route === HangoutEvent.end);
  const refused = await lady.client.call<HangoutRoom>(HangoutApi.refuse, {
    room_id: roomId,
    anchor_id: 'A2006',
  });
  expect(slot(refused, 2).status).toEqual({
    type: HangoutStatus.refuse,
    data: { end_status: 'knockRefuse' },
  });
  expect((await told).req_data).toMatchObject({ room_id: roomId, status: 'knockRefuse', anchor_id: 'A2006' });

  now += SLOT_RESET_MS - 1;
  await sweep();
  expect(slot(await room(lady.client, roomId), 2).status.type).toBe(HangoutStatus.refuse);
  now += 1;
  await sweep();
  expect(slot(await room(lady.client, roomId), 2)).toEqual({
    index: 2,
    status: { type: HangoutStatus.start, data: {} },
    anchorData: null,
    url: [],
    flvUrl: [],
  });

  // Knocking again and nobody answers: knockTimeout after 30 s, then start 5 s later.
  const again = await cameraOffer();
  await other.client.call(HangoutApi.knock, { room_id: roomId, sdp: again.sdp });
  const timedOut = other.socket.waitFor(
    (m) => m.route === HangoutEvent.end && (m.req_data as { status: string }).status === 'knockTimeout',
  );
  now += 30_000;
  await sweep();
  await timedOut;
  expect(slot(await room(lady.client, roomId), 2).status.type).toBe(HangoutStatus.common);
  now += SLOT_RESET_MS;
  await sweep();
  expect(slot(await room(lady.client, roomId), 2).status.type).toBe(HangoutStatus.start);
});

it('turns his camera on for the host and the friends on camera, never for himself, and off', async () => {
  const friend = await server.loginAs('A2005');
  const gone = Errno.LIVE_CONNECTION_GONE;
  const watchErrno = async (client: Client) =>
    (await client.form(HangoutApi.watch, { room_id: roomId, anchor_id: 'M1001' })).body.errno;
  expect(await watchErrno(lady.client)).toBe(gone);

  // Bad input and strangers change nothing.
  expect((await james.client.form(HangoutApi.camera, { room_id: roomId, sdp: 'no' })).body.errno).not.toBe(0);
  const stranger = await server.loginAs('M1002');
  const camera = await cameraOffer();
  expect((await stranger.form(HangoutApi.camera, { room_id: roomId, sdp: camera.sdp })).body.errno).toBe(
    Errno.NOT_FOUND,
  );
  expect((await room(james.client, roomId)).member.camera).toBe(0);

  const on = lady.socket.waitFor((m) => m.route === HangoutEvent.memberCamera);
  const answer = await james.client.call<{ sdp: string }>(HangoutApi.camera, {
    room_id: roomId,
    sdp: camera.sdp,
  });
  await camera.take(answer.sdp);
  expect((await on).req_data).toEqual({ room_id: roomId, camera: 1 });
  expect((await room(lady.client, roomId)).member).toMatchObject({ user_id: 'M1001', camera: 1 });
  expect((await watch(lady.client, roomId, 'M1001')).body.errno).toBe(0);
  expect((await watch(friend, roomId, 'M1001')).body.errno).toBe(0);
  expect(await watchErrno(james.client)).toBe(gone);

  const off = lady.socket.waitFor(
    (m) => m.route === HangoutEvent.memberCamera && (m.req_data as { camera: number }).camera === 0,
  );
  await james.client.call(HangoutApi.cameraOff, { room_id: roomId });
  expect((await off).req_data).toEqual({ room_id: roomId, camera: 0 });
  expect(await watchErrno(lady.client)).toBe(gone);
});

it('charges his minutes once each with every tick, and a friend leaving frees her slot', async () => {
  const before = await creditOf(server, 'M1001');
  now += 60_000;
  await Promise.all([server.services.live.tick(), server.services.live.tick()]);
  await server.services.live.tick();
  expect(await creditOf(server, 'M1001')).toBe(before - 10);

  const friend = await server.loginAs('A2005');
  await friend.call(HangoutApi.ladyLeave, { room_id: roomId });
  expect(slot(await room(lady.client, roomId), 1).status.type).toBe(HangoutStatus.leaved);
  now += SLOT_RESET_MS;
  await sweep();
  expect(slot(await room(lady.client, roomId), 1).status.type).toBe(HangoutStatus.start);
});

it('ends with lackCredit when his next minute cannot be paid', async () => {
  await server.db.query(`UPDATE members SET credit = 5 WHERE userid = 'M1001'`);
  const ended = james.socket.waitFor((m) => m.route === HangoutEvent.end);
  const herEnd = lady.socket.waitFor((m) => m.route === HangoutEvent.end);
  now += 60_000;
  await server.services.live.tick();
  expect((await ended).req_data).toEqual({ room_id: roomId, status: 'lackCredit' });
  await herEnd;
  expect(await creditOf(server, 'M1001')).toBe(5);
  expect(await james.client.call(HangoutApi.status)).toEqual([]);
  expect((await james.client.form(HangoutApi.room, { room_id: roomId })).body.errno).toBe(Errno.NOT_FOUND);
});

it('refuses entry without a first minute (lackCredit) and refuses bad input', async () => {
  const request = await james.client.call<HangoutRequestAnswer>(InviteApi.hangoutRequest, {
    anchor_id: 'A2001',
  });
  const camera = await cameraOffer();
  await lady.client.call(HangoutApi.start, { invite_id: request.invite_id, sdp: camera.sdp });
  expect((await james.client.form(HangoutApi.enter, { anchorid: 'A2001' })).body.errno).toBe(
    LiveErrno.LACK_CREDIT,
  );
  expect(await james.client.call(HangoutApi.status)).toEqual([]);
  expect(
    (await james.client.form(HangoutApi.watch, { room_id: 'nope', anchor_id: 'A2001' })).body.errno,
  ).toBe(Errno.INVALID_PARAMS);
  expect((await lady.client.form(HangoutApi.enter, { anchorid: 'A2001' })).body.errno).toBe(Errno.FORBIDDEN);
});

it('ends when his page emits imMan/leaveHangoutRoom; only her friends may be invited', async () => {
  await server.db.query(`UPDATE members SET credit = 10000 WHERE userid = 'M1001'`);
  const request = await james.client.call<HangoutRequestAnswer>(InviteApi.hangoutRequest, {
    anchor_id: 'A2001',
  });
  const camera = await cameraOffer();
  const started = await lady.client.call<HangoutStartAnswer>(HangoutApi.start, {
    invite_id: request.invite_id,
    sdp: camera.sdp,
  });
  await camera.take(started.sdp);
  await james.client.call(HangoutApi.enter, { anchorid: 'A2001' });
  const stranger = await lady.client.form(HangoutApi.invite, {
    room_id: started.room_id,
    anchor_id: 'A2002',
  });
  expect(stranger.body.errno).toBe(Errno.FORBIDDEN);

  const herEnd = lady.socket.waitFor(
    (m) => m.route === HangoutEvent.end && (m.req_data as { room_id: string }).room_id === started.room_id,
  );
  const answer = await james.socket.request(LEAVE_HANGOUT_ROUTE, { room_id: started.room_id });
  expect(answer.errno).toBe(0);
  expect((await herEnd).req_data).toEqual({ room_id: started.room_id, status: 'end' });
  expect(await james.client.call(HangoutApi.status)).toEqual([]);
});
