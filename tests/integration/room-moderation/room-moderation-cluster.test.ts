/**
 * Her moderation on two processes (PostgreSQL + Redis): she acts through one process while his seat
 * is held by the other. Removal and a ban close that seat at once (over the bus); a mute and a ban
 * are read from the database wherever he talks or enters next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { Errno } from '../../../protocol/errors';
import { LiveApi, type WatchAnswer } from '../../../protocol/live/live';
import { MODERATION_EVENT, ModerationErrno, RoomModerationApi } from '../../../protocol/live/room-moderation';
import { EventRoute } from '../../../protocol/realtime';
import { type Client, startCluster, type TestCluster, type TestSocket } from '../harness';
import { liveTestConfig, sameSession } from '../live/live-support';

let cluster: TestCluster;
const now = Date.now();
const sockets: TestSocket[] = [];
const peers: RTCPeerConnection[] = [];

beforeAll(async () => {
  cluster = await startCluster({ live: liveTestConfig(() => now) });
});
afterAll(async () => {
  for (const pc of peers) await pc.close();
  for (const s of sockets) s.close();
  await cluster?.close();
});

async function enter(member: Client, anchorid: string) {
  const offer = await member.call<WatchAnswer>(LiveApi.watch, { anchorid, type: 'public' });
  const pc = new RTCPeerConnection();
  peers.push(pc);
  await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await member.call(LiveApi.answer, { viewer_id: offer.viewer_id, sdp: pc.localDescription?.sdp ?? '' });
  return offer;
}
const closeOf = (socket: TestSocket, status: string) =>
  socket.waitFor(
    (m) => m.route === EventRoute.roomClose && (m.req_data as { status: string }).status === status,
  );

describe('moderation across processes', () => {
  it('her removal and ban on one process close his seat on the other; mute and ban hold there', async () => {
    const { a, b } = cluster;
    const lady = await a.loginAs('A2002');
    const onA = await a.loginAs('M1001');
    const member = sameSession(onA, b);
    const socket = await b.socketFor(member);
    sockets.push(socket);

    // His seat is on b; she removes him through a.
    let seat = await enter(member, 'A2002');
    const removed = closeOf(socket, 'removed');
    await lady.call(RoomModerationApi.remove, { user_id: 'M1001' });
    expect((await removed).req_data).toMatchObject({ anchor_id: 'A2002', status: 'removed' });
    const gone = await member.form(LiveApi.memberChat, { viewer_id: seat.viewer_id, text: 'hi' });
    expect(gone.body.errno).toBe(Errno.LIVE_CONNECTION_GONE);

    // Back in on b; slow mode set through a reaches him, and muted through a, his line on b is refused.
    seat = await enter(member, 'A2002');
    const slowed = socket.waitFor((m) => m.route === MODERATION_EVENT);
    await lady.call(RoomModerationApi.slowMode, { seconds: 30 });
    expect((await slowed).req_data).toEqual({ anchor_id: 'A2002', slow_seconds: 30 });
    await lady.call(RoomModerationApi.slowMode, { seconds: 0 });
    await lady.call(RoomModerationApi.mute, { user_id: 'M1001', mute: 1 });
    const muted = await member.form(LiveApi.memberChat, { viewer_id: seat.viewer_id, text: 'hi' });
    expect(muted.body.errno).toBe(ModerationErrno.MUTED);

    // Banned through a: his seat on b closes, and neither process lets him in.
    const banned = closeOf(socket, 'banned');
    await lady.call(RoomModerationApi.ban, { user_id: 'M1001', scope: 'forever' });
    await banned;
    for (const client of [member, onA]) {
      const refused = await client.form(LiveApi.watch, { anchorid: 'A2002', type: 'public' });
      expect(refused.body.errno).toBe(ModerationErrno.BANNED);
    }
    // Lifted on b, he enters on a.
    await sameSession(lady, b).call(RoomModerationApi.unban, { user_id: 'M1001' });
    await enter(onA, 'A2002');
  });
});
