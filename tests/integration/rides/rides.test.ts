/**
 * Rides through the real API and sockets: bought in the ride shop (20 clicks with one key charge
 * once), the first ride active by itself, chosen or put away, and his entrance into A2002's live
 * room (real WebRTC peers) heard by her and the room; a resumed visit is not announced again.
 * Runs on PGlite, or on PostgreSQL with DATABASE_URL set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { Errno } from '../../../protocol/errors';
import {
  RIDE_ENTRANCE_EVENT,
  RideApi,
  type RideBought,
  type RideEntrance,
  RideErrno,
  type RideShop,
} from '../../../protocol/rides/rides';
import { startServer, type TestServer, type TestSocket } from '../harness';
import { liveTestConfig, membersLikeM1001, openWindow } from '../live/live-support';

const ANCHOR = 'A2002';
let server: TestServer;
const sockets: TestSocket[] = [];
const peers: RTCPeerConnection[] = [];

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => Date.now()) } });
  await membersLikeM1001(server, ['M9401', 'M9402']);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const pc of peers) await pc.close();
  await server?.close();
});

const hundredths = async (userid: string) => {
  const [row] = await server.db.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
    userid,
  ]);
  return Number(row?.credit);
};

it('the shop sells rides once per key; the first is active; another or none may be chosen', async () => {
  const member = await server.loginAs('M9401');
  const shop = await member.call<RideShop>(RideApi.getRideShop);
  expect(shop.rides).toEqual([]);
  expect(shop.offers.map((o) => [o.offer_id, o.name, o.days, o.credit])).toEqual([
    ['RIDE-CAR-7', 'Fancy Car', 7, 7],
    ['RIDE-CAR-30', 'Fancy Car', 30, 20],
  ]);
  const before = await hundredths('M9401');
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      member.form<RideBought>(RideApi.buyRide, { offer_id: 'RIDE-CAR-7', key: 'ride-key-one' }),
    ),
  );
  expect(answers.every((a) => a.body.errno === 0)).toBe(true);
  expect(answers.filter((a) => a.body.data?.repeated === 0)).toHaveLength(1);
  expect(await hundredths('M9401')).toBe(before - 700);
  const [row] = await server.db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM ledger WHERE user_id = 'M9401' AND reason = 'ride'`,
  );
  expect(Number(row?.n)).toBe(1);
  const ride = answers[0]?.body.data?.ride;
  expect(ride).toMatchObject({ giftid: 'G103', name: 'Fancy Car', active: 1 });
  const days = ((ride?.expires_at ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);

  // The same key for another offer is refused; an unknown offer or short credit moves nothing.
  const reused = await member.form(RideApi.buyRide, { offer_id: 'RIDE-CAR-30', key: 'ride-key-one' });
  expect(reused.body.errno).toBe(RideErrno.KEY_REUSED);
  expect((await member.form(RideApi.buyRide, { offer_id: 'NOPE', key: 'ride-key-two' })).body.errno).toBe(
    RideErrno.UNKNOWN_OFFER,
  );
  expect(
    (await member.form(RideApi.buyRide, { offer_id: 'RIDE-CAR-30', key: 'ride-key-three' })).body.errno,
  ).toBe(Errno.NO_CREDIT);
  expect(await hundredths('M9401')).toBe(before - 700);

  const none = await member.call<RideShop>(RideApi.setActiveRide, { item_id: '' });
  expect(none.rides.map((r) => r.active)).toEqual([0]);
  const notMine = await member.form(RideApi.setActiveRide, { item_id: 'RIDE-M9402-x' });
  expect(notMine.body.errno).toBe(RideErrno.NOT_HELD);
  const back = await member.call<RideShop>(RideApi.setActiveRide, { item_id: ride?.item_id ?? '' });
  expect(back.rides.map((r) => r.active)).toEqual([1]);
});

it('entering her live room with a ride: she and the room hear his entrance, once', async () => {
  const lady = await server.loginAs(ANCHOR);
  const herSocket = await server.socketFor(lady);
  sockets.push(herSocket);
  const viewer = await server.loginAs('M9402');
  const viewerSocket = await server.socketFor(viewer);
  sockets.push(viewerSocket);
  expect((await openWindow(viewer, { anchorid: ANCHOR, type: 'public' }, peers)).errno).toBe(0);
  // M9402 has no ride: nobody heard him.
  const member = await server.loginAs('M9401');
  expect((await openWindow(member, { anchorid: ANCHOR, type: 'public' }, peers)).errno).toBe(0);
  const isHis = (m: { route?: string; req_data?: unknown }) =>
    m.route === RIDE_ENTRANCE_EVENT && (m.req_data as RideEntrance).from_id === 'M9401';
  const heard = await herSocket.waitFor(isHis);
  expect(heard.req_data).toMatchObject({ giftid: 'G103', name: 'Fancy Car', from_id: 'M9401' });
  expect((heard.req_data as RideEntrance).room_id).not.toBe('');
  await viewerSocket.waitFor(isHis);
  expect(
    herSocket.events(RIDE_ENTRANCE_EVENT).filter((m) => (m.req_data as RideEntrance).from_id === 'M9402'),
  ).toEqual([]);
  // A second window of his resumes the visit: no second entrance.
  expect((await openWindow(member, { anchorid: ANCHOR, type: 'public' }, peers)).errno).toBe(0);
  await new Promise((r) => setTimeout(r, 500));
  expect(herSocket.events(RIDE_ENTRANCE_EVENT).filter(isHis)).toHaveLength(1);
});
