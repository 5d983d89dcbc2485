/**
 * Her album on the profile, both sides. M1002 (Intimacy Level 1 with A2001) pages through My Photos,
 * moves through the slideshow, meets a private photo that needs Intimacy Level 2, and plays and
 * seeks a video in My Videos; M1001 (level 2) sees her private items open; A2001 uploads a photo in
 * her workspace, a member sees it after a reload, and she deletes it again (no state left behind).
 */
import { deflateSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { openWorkspaceSection, revealNear, signInAsBroadcaster, signInAsMember } from './helpers';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A real PNG of one colour. */
function png(width: number, height: number, shade: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3, shade);
  row[0] = 0;
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photos = (page: Page) => page.getByTestId('album-photos');
const videos = (page: Page) => page.getByTestId('album-videos');

/** Opens A2001's profile and loads every page of My Photos. */
async function allPhotos(page: Page) {
  await page.goto('/#/anchor/A2001');
  await revealNear(page, 'albums-near', photos(page));
  const tiles = photos(page).getByTestId('album-tile');
  await expect(tiles).toHaveCount(6);
  const more = photos(page).getByTestId('album-photos-more');
  for (let i = 0; i < 5 && (await more.isVisible()); i++) {
    const before = await tiles.count();
    await more.click();
    await expect.poll(() => tiles.count()).toBeGreaterThan(before);
  }
  await expect(more).toHaveCount(0);
  return tiles;
}

async function newMemberPage(browser: Browser, userid: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsMember(page, userid);
  return page;
}

test('a member below Intimacy Level 2 pages through her photos, meets a private one, and plays and seeks a video', async ({
  page,
}) => {
  await signInAsMember(page, 'M1002');
  const tiles = await allPhotos(page);
  expect(await tiles.count()).toBeGreaterThan(6);

  // Her private photo: blurred, saying what opens it; in the slideshow too.
  const locked = photos(page).locator('[data-testid="album-tile"][data-locked="1"]');
  await expect(locked.first()).toContainText('requires Intimacy Level 2 or above with the broadcaster');

  // The slideshow opens at the photo clicked and moves next and back.
  await tiles.nth(1).click();
  const show = page.getByTestId('slideshow');
  const total = await tiles.count();
  await expect(show.getByTestId('slideshow-counter')).toHaveText(`2 / ${total}`);
  await show.getByRole('button', { name: 'Next' }).click();
  await expect(show.getByTestId('slideshow-counter')).toHaveText(`3 / ${total}`);
  await show.getByRole('button', { name: 'Previous' }).click();
  await show.getByRole('button', { name: 'Previous' }).click();
  await expect(show.getByTestId('slideshow-counter')).toHaveText(`1 / ${total}`);
  await show.getByRole('button', { name: 'Close' }).click();
  await expect(show).toHaveCount(0);
  await locked.first().click();
  await expect(show.getByTestId('viewer-locked')).toContainText('Intimacy Level 2');
  await page.keyboard.press('Escape');

  // My Videos: her private video is locked; the other plays and seeks.
  await expect(videos(page).getByTestId('album-tile')).toHaveCount(2);
  await expect(videos(page).locator('[data-locked="1"]')).toHaveCount(1);
  await videos(page).locator('[data-testid="album-tile"][data-locked="0"]').click();
  const video = show.getByTestId('viewer-video');
  await expect(show.getByTestId('viewer-timer')).toHaveText(/^\d\d:\d\d \/ 00:04$/);
  const seeked = await video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
        el.currentTime = 2.5;
      }),
  );
  expect(seeked).toBeCloseTo(2.5, 0);
});

test('a member at Intimacy Level 2 sees her private photos and videos open', async ({ page }) => {
  await signInAsMember(page, 'M1001');
  const tiles = await allPhotos(page);
  expect(await tiles.count()).toBeGreaterThan(6);
  await expect(photos(page).locator('[data-locked="1"]')).toHaveCount(0);
  await expect(videos(page).getByTestId('album-tile')).toHaveCount(2);
  await expect(videos(page).locator('[data-locked="1"]')).toHaveCount(0);
});

test('she uploads a photo in her workspace and a member sees it on her profile after a reload', async ({
  page,
  browser,
}) => {
  const desc = `Lake at dawn ${Date.now().toString(36)}`;
  await signInAsBroadcaster(page, 'A2001');
  await openWorkspaceSection(page, 'Media', 'media');
  const panel = page.getByTestId('lady-album');
  // A picture too small for the photo rules is refused with the spec's text.
  await panel
    .getByTestId('album-photo-input')
    .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: png(100, 100, 40) });
  await expect(panel.getByTestId('album-upload-error')).toHaveText('image size 120-3600px');

  await panel
    .getByTestId('album-photo-input')
    .setInputFiles({ name: 'lake.png', mimeType: 'image/png', buffer: png(400, 300, 90) });
  await panel.getByTestId('album-desc').fill(desc);
  await panel.getByTestId('album-add').click();
  const mine = panel.getByTestId('lady-album-item').first();
  await expect(mine.getByRole('textbox')).toHaveValue(desc);

  const member = await newMemberPage(browser, 'M1002');
  await member.goto('/#/anchor/A2001');
  await revealNear(member, 'albums-near', photos(member));
  await expect(photos(member).getByTestId('album-tile').first()).toHaveAttribute('aria-label', desc);
  await member.reload();
  await revealNear(member, 'albums-near', photos(member));
  await expect(photos(member).getByTestId('album-tile').first()).toHaveAttribute('aria-label', desc);

  // She deletes it again, after confirming.
  await mine.getByRole('button', { name: 'Delete' }).click();
  await mine.getByRole('group', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
  await expect(panel.getByTestId('lady-album-item').first().getByRole('textbox')).not.toHaveValue(desc);
  await member.reload();
  await revealNear(member, 'albums-near', photos(member));
  await expect(photos(member).getByTestId('album-tile').first()).not.toHaveAttribute('aria-label', desc);
  await member.context().close();
});
