/**
 * A One-on-One across two product processes, as behind a load balancer: two real servers on one
 * PostgreSQL database and Redis, rooms on a Janus of their own (tests/e2e/cluster.ts). His browser
 * always reaches process A, hers always process B: she goes live through B, he watches her and asks
 * for a One-on-One through A, she accepts and joins through B, each sees the other's camera, a
 * minute is billed, he ends it, both see the summary, and his credit history has the charge once.
 * Runs in the `janus` project; fails, not skips, when PostgreSQL, Redis or Janus is missing.
 */
import { type Browser, expect, test } from '@playwright/test';
import type { CreditHistoryAnswer } from '../../protocol/histories/histories';
import { LiveApi, LiveText } from '../../protocol/live/live';
import { type Door, sql, startCluster, type TestCluster } from './cluster';
import { serverBalances, signInAsMember } from './helpers';
import {
  expectFramesGrowing,
  fakeMediaLaunchOptions,
  goLiveInPublicRoom,
  recordPeerConnections,
} from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

let cluster: TestCluster;

test.beforeAll(async () => {
  // Janus starts, then two servers migrate and seed a fresh database.
  test.setTimeout(120_000);
  // The visit clock (TEST_CLOCK) brings his next minute now rather than in 60 s.
  cluster = await startCluster({ TEST_CLOCK: '1' });
  // Her face-ID pass, as an operator's verdict would have left it.
  await sql(
    cluster.databaseUrl,
    `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid = 'A2001'`,
  );
});
test.afterAll(async () => {
  await cluster?.close();
});

/**
 * A page of its own (its own cookies) whose every request goes through `door`. No service worker:
 * its precache of every asset is not this story's, and would double what CI's two cores load.
 */
async function pageBehind(browser: Browser, door: Door) {
  const context = await browser.newContext({ baseURL: door.url, serviceWorkers: 'block' });
  const page = await context.newPage();
  await recordPeerConnections(page);
  return page;
}

test('a One-on-One whose parties reach different processes runs to its end, billed once', {
  tag: '@sfu',
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const [doorA, doorB] = cluster.doors;
  const member = await pageBehind(browser, doorA);
  const lady = await pageBehind(browser, doorB);
  try {
    // He signs in through A; she goes live through B, and he watches her room.
    await signInAsMember(member, 'M1001');
    const before = Number((await serverBalances(member)).credits);
    await goLiveInPublicRoom(lady, 'A2001');
    await member.goto('/#/live?anchorid=A2001&type=public');
    await expectFramesGrowing(member);

    // He asks for a One-on-One there, the price confirmed first; she accepts in her studio.
    await member.getByRole('button', { name: 'Ask for a One-on-One' }).click();
    await member.getByTestId('payment-confirm').getByRole('button', { name: 'Confirm' }).click();
    await expect(member.getByTestId('request-panel')).toContainText('Waiting for');
    await lady
      .locator('[data-testid="incoming-request"][data-userid="M1001"]')
      .getByTestId('accept-request')
      .click();
    await expect(member).toHaveURL(/#\/live\?anchorid=A2001&type=private&roomid=PV/);
    await expect(member.getByText(LiveText.waitingAnchor)).toBeVisible();

    // She joins through B the room he entered through A: each sees the other's camera.
    await lady.getByRole('button', { name: /^Join / }).click();
    await expectFramesGrowing(member);
    await member.getByRole('button', { name: 'Turn my camera on for her' }).click();
    await expect(lady.getByTestId('his-camera')).toBeVisible({ timeout: 15_000 });
    await expectFramesGrowing(lady);

    // Her joining paid his first minute; the visit clock brings the second, which A's billing charges.
    await expect
      .poll(async () => Number((await serverBalances(member)).credits))
      .toBeCloseTo(before - 0.3, 2);
    const moved = await member.request.post(`${LiveApi.devNextMinute}?is_ajax=1`, { form: {} });
    expect(((await moved.json()) as { data?: { visits: number } }).data?.visits).toBe(1);
    await expect
      .poll(async () => Number((await serverBalances(member)).credits))
      .toBeCloseTo(before - 0.6, 2);

    // He ends it: his summary names what it cost, her studio says he left and sums it up.
    await member.getByRole('button', { name: 'End', exact: true }).click();
    await expect(member.getByTestId('room-summary-text')).toHaveAttribute('data-spent', '0.6');
    const studio = lady.getByTestId('studio');
    await expect(studio.getByText(`James: ${LiveText.memberLeft}`)).toBeVisible();
    const summary = studio.getByTestId('one-on-one-summary');
    await expect(summary).toContainText('(M1001) lasted');
    await expect(summary.getByTestId('one-on-one-summary-earned')).toContainText('0.60');

    // His credit history has the One-on-One once: the request's hold (his first minute), then the
    // second minute, charged by one process only.
    const answer = await member.request.get('/man/v1/getCreditHistory?start=0&step=100');
    const { data } = (await answer.json()) as { data: CreditHistoryAnswer };
    const withHer = data.list.filter((row) => row.anchor?.anchor_id === 'A2001');
    expect(withHer.map(({ reason, amount, count }) => ({ reason, amount, count }))).toEqual([
      { reason: 'live_minute', amount: -0.3, count: 1 },
      { reason: 'request_hold', amount: -0.3, count: 1 },
    ]);
    expect((await serverBalances(member)).credits).toBe((before - 0.6).toFixed(2));
  } finally {
    await lady.request.post('/lady/v1/live/end?is_ajax=1', { form: {} });
    await lady.context().close();
    await member.context().close();
  }
  // Two processes served them, each party's pages, calls and socket by its own.
  expect(doorA.pid).not.toBe(doorB.pid);
  expect(doorA.served.requests).toBeGreaterThan(10);
  expect(doorB.served.requests).toBeGreaterThan(10);
  expect(doorA.served.sockets).toBeGreaterThan(0);
  expect(doorB.served.sockets).toBeGreaterThan(0);
});
