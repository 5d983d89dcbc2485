/**
 * His room's audience and his visit's summary (protocol/live/live-room.ts): the SFU's count of a
 * public room's viewers, and his newest visit to a room with what the ledger took, read back after
 * End. Members only; his own visits only; a bad room id changes nothing and says why.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { Errno } from '../../../protocol/errors';
import { LiveApi } from '../../../protocol/live/live';
import { type AudienceAnswer, type LastVisitAnswer, LiveRoomApi } from '../../../protocol/live/live-room';
import { startServer, type TestServer } from '../harness';
import { creditOf, liveTestConfig, openWindow, premiumAnchor } from './live-support';

let server: TestServer;
let now = Date.parse('2026-11-24T12:00:00Z');
const peers: RTCPeerConnection[] = [];

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => now) } });
});
afterAll(async () => {
  for (const pc of peers) await pc.close();
  await server?.close();
});

it('counts the room, and after End sums his visit up with what left his balance', async () => {
  const anchor = await premiumAnchor(server);
  const roomId = `PR${anchor.replace(/^\D+/, '')}`;
  const member = await server.sessionOf('M1003');
  const audience = async () =>
    (await member.call<AudienceAnswer>(LiveRoomApi.audience, { room_id: roomId })).viewers;
  const before = await creditOf(server, 'M1003');
  expect(await audience()).toBe(0);

  const { errno, viewerId } = await openWindow(
    member,
    { anchorid: anchor, type: 'public', price_ok: '1' },
    peers,
  );
  expect(errno).toBe(0);
  expect(await audience()).toBe(1);
  // A second minute starts on the billing clock, and he stays 5 s into it.
  now += 65_000;
  await server.services.live.tick();
  await member.call(LiveApi.leave, { viewer_id: viewerId });
  expect(await audience()).toBe(0);

  const visit = await member.call<LastVisitAnswer>(LiveRoomApi.lastVisit, { room_id: roomId });
  const paid = (before - (await creditOf(server, 'M1003'))) / 100;
  expect(paid).toBeGreaterThan(0);
  expect(visit).toMatchObject({ room_id: roomId, minutes: 2, credits: paid });
  // Its length on the server's clock, not a page's.
  expect(visit.ended_at - visit.started_at).toBe(65);
  expect(visit.started_at).toBeGreaterThan(0);

  // Another member's visits are not his: he has none there.
  const other = await server.sessionOf('M1005');
  expect(await other.call<LastVisitAnswer>(LiveRoomApi.lastVisit, { room_id: roomId })).toEqual({
    room_id: roomId,
    started_at: 0,
    ended_at: 0,
    minutes: 0,
    credits: 0,
  });
});

it('answers members only, and refuses a room id that is not one', async () => {
  const lady = await server.sessionOf('A2001');
  expect((await lady.form(LiveRoomApi.lastVisit, { room_id: 'PR2001' })).body.errno).toBe(Errno.FORBIDDEN);
  expect((await server.client().form(LiveRoomApi.audience, { room_id: 'PR2001' })).body.errno).toBe(
    Errno.LOGIN_TIMEOUT,
  );
  const member = await server.sessionOf('M1005');
  for (const room_id of ['', 'x'.repeat(80), "PR1' OR 1=1", 'XX2001'])
    expect((await member.form(LiveRoomApi.lastVisit, { room_id })).body.errno).toBe(Errno.INVALID_PARAMS);
  // A One-on-One has no audience to count.
  expect((await member.form(LiveRoomApi.audience, { room_id: 'PV123' })).body.errno).toBe(
    Errno.INVALID_PARAMS,
  );
});
