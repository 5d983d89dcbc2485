/**
 * Live rooms in real Chromium with a fake camera and microphone: a demo broadcaster's clip, and a
 * broadcaster going live from her workspace, watched by a member through the server's SFU. The
 * tests read the member's RTCPeerConnection stats, so "video plays" means frames were decoded.
 * Those tagged @sfu run twice: on the embedded SFU, and on Janus (the `janus` project).
 */
import { expect, type Page, test } from '@playwright/test';
import { FaceIdText } from '../../protocol/face-id/face-id';
import { LiveText } from '../../protocol/live/live';
import { ModerationText } from '../../protocol/live/room-moderation';
import { signInAsBroadcaster, signInAsMember } from './helpers';
import {
  expectConnectionClosed,
  expectFramesGrowing,
  faceCheck,
  faceVerified,
  fakeMediaLaunchOptions,
  framesDecoded,
  goLiveInPublicRoom,
  newPage,
  recordPeerConnections,
} from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

/** Video frames decoded by the page's newest open connection that receives video (his room's). */
const receivedFrames = (page: Page) =>
  page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    for (const pc of [...peers].reverse()) {
      if (pc.connectionState === 'closed') continue;
      let frames = -1;
      (await pc.getStats()).forEach((r: { type: string; kind?: string; framesDecoded?: number }) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') frames = r.framesDecoded ?? 0;
      });
      if (frames >= 0) return frames;
    }
    return 0;
  });
const openConnections = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __peers: RTCPeerConnection[] }).__peers.filter(
        (pc) => pc.connectionState !== 'closed',
      ).length,
  );

