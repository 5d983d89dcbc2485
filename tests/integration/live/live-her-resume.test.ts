/**
 * A One-on-One survives her reload: her connection going pauses his minutes and tells him she is
 * reconnecting; joining again within the grace resumes the room (nothing charged for time without
 * her), and her workspace finds the room to rejoin (spec 000 §4 anchor resume statuses). Past the
 * grace the room ends at the time she went. Also: her view of his camera is closed when the room
 * ends, and an invitation whose One-on-One took place does not open again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type HerOneOnOne,
  type JoinPrivateAnswer,
  LiveApi,
  LiveErrno,
  LiveEvent,
  LiveText,
  type MemberWatchAnswer,
  type WatchAnswer,
} from '../../../protocol/live/live';
import { LiveSessionsApi, type MySessionsAnswer } from '../../../protocol/live/live-sessions';
import {
  type BookingRequestAnswer,
  EventRoute,
  type InstantInviteAnswer,
  InviteApi,
} from '../../../protocol/realtime';
import { cameraRoomOf } from '../../../server/features/live/live-seats';
import type { Sfu } from '../../../server/sfu/sfu';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';
import { rtcPeers } from '../rtc-peers';
import { creditOf, liveTestConfig } from './live-support';

let server: TestServer;
let now = Date.parse('2026-11-24T12:00:00Z');
const rtc = rtcPeers();

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => now) } });
  await server.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid IN ('A2001', 'A2004')`,
  );
});
afterAll(async () => {
  await rtc.close();
  await server?.close();
});

const withSocket = (userid: string) => rtc.withSocket(server, userid);
const { answerOffer, cameraOffer } = rtc;
async function enter(member: Client, fields: Record<string, string>) {
  const offer = await member.call<WatchAnswer>(LiveApi.watch, fields);
  await member.call(LiveApi.answer, { viewer_id: offer.viewer_id, sdp: await answerOffer(offer.sdp) });
  return offer;
}
/** She joins (again) with a camera; its connection, to drop it as a reload does. */
async function join(lady: Client, roomId: string) {
  const camera = await cameraOffer();
  const joined = await lady.call<JoinPrivateAnswer>(LiveApi.joinPrivate, {
    room_id: roomId,
    sdp: camera.sdp,
  });
  await camera.take(joined.sdp);
  await expect.poll(() => camera.pc.connectionState, { timeout: 10_000 }).toBe('connected');
  return camera.pc;
}
const tick = () => server.services.live.tick();
/** The SFU the live rooms go through (the service's own). */
const sfu = () => (server.services.live as unknown as { deps: { sfu: Sfu } }).deps.sfu;
const away = (socket: TestSocket, flag: 0 | 1) =>
  socket.waitFor((m) => m.route === LiveEvent.anchorAway && (m.req_data as { away?: number })?.away === flag);

async function requestRoom(lady: Client, member: Client, anchorId: string) {
  const request = await member.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: anchorId });
  await lady.call(InviteApi.handleBooking, { invitation_id: request.invitation_id, type: 1 });
  return `PV${request.invitation_id}`;
}

