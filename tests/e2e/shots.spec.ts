/**
 * Her shots, both sides. M1001 opens A2001's profile and sees her four profile shots, moves through
 * the gallery, likes one, is refused a 141-character comment with the spec's text (and by the
 * server, 10094), sends one, and finds it in Messages with the shot beside it; A2003's private shot
 * tells him Intimacy Level 2 is needed (he has level 1 with her). A2001 posts a new photo in her
 * workspace, M1001 sees it on her profile after a reload, and she deletes it again (nothing left
 * behind for other specs).
 */
import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { openMediaPart, revealNear, signInAsBroadcaster, signInAsMember } from './helpers';

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

const shotsOn = (page: Page) => page.getByTestId('profile-shots');

test('M1001 likes and comments on her shots and finds the comment in Messages; A2001 posts a shot he sees', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAsMember(page, 'M1001');
  await page.goto('/#/anchor/A2001');
  await revealNear(page, 'shots-near', shotsOn(page));
  const tiles = shotsOn(page).getByTestId('shot-tile');
  await expect(tiles).toHaveCount(4);

  // The gallery at the second shot: 'n / total', the edge arrows, the keyboard.
  await tiles.nth(1).click();
  const gallery = page.getByTestId('slideshow');
  await expect(gallery).toBeVisible();
  await expect(gallery.getByTestId('slideshow-counter')).toHaveText('2 / 4');
  await gallery.getByRole('button', { name: 'Next' }).click();
  await expect(gallery.getByTestId('slideshow-counter')).toHaveText('3 / 4');
  await page.keyboard.press('ArrowLeft');
  await expect(gallery.getByTestId('slideshow-counter')).toHaveText('2 / 4');
  await expect(gallery.getByRole('img', { name: 'Sunday by the lake' })).toBeVisible();

  // Like: the toggle changes after the server's answer.
  const like = gallery.getByTestId('shot-like');
  const before = await like.getAttribute('aria-pressed');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
  if (before === 'true') await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');

  // The comment box: 141 characters are refused with the spec's text; the server refuses them too.
  const box = gallery.getByRole('textbox', { name: 'Comment on this shot' });
  await box.fill('a'.repeat(141));
  await expect(gallery.getByTestId('shot-comment-counter')).toHaveText('141 / 140');
  await gallery.getByRole('button', { name: 'Send' }).click();
  await expect(gallery.getByTestId('shot-comment-error')).toHaveText('Information length is not standard.');
  const shotId = Number(await tiles.nth(1).getAttribute('data-id'));
  const refused = await page.request.post('/share/v1/sendPrivateMessage?is_ajax=1', {
    form: { to_id: 'A2001', content: 'a'.repeat(141), dynamics_id: shotId },
  });
  expect(await refused.json()).toMatchObject({
    errno: 10094,
    errmsg: 'Message can not exceed 140 characters.',
  });
  await box.fill('');
  await box.press('Enter');
  await expect(gallery.getByTestId('shot-comment-error')).toHaveText('Please write something.');
  const words = `What a view! ${Date.now().toString(36)}`;
  await box.fill(words);
  await box.press('Enter');
  await expect(gallery.getByText('Comment has been sent!')).toBeVisible();
  await expect(box).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);

  // Messages: the comment with the shot beside it.
  await page.goto('/#/mymessage?to=A2001');
  const mine = page.getByTestId('pm-msg').filter({ hasText: words });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('comment-shot')).toHaveAttribute('data-id', String(shotId));
  await expect(mine.getByRole('img', { name: 'Sunday by the lake' })).toBeVisible();

  // A2003's private shot: he has Intimacy Level 1 with her.
  await page.goto('/#/anchor/A2003');
  await revealNear(page, 'shots-near', shotsOn(page));
  const locked = shotsOn(page).getByTestId('shot-tile').first();
  await expect(locked).toHaveAccessibleName(/\(private\)$/);
  await locked.click();
  await expect(page.getByTestId('slideshow').getByTestId('viewer-locked')).toContainText(
    'requires Intimacy Level 2 or above',
  );
  await page.keyboard.press('Escape');

  // A2001 posts a photo shot on her profile.
  const lady = await browser.newContext();
  const ladyPage = await lady.newPage();
  await signInAsBroadcaster(ladyPage, 'A2001');
  await openMediaPart(ladyPage, 'Shots', 'shots');
  const panel = ladyPage.getByTestId('lady-shots');
  await panel.getByTestId('shot-file-input').setInputFiles({
    name: 'garden.png',
    mimeType: 'image/png',
    buffer: png(320, 240, 120),
  });
  await expect(panel.getByRole('img', { name: 'Preview of garden.png' })).toBeVisible();
  const caption = `In my garden ${Date.now().toString(36)}`;
  await panel.getByTestId('shot-content').fill(caption);
  await panel.getByTestId('shot-post').click();
  const posted = panel.getByTestId('lady-shot-item').filter({ hasText: caption });
  await expect(posted).toContainText('0 likes');

  await page.goto('/#/anchor/A2001');
  await page.reload();
  await revealNear(page, 'shots-near', shotsOn(page));
  await expect(shotsOn(page).getByTestId('shot-tile').first()).toHaveAccessibleName(`Photo: ${caption}`);

  // She deletes it again, after confirming.
  await posted.getByRole('button', { name: 'Delete' }).click();
  await posted.getByRole('button', { name: 'Delete' }).click();
  await expect(posted).toHaveCount(0);
  await lady.close();
});
