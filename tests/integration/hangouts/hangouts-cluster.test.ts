/**
 * A hang-out across two processes on PostgreSQL + Redis, the clock moved by hand: the room lives on
 * the process whose SFU carries its cameras; both processes tick the billing, and each started
 * minute is charged once; the other process answers 18003 from the stored room; the process that
 * finds his next minute unpayable tells the room's process over the bus, which ends it (lackCredit).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import {
  HANGOUT_ALREADY,
  HangoutApi,
  HangoutEvent,
  type HangoutStartAnswer,
} from '../../../protocol/hangouts/hangout';
import { type HangoutRequestAnswer, InviteApi } from '../../../protocol/realtime';
import { startCluster, type TestCluster, type TestSocket } from '../harness';
import { creditOf, liveTestConfig } from '../live/live-support';

let cluster: TestCluster;
let now = Date.parse('2026-11-24T12:00:00Z');
const peers: RTCPeerConnection[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  cluster = await startCluster({ live: liveTestConfig(() => now) });
  await cluster.a.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid = 'A2001'`,
  );
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const pc of peers) await pc.close();
  await cluster?.close();
});

it('charges each minute once with both processes ticking, and ends with lackCredit found elsewhere', async () => {
  const { a, b } = cluster;
  const lady = await a.loginAs('A2001');
  sockets.push(await a.socketFor(lady));
  const member = await a.loginAs('M1001');
  const memberSocket = await b.socketFor(member);
  sockets.push(memberSocket);

  const request = await member.call<HangoutRequestAnswer>(InviteApi.hangoutRequest, { anchor_id: 'A2001' });
  const pc = new RTCPeerConnection();
  peers.push(pc);
  pc.addTransceiver(new MediaStreamTrack({ kind: 'video' }), { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const started = await lady.call<HangoutStartAnswer>(HangoutApi.start, {
    invite_id: request.invite_id,
    sdp: pc.localDescription?.sdp ?? '',
  });
  await pc.setRemoteDescription({ type: 'answer', sdp: started.sdp });
  const before = await creditOf(a, 'M1001');
  await member.call(HangoutApi.enter, { anchorid: 'A2001' });
  expect(await creditOf(a, 'M1001')).toBe(before - 10);

  // The other process answers 18003 from the stored room.
  const onB = b.client();
  onB.cookies.clear();
  for (const [k, v] of member.cookies) onB.cookies.set(k, v);
  expect((await onB.form(HangoutApi.status)).body.errno).toBe(HANGOUT_ALREADY);

  for (let minute = 1; minute <= 3; minute++) {
    now += 60_000;
    await Promise.all([a.services.live.tick(), b.services.live.tick(), b.services.live.tick()]);
  }
  expect(await creditOf(a, 'M1001')).toBe(before - 40);

  // Five hundredths left: process b finds the next minute unpayable; a ends the room.
  await a.db.query(`UPDATE members SET credit = 5 WHERE userid = 'M1001'`);
  const ended = memberSocket.waitFor((m) => m.route === HangoutEvent.end);
  now += 60_000;
  await b.services.live.tick();
  expect((await ended).req_data).toEqual({ room_id: started.room_id, status: 'lackCredit' });
  expect(await creditOf(a, 'M1001')).toBe(5);
  expect(await member.call(HangoutApi.status)).toEqual([]);
});
