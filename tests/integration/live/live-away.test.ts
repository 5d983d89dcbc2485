/**
 * The resume grace is billed only if he comes back: a member whose tab closes 10 s before a minute
 * boundary is not charged the next minute when he does not return, and is charged it as usual when
 * he reloads within the grace. The billing clock is moved by hand (`now`); the grace is 300 ms of
 * real time (live-support.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { LiveApi } from '../../../protocol/live/live';
import { startServer, type TestServer } from '../harness';
import { creditOf, liveTestConfig, membersLikeM1001, openWindow, premiumAnchor } from './live-support';

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

const tick = () => server.services.live.tick();
const graceOver = () => new Promise((resolve) => setTimeout(resolve, 800));

async function sessionOf(userid: string) {
  const [row] = await server.db.query<{ started_at: unknown; ended_at: unknown; end_status: string | null }>(
    'SELECT started_at, ended_at, end_status FROM live_sessions WHERE member_id = $1',
    [userid],
  );
  return row;
}

it('does not charge the next minute when his tab closes 10 s before it and he does not come back', async () => {
  const anchorid = await premiumAnchor(server);
  await membersLikeM1001(server, ['M1941']);
  const member = await server.loginAs('M1941');
  const start = now;
  const entered = await openWindow(member, { anchorid, type: 'public', price_ok: '1' }, peers);
  expect(entered.errno).toBe(0);
  expect(await creditOf(server, 'M1941')).toBe(1000 - 5);

  now += 50_000;
  await member.form(LiveApi.leave, { viewer_id: entered.viewerId, away: '1' });
  now += 15_000; // the second minute has started; he is away
  await tick();
  expect(await creditOf(server, 'M1941')).toBe(1000 - 5);

  await graceOver();
  now += 60_000;
  await tick();
  expect(await creditOf(server, 'M1941')).toBe(1000 - 5);
  const session = await sessionOf('M1941');
  // The visit ended when he left, not when the grace ran out.
  expect(new Date(session?.ended_at as string).getTime()).toBe(start + 50_000);
  expect(session?.end_status).toBe('common');
});

it('charges the minutes of the grace as usual when he reloads within it', async () => {
  const anchorid = await premiumAnchor(server);
  await membersLikeM1001(server, ['M1942']);
  const member = await server.loginAs('M1942');
  const ask = { anchorid, type: 'public', price_ok: '1' };
  const entered = await openWindow(member, ask, peers);
  expect(entered.errno).toBe(0);

  now += 50_000;
  await member.form(LiveApi.leave, { viewer_id: entered.viewerId, away: '1' });
  now += 15_000;
  await tick();
  expect(await creditOf(server, 'M1942')).toBe(1000 - 5);

  const back = await openWindow(member, ask, peers);
  expect(back.errno).toBe(0);
  await tick();
  expect(await creditOf(server, 'M1942')).toBe(1000 - 10);
  await graceOver();
  // The old window's grace ran out with him back: the visit goes on and is billed.
  now += 60_000;
  await tick();
  expect(await creditOf(server, 'M1942')).toBe(1000 - 15);
  expect((await sessionOf('M1942'))?.ended_at).toBeNull();
  await member.form(LiveApi.leave, { viewer_id: back.viewerId });
});