test('a member opens live.html of a demo broadcaster and sees her live video', { tag: '@sfu' }, async ({
  page,
}) => {
  await recordPeerConnections(page);
  await signInAsMember(page);
  const opened = Date.now();
  await page.goto('/page/live.html#anchorid=A2002&type=public');
  await expect(page).toHaveURL(/#\/live\?anchorid=A2002&type=public/);
  await expect(page.getByTestId('live-video')).toBeVisible();
  await expect.poll(() => framesDecoded(page), { timeout: 15_000 }).toBeGreaterThan(0);
  test
    .info()
    .annotations.push({ type: 'first frame', description: `${Date.now() - opened} ms after opening` });
  await expectFramesGrowing(page);
  await expect(page.getByRole('heading', { name: /public room$/ })).toBeVisible();
  await expect(page.getByTestId('room-price')).toHaveText('Free to watch');
  // The room's chat scrolls itself, not the page: entry leaves the page at its top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a member switches the room to SD and back to HD, and the decoded picture changes size', {
  tag: '@sfu',
}, async ({ page }) => {
  // The demo clip goes out in two layers (640x480 and 320x240); the SFU forwards the one he chose.
  const width = () => page.getByTestId('live-video').evaluate((v) => (v as HTMLVideoElement).videoWidth);
  await signInAsMember(page, 'M1011');
  await page.goto('/#/live?anchorid=A2002&type=public');
  await expect.poll(width, { timeout: 15_000 }).toBe(640);
  const menu = page.getByLabel('Quality');
  await menu.selectOption('sd');
  await expect.poll(width, { timeout: 8_000 }).toBe(320);
  await menu.selectOption('hd');
  await expect.poll(width, { timeout: 8_000 }).toBe(640);
  await expect(menu).toHaveValue('hd');
});

test('Live now lists the broadcasters on air, and Watch Now opens the room', async ({ page }) => {
  await signInAsMember(page);
  await page.getByRole('link', { name: 'Live now' }).click();
  await expect(page.getByRole('heading', { name: 'Watch broadcasters' })).toBeVisible();
  const watch = page.getByTestId('live-list').locator('a[href*="anchorid=A2002"]');
  await watch.click();
  await expect(page).toHaveURL(/#\/live\?anchorid=A2002&type=public/);
  await expect(page.getByTestId('live-video')).toBeVisible();
});

test('a member who reloads mid-room is back in it', async ({ page }) => {
  await recordPeerConnections(page);
  await signInAsMember(page, 'M1002');
  await page.goto('/page/live.html#anchorid=A2002&type=public');
  await expectFramesGrowing(page);
  await page.reload();
  await expect(page).toHaveURL(/#\/live\?anchorid=A2002&type=public/);
  await expectFramesGrowing(page);
  await expect(page.getByTestId('live-end')).toHaveCount(0);
});

test('a room that is not on says so and offers a way back', async ({ page }) => {
  await signInAsMember(page);
  // A2003 is not live in the demo data.
  await page.goto('/#/live?anchorid=A2003&type=public');
  await expect(page.getByTestId('live-end')).toHaveText(LiveText.notLive);
  await expect(page.getByRole('link', { name: 'Back to Discover' })).toBeVisible();
});

test('going live needs a face-ID pass: a failed check says so and changes nothing, a pass opens Go live', {
  tag: '@sfu',
}, async ({ browser }) => {
  // A2015: a broadcaster no other spec verifies (A2001's pass comes from whichever spec runs first).
  const lady = await newPage(browser);
  try {
    await signInAsBroadcaster(lady, 'A2015');
    await lady.getByRole('button', { name: 'Turn camera on' }).click();
    await expect(lady.getByTestId('camera-preview')).toBeVisible();
    await expect(lady.getByRole('button', { name: 'Go live' })).toBeDisabled();
    await faceCheck(lady, 'Fail');
    const alert = lady.getByTestId('face-id-alert');
    await expect(alert.getByRole('heading', { name: FaceIdText.alertTitle })).toBeVisible();
    await expect(alert).toContainText(FaceIdText.failed);
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(lady.getByRole('button', { name: 'Go live' })).toBeDisabled();
    await faceCheck(lady, 'Pass');
    await expect(lady.getByTestId('face-id')).toContainText('Face ID verified: valid for 7 days');
    await expect(lady.getByRole('button', { name: 'Go live' })).toBeEnabled();
  } finally {
    await lady.context().close();
  }
});

test('A2001 goes live from her workspace, M1001 watches her, she mutes and bans him, and her End closes his room at once', {
  tag: '@sfu',
}, async ({ browser }) => {
  const lady = await newPage(browser);
  const member = await newPage(browser);
  await signInAsBroadcaster(lady, 'A2001');
  await faceVerified(lady);
  await lady.getByRole('button', { name: 'Turn camera on' }).click();
  await expect(lady.getByTestId('camera-preview')).toBeVisible();
  await lady.getByRole('button', { name: 'Go live' }).click();
  await expect(lady.getByText('You are live in your public room.')).toBeVisible();
  await expect(lady.getByText('Live in your public room', { exact: true })).toBeVisible();

  try {
    await signInAsMember(member);
    await member.goto('/page/live.html#anchorid=A2001&type=public');
    await expectFramesGrowing(member);
    // She sees who is watching.
    await expect(lady.getByTestId('live-viewers')).toContainText('Watching now (1)');
    await expect(lady.getByTestId('live-viewers')).toContainText('James (M1001)');

    // The room's chat: both read each line, contact details filtered by the server.
    await member.getByLabel('Message to the room').fill('Hello Olena! call me on 0612345678');
    await member.getByRole('button', { name: 'Add emoji 13' }).click();
    await member.getByLabel('Message to the room').press('Enter');
    await expect(lady.getByTestId('room-chat')).toContainText('James Hello Olena! call me on *****');
    await expect(lady.getByTestId('room-chat').getByRole('img', { name: 'emoji 13' })).toBeVisible();
    await lady.getByLabel('Message to the room').fill('Welcome James');
    await lady.getByLabel('Message to the room').press('Enter');
    await expect(member.getByTestId('room-chat')).toContainText('Olena Welcome James');

    // She mutes him from her viewers list: his room says so and his input is off.
    const viewers = lady.getByTestId('live-viewers');
    const menuOfJames = viewers.locator('summary[aria-label="Moderate James"]');
    await menuOfJames.click();
    await viewers.getByRole('button', { name: 'Mute', exact: true }).click();
    await expect(member.getByTestId('room-chat-note')).toHaveText(ModerationText.muted);
    await expect(member.getByLabel('Message to the room')).toBeDisabled();
    // A ban for this session, once confirmed: his room closes at once and he cannot come back…
    await menuOfJames.click();
    await viewers.getByRole('button', { name: 'Ban for this session' }).click();
    await lady.getByTestId('ban-confirm').getByRole('button', { name: 'Ban', exact: true }).click();
    await expect(member.getByTestId('live-end')).toHaveText(LiveText.banned);
    await expectConnectionClosed(member);
    await member.getByRole('button', { name: 'Try again' }).click();
    await expect(member.getByTestId('live-end')).toHaveText(ModerationText.bannedSession);
    // …until she lifts it from her list of bans.
    await lady.getByRole('button', { name: 'Lift ban on James' }).click();
    await expect(lady.getByTestId('room-bans')).toContainText('Banned (0)');
    await member.getByRole('button', { name: 'Try again' }).click();
    await expectFramesGrowing(member);

    await lady.getByRole('button', { name: 'End broadcast' }).click();
    await expect(member.getByTestId('live-end')).toHaveText(LiveText.end);
    // The media stopped with the room, not only the page: his connection is closed.
    await expectConnectionClosed(member);
    await expect(lady.getByRole('button', { name: 'Go live' })).toBeVisible();
  } finally {
    // Leave A2001 online for the other specs whatever happened above.
    await lady.request.post('/lady/v1/live/end?is_ajax=1', { form: {} });
    await lady.context().close();
    await member.context().close();
  }
});

test('a One-on-One from his accepted request: she joins, he turns his camera on, both see each other, she ends it', {
  tag: '@sfu',
}, async ({ browser }) => {
  const lady = await newPage(browser);
  const member = await newPage(browser);
  // As a member meets it: he asks from her profile, she answers from her workspace.
  await signInAsMember(member);
  try {
    await member.goto('/#/anchor/A2001');
    await expect(member.getByText('ID: A2001')).toBeVisible();
    await member.getByTestId('action-invite-one-on-one').click();
    await member.getByTestId('payment-confirm').getByRole('button', { name: 'Confirm' }).click();
    await expect(member.getByTestId('request-panel')).toContainText('Waiting for Olena');
    await signInAsBroadcaster(lady, 'A2001');
    // Her camera in a One-on-One needs a face-ID pass too (the test above may have given one).
    await faceVerified(lady);
    await lady
      .locator('[data-testid="incoming-request"][data-userid="M1001"]')
      .getByTestId('accept-request')
      .click();

    // Her acceptance opens the room; she has not joined it yet.
    await expect(member).toHaveURL(/#\/live\?anchorid=A2001&type=private&roomid=PV/);
    await expect(member.getByText(LiveText.waitingAnchor)).toBeVisible();
    await expect(member.getByTestId('live-meter')).toContainText('0.30 credits a minute');

    await lady.getByRole('button', { name: /^Join / }).click();
    await expectFramesGrowing(member);

    // Two-way video: his fake camera reaches her.
    await member.getByRole('button', { name: 'Turn my camera on for her' }).click();
    await expect(member.getByTestId('my-camera')).toBeVisible();
    await expect(lady.getByTestId('his-camera')).toBeVisible();
    await expectFramesGrowing(lady);

    // She reloads mid-session: within the grace her workspace rejoins the room, his camera too,
    // and her picture reaches him again on the connection he kept.
    await lady.reload();
    await expect(lady.getByTestId('her-camera')).toBeVisible({ timeout: 15_000 });
    await expect(lady.getByTestId('his-camera')).toBeVisible({ timeout: 15_000 });
    await expectFramesGrowing(lady);
    await expect(member.getByTestId('anchor-away')).toBeHidden();
    await expect.poll(() => receivedFrames(member), { timeout: 15_000 }).toBeGreaterThan(5);
    const after = await receivedFrames(member);
    await expect.poll(() => receivedFrames(member), { timeout: 5_000 }).toBeGreaterThan(after + 5);

    await lady.getByRole('button', { name: 'End One-on-One' }).click();
    await expect(member.getByTestId('live-end')).toHaveText(LiveText.end);
    // Every connection of hers is closed with the room, her view of his camera included.
    await expect.poll(() => openConnections(lady)).toBe(0);
  } finally {
    await lady.context().close();
    await member.context().close();
  }
});

test('her workspace notices when the server ends her broadcast (here, from another tab)', async ({
  browser,
}) => {
  const lady = await newPage(browser);
  try {
    await goLiveInPublicRoom(lady);
    await lady.request.post('/lady/v1/live/end?is_ajax=1', { form: {} });
    await expect(lady.getByText(LiveText.broadcastStopped)).toBeVisible({ timeout: 40_000 });
    await expect(lady.getByRole('button', { name: 'Go live' })).toBeVisible();
  } finally {
    await lady.request.post('/lady/v1/live/end?is_ajax=1', { form: {} });
    await lady.context().close();
  }
});
