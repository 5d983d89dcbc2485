/**
 * Paid live rooms in Chromium with a fake camera: she invites a viewer of her public room to a
 * One-on-One and his balance pays for it; a member who runs out of credit is warned, then his room
 * ends and its media stops; a premium room full with six viewers refuses the seventh; a member who
 * closes his tab just before a minute boundary is not charged the minute his reload grace runs into.
 */
import { expect, test } from '@playwright/test';
import { LiveApi, LiveText } from '../../protocol/live/live';
import { type LastVisitAnswer, LiveRoomApi } from '../../protocol/live/live-room';
import { memberApi, serverBalances, signInAsMember } from './helpers';
import {
  expectConnectionClosed,
  expectFramesGrowing,
  fakeMediaLaunchOptions,
  goLiveInPublicRoom,
  newPage,
  recordPeerConnections,
} from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

/** Demo broadcasters live in premium rooms (server/seed/anchors.ts: every third live one). */
const PREMIUM_FOR_FULL_ROOM = 'A2018';
/** An online demo broadcaster with One-on-One (server/seed/anchors.ts). */
const LADY = 'A2003';
const PREMIUM_FOR_LOW_CREDIT = 'A2009';
/** A demo broadcaster live in a premium room, and the room (PR and her number: live-broadcasts.ts). */
const PREMIUM_FOR_TAB_CLOSE = 'A2027';
const PREMIUM_TAB_CLOSE_ROOM = 'PR2027';

test('she invites a viewer of her public room to a One-on-One; he accepts, both are on camera, and he pays 0.30 a minute', async ({
  browser,
}) => {
  const lady = await newPage(browser);
  const member = await newPage(browser);
  try {
    // Not A2001: live.spec.ts shows her first face-ID check, which must not have been passed before.
    await goLiveInPublicRoom(lady, LADY);
    const herName = ((await lady.getByRole('heading', { level: 1 }).textContent()) ?? '').replace(
      /^Hello /,
      '',
    );

    await signInAsMember(member);
    await member.goto(`/page/live.html#anchorid=${LADY}&type=public`);
    await expectFramesGrowing(member);
    const viewer = lady.getByTestId('live-viewers').locator('li[data-userid="M1001"]');
    await viewer.getByRole('button', { name: 'Invite One-on-One' }).click();
    await expect(viewer).toContainText('Invited');

    const bubble = member.getByTestId('invite-bubble').filter({ hasText: herName });
    await expect(bubble).toBeVisible();
    const before = Number((await serverBalances(member)).credits);
    await bubble.getByTestId('bubble-accept').click();
    await expect(member).toHaveURL(new RegExp(`#/live\\?anchorid=${LADY}&type=private`));
    await expect(member.getByText(LiveText.waitingAnchor)).toBeVisible();
    await expect(member.getByTestId('live-meter')).toContainText('0.30 credits a minute');

    await lady.getByRole('button', { name: /^Join / }).click();
    await expectFramesGrowing(member);
    await member.getByRole('button', { name: 'Turn my camera on for her' }).click();
    await expect(lady.getByTestId('his-camera')).toBeVisible();
    await expectFramesGrowing(lady);
    // His first minute is paid as she joins; the header follows.
    await expect
      .poll(async () => Number((await serverBalances(member)).credits))
      .toBeCloseTo(before - 0.3, 2);
    await expect(member.getByTestId('balance-credits')).toContainText((before - 0.3).toFixed(2));

    await member.getByRole('button', { name: 'End', exact: true }).click();
    await expect(lady.getByText(`James: ${LiveText.memberLeft}`)).toBeVisible();
  } finally {
    await lady.request.post('/lady/v1/live/end?is_ajax=1', { form: {} });
    await lady.context().close();
    await member.context().close();
  }
});

