/**
 * A product process dies under live rooms (two processes sharing one Janus, PostgreSQL and Redis):
 * B holds his One-on-One seat and a hang-out, then falls silent as a crashed process does (no
 * heartbeat, no forwarded step answered). The first step through A that needs B finds it gone: the
 * One-on-One ends for both of them ("common", as when his connection goes on one process), and the
 * hang-out ends in storage and for everyone in it, so its next step is answered at once. Fails, not
 * skips, when Janus, PostgreSQL or Redis is missing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import { HangoutApi, HangoutEvent, type HangoutStartAnswer } from '../../../protocol/hangouts/hangout';
import { LiveApi, LiveEvent, type WatchAnswer } from '../../../protocol/live/live';
import {
  type BookingRequestAnswer,
  EventRoute,
  type HangoutRequestAnswer,
  InviteApi,
} from '../../../protocol/realtime';
import { type JanusProcess, startJanus } from '../../../server/sfu/janus-process';
import { clipPeers, freePort } from '../clip-peers';
import { startCluster, type TestCluster, type TestSocket } from '../harness';
import { liveTestConfig, sameSession } from './live-support';

let janus: JanusProcess;
let cluster: TestCluster;
const media = clipPeers();
const sockets: TestSocket[] = [];

beforeAll(async () => {
  janus = await startJanus({ port: await freePort() });
  const live = { ...liveTestConfig(() => Date.now()), sfu: 'janus' as const, janusUrls: [janus.url] };
  cluster = await startCluster({ live });
  await cluster.a.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day',
       priv = jsonb_set(priv, '{hangout}', '1') WHERE userid IN ('A2001', 'A2005')`,
  );
  await cluster.a.db.query(
    `UPDATE members SET credit = 10000, priv = jsonb_set(priv, '{hangout}', '1') WHERE userid = 'M1003'`,
  );
}, 60_000);
afterAll(async () => {
  await media.close();
  for (const socket of sockets) socket.close();
  await cluster?.close();
  await janus?.stop();
});

/** Signed in through A, with a socket on A and the same session's client on B. */
async function party(userid: string) {
  const { a, b } = cluster;
  const onA = await a.loginAs(userid);
  const socket = await a.socketFor(onA);
  sockets.push(socket);
  return { onA, onB: sameSession(onA, b), socket };
}

it('ends the One-on-One and the hang-out a dead process held, for both sides, at its first step elsewhere', async () => {
  const { a, b } = cluster;
  // A One-on-One he enters through B while she waits: his seat is held by B.
  const him = await party('M1001');
  const her = await party('A2001');
  const request = await him.onA.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2001' });
  await her.onA.call(InviteApi.handleBooking, { invitation_id: request.invitation_id, type: 1 });
  const roomid = `PV${request.invitation_id}`;
  const entered = await him.onB.call<WatchAnswer>(LiveApi.watch, {
    anchorid: 'A2001',
    type: 'private',
    roomid,
  });
  expect(entered.waiting).toBe(1);

  // A hang-out she starts through B, which he enters: the room is held by B.
  const member = await party('M1003');
  const host = await party('A2005');
  const asked = await member.onA.call<HangoutRequestAnswer>(InviteApi.hangoutRequest, { anchor_id: 'A2005' });
  const hostCamera = await media.camera();
  const started = await host.onB.call<HangoutStartAnswer>(HangoutApi.start, {
    invite_id: asked.invite_id,
    sdp: hostCamera.offer,
  });
  await hostCamera.take(started.sdp);
  await member.onA.call(HangoutApi.enter, { anchorid: 'A2005' });
  // One cluster per process: the hang-out is held under the same process id as his seat.
  const [held] = await a.db.query<{ owner: string }>('SELECT owner FROM hangout_rooms WHERE room_id = $1', [
    started.room_id,
  ]);
  expect(held?.owner).toBe(b.services.liveCluster.processId);

  // B dies. His chat line through A waits for B's answer, then finds it gone.
  await b.services.liveCluster.stop();
  const hisClose = him.socket.waitFor((m) => m.route === EventRoute.roomClose);
  const herNotice = her.socket.waitFor((m) => m.route === LiveEvent.memberLeft);
  const hangoutEnd = member.socket.waitFor((m) => m.route === HangoutEvent.end);
  const hostEnd = host.socket.waitFor((m) => m.route === HangoutEvent.end);
  const line = await him.onA.form(LiveApi.memberChat, { viewer_id: entered.viewer_id, text: 'still there?' });
  expect(line.body.errno).toBe(Errno.LIVE_CONNECTION_GONE);

  // Both sides of the One-on-One are told it stopped.
  expect((await hisClose).req_data).toMatchObject({ room_id: roomid, status: 'common' });
  expect((await herNotice).req_data).toMatchObject({ room_id: roomid, user_id: 'M1001', status: 'common' });

  // The hang-out ended "common" in storage and for both of them; its next step answers at once.
  expect((await hangoutEnd).req_data).toMatchObject({ room_id: started.room_id, status: 'common' });
  expect((await hostEnd).req_data).toMatchObject({ room_id: started.room_id, status: 'common' });
  const [stored] = await a.db.query<{ end_status: string | null }>(
    'SELECT end_status FROM hangout_rooms WHERE room_id = $1',
    [started.room_id],
  );
  expect(stored?.end_status).toBe('common');
  const asking = Date.now();
  const room = await member.onA.form(HangoutApi.room, { room_id: started.room_id });
  expect(room.body.errno).not.toBe(Errno.LIVE_CONNECTION_GONE);
  expect(Date.now() - asking).toBeLessThan(2_000);
}, 60_000);
