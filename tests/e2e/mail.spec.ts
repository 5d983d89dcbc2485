import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { signInAsBroadcaster, signInAsMember } from './helpers';

// M1004 (Robert) holds 5 post stamps and no credits; M1005 (William) 40 stamps and 999.99 credits.
// Neither's balances are asserted by other specs. Their inboxes are seeded (server/seed/mail.ts).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A real, decodable PNG of one colour. */
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

const stamps = (page: Page) => page.getByTestId('balance-stamps');

test('a member reads a paid letter with a stamp, opens a private photo and a video, then meets the prompt', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInAsMember(page, 'M1004');
  await expect(stamps(page)).toContainText('5 stamps');
  await page.getByRole('link', { name: /^Mail/ }).first().click();
  await expect(page).toHaveURL(/#\/inbox$/);
  await page.locator('[data-emf="EMF-M1004-1"]').click();
  await expect(page.getByTestId('letter-locked')).toContainText('costs 1 post stamp or 0.8 credit');
  await page.getByTestId('letter-open').click();
  await expect(page.getByTestId('letter-body')).toContainText('Dear Robert');
  await expect(stamps(page)).toContainText('4 stamps');

  // A free photo is open; the private one is locked until bought with a stamp.
  await expect(page.getByTestId('media-R1')).toHaveAttribute('data-status', '1');
  const privatePhoto = page.getByTestId('media-R2');
  await expect(privatePhoto).toHaveAttribute('data-status', '0');
  await privatePhoto.getByRole('button', { name: /View for 1 stamp/ }).click();
  await expect(page.getByTestId('picture-viewer').getByRole('img')).toBeVisible();
  await expect(stamps(page)).toContainText('3 stamps');
  await page.getByTestId('picture-viewer').getByRole('button', { name: 'Close' }).click();
  await expect(privatePhoto).toHaveAttribute('data-status', '1');

  // The video takes 2 stamps; the player goes loading → playing → ended, with Replay.
  await page
    .getByTestId('media-R3')
    .getByRole('button', { name: /Watch for 2 stamps/ })
    .click();
  const player = page.getByTestId('video-player');
  await expect(player.locator('.video-player')).toHaveAttribute('data-state', 'playing');
  await expect(stamps(page)).toContainText('1 stamp');
  await expect(player.getByRole('button', { name: 'Replay' })).toBeVisible({ timeout: 20_000 });
  await player.getByRole('button', { name: 'Replay' }).click();
  await expect(player.locator('.video-player')).toHaveAttribute('data-state', 'playing');
  await player.getByRole('button', { name: 'Close' }).click();

  // The last stamp reads the next letter; its private photo then finds neither stamps nor credits.
  await page.getByRole('link', { name: '← Back' }).click();
  await page.locator('[data-emf="EMF-M1004-2"]').click();
  await page.getByTestId('letter-open').click();
  await expect(stamps(page)).toContainText('0 stamps');
  await page
    .getByTestId('media-R1')
    .getByRole('button', { name: /View for/ })
    .click();
  const prompt = page.getByTestId('mail-prompt');
  await expect(prompt).toContainText('You have no post stamps or credits left.');
  await expect(prompt.getByRole('link', { name: 'Buy post stamps' })).toBeVisible();
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('media-R1')).toHaveAttribute('data-status', '0');

  // Offline, the inbox and the letters he opened are still there (IndexedDB).
  await context.setOffline(true);
  try {
    await page.getByRole('link', { name: '← Back' }).click();
    await expect(page.getByTestId('mail-offline')).toContainText('You are offline.');
    await page.locator('[data-emf="EMF-M1004-1"]').click();
    await expect(page.getByTestId('letter-offline')).toBeVisible();
    await expect(page.getByTestId('letter-body')).toContainText('Dear Robert');
    await expect(page.getByTestId('media-R2')).toHaveAttribute('data-status', '1');
  } finally {
    await context.setOffline(false);
  }
});

test('a member writes a mail with a photo; a photo too small is refused with the spec’s text', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsMember(page, 'M1005');
  const before = Number(((await stamps(page).textContent()) ?? '').replace(/\D/g, ''));
  await page.goto('/#/compose?anchorid=A2001');
  const guide = page.getByTestId('mail-guide');
  await expect(guide).toContainText('Write your mail');
  await guide.getByRole('button', { name: 'Next' }).click();
  await expect(guide).toContainText('Add photos and send');
  await guide.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByTestId('compose-anchor')).toBeVisible();

  // Nothing written yet: the spec's text.
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose-error')).toHaveText('the content can not be blank');

  await page.getByTestId('compose-text').fill('Hello Anna! A photo of my garden.');
  await page
    .getByTestId('compose-file')
    .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: png(100, 100, 40) });
  await expect(page.getByTestId('compose-photo-error')).toHaveText('image size 120-3600px');
  await page
    .getByTestId('compose-file')
    .setInputFiles({ name: 'garden.png', mimeType: 'image/png', buffer: png(200, 160, 90) });
  await expect(page.getByTestId('compose-photo')).toHaveCount(1);
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('mail-success')).toContainText('Your mail is on its way.');
  // One stamp for the mail and one for the photo.
  await expect(stamps(page)).toContainText(`${before - 2} stamps`);
  await page.getByRole('link', { name: 'Sent mail' }).click();
  await expect(page.getByTestId('mail-row').first()).toContainText('Hello Anna! A photo of my garden.');
});

test('a broadcaster sends a letter and the member’s unread count rises at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAsMember(page, 'M1005');
  await page.goto('/#/inbox');
  const badge = page.getByTestId('mail-tab-unread-inbox');
  await expect(badge).toBeVisible();
  const before = Number(await badge.textContent());

  const ladyContext = await browser.newContext();
  const lady = await ladyContext.newPage();
  try {
    await signInAsBroadcaster(lady, 'A2003');
    const panel = lady.getByTestId('lady-mail');
    await panel.getByTestId('lady-mail-to').fill('M1005');
    await panel.getByTestId('lady-mail-text').fill('William, I wrote this just for you.');
    await panel.getByTestId('lady-mail-add-photo').click();
    await panel.getByTestId('lady-mail-send').click();
    await expect(panel.getByTestId('lady-mail-list')).toContainText('William, I wrote this just for you.');

    // No reload: the socket's notice raises the count and the list shows the letter.
    await expect(badge).toHaveText(String(before + 1));
    await expect(page.getByTestId('mail-row').first()).toContainText('A mail is waiting for you.');
  } finally {
    await ladyContext.close();
  }
});
