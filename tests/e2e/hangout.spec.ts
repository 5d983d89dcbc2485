/**
 * Hang-out story with fake cameras: M1001 opens A2001's friend layer and enters; A2001 starts the
 * hang-out on camera and invites her friend A2011; A2011's knock is refused and her place is free
 * again 5 s later; invited again, she knocks and is let in. He turns his camera on: three videos
 * play for M1001 (A2001, A2011 and his own), and A2001 sees him. In a second window Hang-out
 * elsewhere finds him in this one (18003, the 'already started' dialog); he goes back to it and
 * leaves, and it ends for everyone.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { LAYER_NICKNAME_MAX } from '../../protocol/hangouts/hangout';
import { signInAsBroadcaster, signInAsMember } from './helpers';
import { faceVerified, fakeMediaLaunchOptions, newPage } from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

/** How many of the page's connections have decoded more than a few video frames. */
function playingVideos(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    let playing = 0;
    for (const pc of peers) {
      if (pc.signalingState === 'closed') continue;
      let frames = 0;
      (await pc.getStats()).forEach((r: { type: string; kind?: string; framesDecoded?: number }) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') frames = Math.max(frames, r.framesDecoded ?? 0);
      });
      if (frames > 5) playing++;
    }
    return playing;
  });
}

async function broadcaster(browser: Browser, userid: string) {
  const page = await newPage(browser);
  await signInAsBroadcaster(page, userid);
  await faceVerified(page);
  return page;
}

/** His own camera's preview is playing (frames arriving: its time moves). */
async function previewPlaying(page: Page): Promise<boolean> {
  const preview = page.getByTestId('my-camera');
  const at = await preview.evaluate((v: HTMLVideoElement) => v.currentTime);
  await page.waitForTimeout(300);
  return preview.evaluate(
    (v: HTMLVideoElement, before: number) => v.videoWidth > 0 && v.currentTime > before,
    at,
  );
}

test('a hang-out with A2001 and a friend on camera; a refused knock frees its place after 5 s', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const lady = await broadcaster(browser, 'A2001');
  const friend = await broadcaster(browser, 'A2011');
  const member = await newPage(browser);
  await signInAsMember(member, 'M1001');

  // The friend layer: 6 friends at this width, Load More, nicknames cut at 10 characters.
  // Her page shows the hang-out guide (the first of at most 3 days).
  await member.goto('/#/anchor/A2001');
  await expect(member.getByTestId('hangout-guide')).toBeVisible();
  await member.getByTestId('action-hang-out').click();
  const layer = member.getByTestId('hangout-layer');
  const friends = layer.getByTestId('hangout-friends').getByRole('listitem');
  await expect(friends).toHaveCount(6);
  await layer.getByRole('button', { name: 'Load More' }).click();
  await expect(friends).toHaveCount(10);
  // Up to 10 characters whole; a longer one is its first 9 and '...'.
  for (const name of await friends.locator('span[title]').allInnerTexts())
    if (name.endsWith('...')) expect([...name].length).toBe(LAYER_NICKNAME_MAX - 1 + 3);
    else expect([...name].length).toBeLessThanOrEqual(LAYER_NICKNAME_MAX);
  await layer.getByRole('button', { name: 'Enter Hang-out Room' }).click();
  await expect(member).toHaveURL(/#\/hangout\?id=A2001$/);
  await expect(member.getByTestId('hangout-waiting')).toBeVisible();
  // Back on her profile before she answers, Enter again takes him to the same wait: his request stands.
  await member.goto('/#/anchor/A2001');
  await member.getByTestId('action-hang-out').click();
  await member.getByTestId('hangout-layer').getByRole('button', { name: 'Enter Hang-out Room' }).click();
  await expect(member).toHaveURL(/#\/hangout\?id=A2001$/);
  await expect(member.getByTestId('hangout-waiting')).toBeVisible();

  // She starts it from his request: her camera plays for him.
  const panel = lady.getByTestId('lady-hangout');
  await panel.getByRole('button', { name: 'Start hang-out' }).click();
  await expect(member.getByTestId('hangout-grid')).toBeVisible();
  await expect.poll(() => playingVideos(member), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

  // She invites her friend, who knocks with her camera and is refused: she is told, her place shows
  // refused, then is free 5 s later.
  const knock = () => friend.getByTestId('hangout-invitation').getByRole('button', { name: 'Knock' }).click();
  await panel.getByTestId('invite-A2011').click();
  await knock();
  await panel.getByTestId('refuse-A2011').click();
  await expect(friend.getByText('The host did not let you in this time.')).toBeVisible();
  await expect(panel.locator('li[data-status="8"][data-anchor="A2011"]')).toBeVisible();
  await expect(panel.locator('li[data-status="8"]')).toHaveCount(0, { timeout: 9_000 });
  await expect(panel.locator('li[data-status="9"]')).toHaveCount(3);

  // Invited again, she knocks, is let in and counts back to living.
  await panel.getByTestId('invite-A2011').click();
  await knock();
  await panel.getByTestId('let-in-A2011').click();
  await expect(panel.locator('li[data-status="4"][data-anchor="A2011"]')).toBeVisible({ timeout: 10_000 });
  await expect(member.getByTestId('hangout-video')).toHaveCount(2);

  // He turns his camera on: three videos play for him, and she sees him.
  await member.getByRole('button', { name: 'Turn my camera on for them' }).click();
  await expect.poll(() => playingVideos(member), { timeout: 20_000 }).toBe(2);
  await expect.poll(() => previewPlaying(member), { timeout: 10_000 }).toBe(true);
  await expect(panel.locator('[data-testid="hangout-tile"][data-anchor="M1001"]')).toBeVisible();
  await expect.poll(() => playingVideos(lady), { timeout: 20_000 }).toBe(2);
  // Her tile for her friend on camera carries the friend's name.
  await expect(panel.locator('[data-testid="hangout-tile"][data-anchor="A2011"] figcaption')).toHaveText(
    'Svetlana',
  );
  // Each tile's sound button sits on the video, whole and pressable.
  const sound = member.getByRole('button', { name: "Turn Olena's sound on" });
  await sound.click({ trial: true });
  await sound.click();
  await expect(member.getByRole('button', { name: 'Mute Olena' })).toBeVisible();

  // In a second window, Hang-out on another profile finds him in this one (18003): he goes back to it.
  const tab = await member.context().newPage();
  await tab.goto('/#/anchor/A2011');
  await tab.getByTestId('action-hang-out').click();
  await tab.getByTestId('hangout-layer').getByRole('button', { name: 'Enter Hang-out Room' }).click();
  const already = tab.getByTestId('hangout-already');
  await already.getByRole('button', { name: 'Go to My Hang-out Room' }).click();
  await expect(tab).toHaveURL(/#\/hangout\?id=A2001$/);
  await expect(tab.getByTestId('hangout-grid')).toBeVisible();

  // He leaves there: the hang-out ends for his other window, for her and for her friend.
  await tab.getByRole('button', { name: 'Leave the hang-out' }).click();
  await expect(tab).toHaveURL(/#\/anchor\/A2001$/);
  await expect(member.getByTestId('hangout-end')).toHaveText('The hang-out has ended.');
  await expect(panel.getByText('The hang-out has ended.')).toBeVisible();
  await expect(friend.getByTestId('lady-hangout').getByText('The hang-out has ended.')).toBeVisible();
  // Their sockets go with their pages: later stories do not find these broadcasters connected.
  for (const page of [lady, friend, member]) await page.context().close();
});