it('resumes after her reload within the grace, his minutes paused meanwhile, and her workspace finds it', async () => {
  const lady = await withSocket('A2001');
  const james = await withSocket('M1001');
  const roomid = await requestRoom(lady.client, james.client, 'A2001');
  const waiting = await enter(james.client, { anchorid: 'A2001', type: 'private', roomid });
  expect(await lady.client.call<HerOneOnOne>(LiveApi.herOneOnOne, {})).toMatchObject({
    status: 'waitingUserConfirm',
    room: { room_id: roomid, user_id: 'M1001' },
  });
  const first = await join(lady.client, roomid);
  const afterHold = await creditOf(server, 'M1001');

  // 50 s in, her tab reloads: he is told she is reconnecting; the next minute does not start.
  now += 50_000;
  const reconnecting = away(james.socket, 1);
  await lady.client.call(LiveApi.leavePrivate, { room_id: roomid, away: 1 });
  await first.close();
  expect((await reconnecting).req_data).toMatchObject({ room_id: roomid, anchor_id: 'A2001' });
  const resume = await lady.client.call<HerOneOnOne>(LiveApi.herOneOnOne, {});
  expect(resume).toMatchObject({ status: 'living', room: { room_id: roomid, user_id: 'M1001' } });
  now += 15_000;
  await tick();
  expect(await creditOf(server, 'M1001')).toBe(afterHold);

  // Back within the grace: the room goes on, 15 s without her not counted.
  const back = away(james.socket, 0);
  await join(lady.client, roomid);
  await back;
  await new Promise((resolve) => setTimeout(resolve, 600)); // past the grace of her first connection
  expect(await lady.client.call<HerOneOnOne>(LiveApi.herOneOnOne, {})).toMatchObject({ status: 'living' });
  await tick();
  expect(await creditOf(server, 'M1001')).toBe(afterHold);
  now += 15_000; // 65 s of her: the second minute
  await tick();
  expect(await creditOf(server, 'M1001')).toBe(afterHold - 30);
  await james.client.call(LiveApi.leave, { viewer_id: waiting.viewer_id });
  // His One-on-One list counts the minute the request's hold paid, with the one charged after it.
  const listed = await james.client.get(`${LiveSessionsApi.mine}?is_ajax=1`);
  const [session] = ((await listed.json()) as { data: MySessionsAnswer }).data.list;
  expect(session).toMatchObject({ room_id: roomid, minutes: 2, credits: 0.6, end_status: 'end' });
});

it('ends at the time she went when she does not come back, and closes her view of his camera', async () => {
  const lady = await withSocket('A2004');
  const member = await withSocket('M1003');
  const roomid = await requestRoom(lady.client, member.client, 'A2004');
  const entered = await enter(member.client, { anchorid: 'A2004', type: 'private', roomid });
  const her = await join(lady.client, roomid);
  // His camera, which she watches.
  const his = await cameraOffer();
  const hisAnswer = await member.client.call<{ sdp: string }>(LiveApi.memberCamera, {
    viewer_id: entered.viewer_id,
    sdp: his.sdp,
  });
  await his.take(hisAnswer.sdp);
  const view = await lady.client.call<MemberWatchAnswer>(LiveApi.watchMember, { room_id: roomid });
  await lady.client.call(LiveApi.answerMember, {
    viewer_id: view.viewer_id,
    sdp: await answerOffer(view.sdp),
  });
  expect(await sfu().viewerCount(cameraRoomOf(roomid))).toBe(1);
  const afterHold = await creditOf(server, 'M1003');

  now += 50_000;
  const closed = member.socket.waitFor((m) => m.route === EventRoute.roomClose);
  const wentAt = now;
  await lady.client.call(LiveApi.leavePrivate, { room_id: roomid, away: 1 });
  await her.close();
  now += 20_000;
  await tick();
  expect((await closed).req_data).toMatchObject({ room_id: roomid, status: 'common' });
  await tick();
  expect(await creditOf(server, 'M1003')).toBe(afterHold);
  const [session] = await server.db.query<{ ended_at: unknown }>(
    'SELECT ended_at FROM live_sessions WHERE room_id = $1',
    [roomid],
  );
  expect(new Date(session?.ended_at as string).getTime()).toBe(wentAt);
  expect(await sfu().viewerCount(cameraRoomOf(roomid))).toBe(0);
  expect(await lady.client.call<HerOneOnOne>(LiveApi.herOneOnOne, {})).toEqual({ status: '' });
});

it('does not open an invitation whose One-on-One took place again', async () => {
  const lady = await withSocket('A2001');
  const member = await withSocket('M1002');
  await server.db.query(
    `UPDATE members SET credit = 5000, priv = priv || '{"oneonone": 1}'::jsonb WHERE userid = 'M1002'`,
  );
  const invite = await lady.client.call<InstantInviteAnswer>(InviteApi.instantInviteUser, {
    user_id: 'M1002',
  });
  const ask = { anchorid: 'A2001', type: 'private', anchor_inviteid: invite.invite_id };
  const entered = await enter(member.client, ask);
  await join(lady.client, entered.room_id);
  // A reload during the visit resumes it.
  const again = await enter(member.client, ask);
  expect(again.room_id).toBe(entered.room_id);
  await member.client.call(LiveApi.leave, { viewer_id: again.viewer_id });

  const reused = await member.client.form(LiveApi.watch, ask);
  expect(reused.body).toMatchObject({ errno: LiveErrno.INVITATION_USED, errmsg: LiveText.invitationUsed });
});
