/**
 * Premium videos, as a member and a broadcaster see them: M1001 opens A2001's profile, sees 4 of her
 * premium videos and expands the rest, opens one, confirms "Watch for 1.60 credits", pays once (the
 * header's balance goes down by the price once, also after a reload), watches it and seeks in it,
 * marks it as interesting; a bad video id lands on "Video not available"; A2001 uploads a clip with a
 * cover drawn from a frame and M1001 finds it on her profile. Other specs share the database: the
 * video bought is one M1001 has not bought yet, and balances are compared before and after.
 */
import { expect, type Page, test } from '@playwright/test';
import { openMediaPart, revealNear, signInAsBroadcaster, signInAsMember } from './helpers';

const PRICE = 1.6;

async function headerCredits(page: Page): Promise<number> {
  const text = await page.getByTestId('balance-credits').locator('.balance-value').innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

test('M1001 unlocks one of her premium videos once, watches and seeks, and marks it', async ({ page }) => {
  await signInAsMember(page, 'M1001');
  await page.goto('/#/anchor/A2001');
  const section = page.getByTestId('profile-premium-videos');
  await revealNear(page, 'premium-videos-near', section);
  await expect(section.getByTestId('premium-video')).toHaveCount(4);
  const expand = section.getByTestId('pv-expand');
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expand.click();
  await expect(expand).toHaveAttribute('aria-expanded', 'true');
  const cards = section.getByTestId('premium-video');
  expect(await cards.count()).toBeGreaterThan(4);

  // One he has not unlocked yet (another run may have unlocked one).
  const locked = cards.filter({ hasNot: page.locator('.pv-unlocked') }).first();
  const title = await locked.locator('.pv-title').innerText();
  await locked.locator('.pv-title a').click();
  await expect(page).toHaveURL(/premiumvideodetails\?anchorid=A2001&video_id=/);
  const details = page.getByTestId('pv-details');
  await expect(details.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(details.getByTestId('pv-price')).toHaveText('1.60 credits');

  const before = await headerCredits(page);
  await details.getByTestId('pv-watch').click();
  const confirm = page.getByTestId('payment-confirm');
  await expect(confirm).toContainText('Watch for 1.60 credits?');
  await confirm.getByTestId('payment-confirm-ok').click();
  await expect(details.getByTestId('pv-owned')).toBeVisible();
  await expect.poll(() => headerCredits(page)).toBeCloseTo(before - PRICE, 2);

  // It plays, and seeking works: the file is served with byte ranges.
  const video = details.getByTestId('viewer-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  const seek = await video.evaluate(async (v: HTMLVideoElement) => {
    v.pause();
    const target = v.duration / 2;
    await new Promise<void>((resolve) => {
      v.addEventListener('seeked', () => resolve(), { once: true });
      v.currentTime = target;
    });
    const at = v.currentTime;
    v.muted = true;
    await v.play();
    await new Promise((r) => setTimeout(r, 600));
    return {
      target,
      at,
      later: v.currentTime,
      ended: v.ended,
      seekable: v.seekable.length > 0 ? v.seekable.end(0) : 0,
      duration: v.duration,
    };
  });
  expect(seek.at).toBeCloseTo(seek.target, 1);
  expect(seek.ended || seek.later > seek.at).toBe(true);
  expect(seek.seekable).toBeGreaterThanOrEqual(seek.duration - 0.1);

  // Marked as interesting, and still marked after a reload; no second charge, still unlocked.
  const interest = details.getByTestId('pv-interest');
  const pressed = await interest.getAttribute('aria-pressed');
  await interest.click();
  await expect(interest).toHaveAttribute('aria-pressed', pressed === 'true' ? 'false' : 'true');
  await page.reload();
  await expect(page.getByTestId('pv-owned')).toBeVisible();
  await expect(page.getByTestId('pv-watch')).toHaveCount(0);
  await expect(page.getByTestId('pv-interest')).toHaveAttribute(
    'aria-pressed',
    pressed === 'true' ? 'false' : 'true',
  );
  await expect.poll(() => headerCredits(page)).toBeCloseTo(before - PRICE, 2);
  await page.getByTestId('pv-interest').click();
  await expect(page.getByTestId('pv-interest')).toHaveAttribute('aria-pressed', pressed ?? 'false');

  // A video that does not exist.
  await page.goto('/#/premiumvideodetails?anchorid=A2001&video_id=PVnothing');
  await expect(page).toHaveURL(/#\/videodoesnotexist$/);
  await expect(page.getByTestId('video-does-not-exist')).toContainText('no longer available');
});

test('A2001 uploads a premium video and M1001 finds it on her profile', async ({ page, browser }) => {
  const title = `Evening clip ${Date.now().toString(36)}`;
  const lady = await browser.newPage();
  await signInAsBroadcaster(lady, 'A2001');
  await openMediaPart(lady, 'Premium videos', 'premium-videos');
  const panel = lady.getByTestId('lady-premium-videos');
  await panel.getByTestId('pv-upload-file').setInputFiles('tests/fixtures/clip.webm');
  await expect(panel.getByTestId('pv-upload-cover')).toBeVisible();
  await panel.getByTestId('pv-upload-title').fill(title);
  await panel.getByTestId('pv-upload-description').fill('A short hello from my window.');
  await panel.getByTestId('pv-upload-submit').click();
  await expect(panel.getByTestId('pv-upload-done')).toContainText(title);
  await expect(panel.getByTestId('lady-premium-video').first()).toContainText(title);
  await lady.close();

  await signInAsMember(page, 'M1001');
  await page.goto('/#/anchor/A2001');
  await page.reload();
  await revealNear(page, 'premium-videos-near', page.getByTestId('profile-premium-videos'));
  const first = page.getByTestId('profile-premium-videos').getByTestId('premium-video').first();
  await expect(first).toContainText(title);
  await expect(first.locator('img').first()).toHaveJSProperty('complete', true);
  // Her uploaded cover (640 px wide), re-encoded: the card names every width it is kept in and the
  // browser picks one of them.
  const cover = await first
    .locator('img')
    .first()
    .evaluate(async (img: HTMLImageElement) => ({
      src: img.currentSrc,
      type: (await fetch(img.currentSrc)).headers.get('content-type'),
      width: img.naturalWidth,
    }));
  expect(cover.type).toBe('image/webp');
  expect(cover.src).toMatch(/[?&]w=\d+$/);
  expect(cover.width).toBeGreaterThan(0);
});
