/**
 * Her earnings read off the ledger: a member's paid minutes in her premium room raise her session's
 * and today's earnings by exactly what the ledger charged him; a member cannot ask; bad input is
 * refused with 10001. The member's side is a real WebRTC peer (werift).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { type EarningsAnswer, EarningsApi } from '../../../protocol/earnings/earnings';
import { Errno } from '../../../protocol/errors';
import { LiveApi } from '../../../protocol/live/live';
import { type BookingRequestAnswer, InviteApi } from '../../../protocol/realtime';
import type { Client, TestServer, TestSocket } from '../harness';
import { startServer } from '../harness';
import { creditOf, liveTestConfig, openWindow, premiumAnchor } from '../live/live-support';

let server: TestServer;
let now = Date.now();
const peers: RTCPeerConnection[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => now) } });
});
afterAll(async () => {
  for (const pc of peers) await pc.close();
  for (const socket of sockets) socket.close();
  await server?.close();
});

async function earnings(client: Client, query: string) {
  const response = await client.get(`${EarningsApi.mine}?${query}`);
  return (await response.json()) as { errno: number; errmsg: string; data: EarningsAnswer };
}

it('grows her session and today by what the ledger charged the member for her minutes', async () => {
  const anchorid = await premiumAnchor(server);
  const her = await server.loginAs(anchorid);
  const since = Date.now() - 1000;
  const before = await earnings(her, `since=${since}`);
  expect(before.errno).toBe(0);
  expect(before.data.session).toBe(0);

  const member = await server.loginAs('M1002');
  const paidBefore = await creditOf(server, 'M1002');
  const { errno, viewerId } = await openWindow(member, { anchorid, type: 'public', price_ok: '1' }, peers);
  expect(errno).toBe(0);
  now += 2 * 60_000;
  await server.services.live.tick();
  await member.form(LiveApi.leave, { viewer_id: viewerId });
  const charged = paidBefore - (await creditOf(server, 'M1002'));
  // Three started minutes of 0.05: the ledger's figure is hers.
  expect(charged).toBe(15);

  const after = await earnings(her, `since=${since}`);
  expect(after.data.session).toBe(0.15);
  expect(after.data.today).toBeCloseTo(before.data.today + 0.15, 2);
  expect(after.data.day_start % 86_400).toBe(0);
  // Her public room's earnings are its minutes; a session that began after them has none.
  const [room] = await server.db.query<{ room_id: string }>(
    'SELECT room_id FROM live_sessions WHERE member_id = $1 ORDER BY started_at DESC LIMIT 1',
    ['M1002'],
  );
  expect((await earnings(her, `since=${since}&room_id=${room?.room_id}`)).data.room).toBe(0.15);
  expect((await earnings(her, `since=${Date.now() + 1000}`)).data.session).toBe(0);
});

it('counts a One-on-One request once she accepts it, and never dips when one she declined is refunded', async () => {
  const her = await server.loginAs('A2001');
  sockets.push(await server.socketFor(her)); // online: a member may ask her
  await server.db.query(
    `UPDATE members SET credit = 5000, priv = priv || '{"oneonone": 1}'::jsonb WHERE userid = 'M1003'`,
  );
  const member = await server.loginAs('M1003');
  const since = Date.now() - 1000;
  const figures = async () => {
    const { data } = await earnings(her, `since=${since}`);
    return { session: data.session, today: data.today };
  };
  const ask = () => member.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, { userid: 'A2001' });
  const before = await figures();

  // Asked: his minute is held, not hers yet. Declined: it goes back to him, and her figures stay.
  const declined = await ask();
  expect(await creditOf(server, 'M1003')).toBe(5000 - 30);
  expect(await figures()).toEqual(before);
  await her.call(InviteApi.handleBooking, { invitation_id: declined.invitation_id, type: 2 });
  expect(await creditOf(server, 'M1003')).toBe(5000);
  expect(await figures()).toEqual(before);
  // The refund is still hers in the ledger (what it takes back from), only not counted.
  const [refund] = await server.db.query<{ earner: string }>(
    `SELECT earner FROM ledger WHERE reason = 'request_refund' AND ref = $1`,
    [declined.invitation_id],
  );
  expect(refund?.earner).toBe('A2001');

  // Accepted: the hold is hers (it pays his first minute).
  const accepted = await ask();
  await her.call(InviteApi.handleBooking, { invitation_id: accepted.invitation_id, type: 1 });
  const after = await figures();
  expect(after.session).toBeCloseTo(before.session + 0.3, 2);
  expect(after.today).toBeCloseTo(before.today + 0.3, 2);
  expect((await earnings(her, `since=${since}&room_id=PV${accepted.invitation_id}`)).data.room).toBe(0.3);
});

it('answers broadcasters only, and refuses a since that is missing, not a number or in the future', async () => {
  const member = await server.loginAs('M1001');
  expect((await earnings(member, `since=${Date.now()}`)).errno).toBe(Errno.FORBIDDEN);
  expect((await earnings(server.client(), `since=${Date.now()}`)).errno).toBe(Errno.LOGIN_TIMEOUT);

  const her = await server.loginAs(await premiumAnchor(server));
  expect((await earnings(her, '')).errno).toBe(Errno.INVALID_PARAMS);
  expect((await earnings(her, 'since=yesterday')).errno).toBe(Errno.INVALID_PARAMS);
  const future = await earnings(her, `since=${Date.now() + 3_600_000}`);
  expect(future).toMatchObject({ errno: Errno.INVALID_PARAMS });
  expect(future.errmsg).toContain('future');
});