test('a premium room with six viewers tells the seventh it is full', async ({ browser }) => {
  const base = test.info().project.use.baseURL ?? '';
  const watchers = await Promise.all(
    ['M1001', 'M1002', 'M1003', 'M1005', 'M1006', 'M1007'].map((id) => memberApi(base, id)),
  );
  const seats: { api: (typeof watchers)[number]; viewer: string }[] = [];
  const member = await newPage(browser);
  try {
    for (const api of watchers) {
      const answer = await api.post('/man/v1/live/watch?is_ajax=1', {
        // Their price was named and confirmed (price_ok), as the page does after its confirmation.
        form: { anchorid: PREMIUM_FOR_FULL_ROOM, type: 'public', price_ok: '1' },
      });
      const body = (await answer.json()) as { errno: number; data: { viewer_id: string } };
      expect(body.errno).toBe(0);
      seats.push({ api, viewer: body.data.viewer_id });
    }
    await signInAsMember(member, 'M1004');
    await member.goto(`/page/live.html#anchorid=${PREMIUM_FOR_FULL_ROOM}&type=public`);
    await expect(member.getByTestId('live-end')).toHaveText(LiveText.fullRoom);
    await expect(member.getByRole('button', { name: 'Try again' })).toBeVisible();
  } finally {
    for (const { api, viewer } of seats)
      await api.post('/man/v1/live/leave?is_ajax=1', { form: { viewer_id: viewer } });
    for (const api of watchers) await api.dispose();
    await member.context().close();
  }
});

test('a member whose credit runs out is warned, then his room ends and its media stops', async ({ page }) => {
  // M1006 holds 0.07: the first premium minute (0.05) leaves less than a minute of One-on-One.
  await recordPeerConnections(page);
  await signInAsMember(page, 'M1006');
  await page.goto(`/page/live.html#anchorid=${PREMIUM_FOR_LOW_CREDIT}&type=public`);
  // The room names its price before it takes anything.
  await expect(page.getByTestId('room-price-confirm')).toContainText('0.05 credits a minute');
  await page.getByTestId('room-price-ok').click();
  await expectFramesGrowing(page);
  await expect(page.getByTestId('live-meter')).toContainText('0.05 credits a minute');
  await expect(page.getByRole('alert').filter({ hasText: LiveText.creditWillLack })).toBeVisible();
  await expect(page.getByTestId('balance-credits')).toContainText('0.02');
  // The second minute cannot be paid: the server closes the room at its start. The visit clock
  // (TEST_CLOCK) brings that minute now rather than in 60 s; the billing pass is the real one.
  const moved = await page.request.post(`${LiveApi.devNextMinute}?is_ajax=1`, { form: {} });
  expect(((await moved.json()) as { data?: { visits: number } }).data?.visits).toBe(1);
  await expect(page.getByTestId('live-end')).toHaveText(LiveText.lackCredit);
  await expectConnectionClosed(page);
  expect((await serverBalances(page)).credits).toBe('0.02');
});

test('a member who closes his tab 10 s before a minute boundary is not charged the next minute', async ({
  browser,
}) => {
  // A premium room at 0.05 a minute; M1007's credit is his own in the live stories.
  const context = await browser.newContext();
  const page = await context.newPage();
  await recordPeerConnections(page);
  try {
    await signInAsMember(page, 'M1007');
    const before = Number((await serverBalances(page)).credits);
    await page.goto(`/page/live.html#anchorid=${PREMIUM_FOR_TAB_CLOSE}&type=public`);
    await page.getByTestId('room-price-ok').click();
    await expectFramesGrowing(page);
    await expect.poll(async () => Number((await serverBalances(page)).credits)).toBeCloseTo(before - 0.05, 2);
    // 50 s into his first minute (the visit clock, TEST_CLOCK), he closes the tab.
    const moved = await page.request.post(`${LiveApi.devNextMinute}?is_ajax=1`, { form: { seconds: '50' } });
    expect(((await moved.json()) as { data?: { visits: number } }).data?.visits).toBe(1);
    await page.close();
    // The minute boundary passes while the server keeps his visit for a reload; he does not come
    // back, so the visit ends when he went, and the second minute is never charged.
    const visit = async () => {
      const answer = await context.request.get(`${LiveRoomApi.lastVisit}?room_id=${PREMIUM_TAB_CLOSE_ROOM}`);
      return ((await answer.json()) as { data: LastVisitAnswer }).data;
    };
    await expect
      .poll(async () => (await visit()).ended_at, { timeout: 40_000, intervals: [2_000] })
      .toBeGreaterThan(0);
    expect(await visit()).toMatchObject({ minutes: 1, credits: 0.05 });
    const money = await context.request.post('/pman/emf/api/getAllMoney?is_ajax=1', { form: {} });
    const { data } = (await money.json()) as { data: { credit: number } };
    expect(data.credit).toBeCloseTo(before - 0.05, 2);
  } finally {
    await context.close();
  }
});
