/**
 * His first conversation: a member with no Intimacy with a live broadcaster is told why he cannot
 * write to her and what gets him there, watches her public room until Level 1 (the visit clock,
 * TEST_CLOCK, moves his visit on a minute at a time: no real two-minute wait), then writes to her.
 */
import { expect, type Page, test } from '@playwright/test';
import { LiveApi } from '../../protocol/live/live';
import { MessageTexts } from '../../protocol/messages/messages';
import { signInAsMember } from './helpers';

// A live public room no other spec writes to, and a member with no Intimacy with her.
const ANCHOR = 'A2041';
const conversation = (page: Page) => page.getByTestId('conversation');

test('a new acquaintance watches her room for 2 minutes, reaches Intimacy Level 1 and writes to her', async ({
  page,
}) => {
  await signInAsMember(page, 'M1002');
  await page.goto(`/#/mymessage?to=${ANCHOR}`);
  await expect(conversation(page).getByTestId('pm-blocked')).toHaveText(MessageTexts.intimacy);
  const howTo = conversation(page).getByTestId('intimacy-howto');
  await expect(howTo).toContainText('Watch her broadcast for 2 minutes');
  await expect(conversation(page).getByRole('textbox', { name: 'Message' })).toBeDisabled();

  await page.goto(`/#/anchor/${ANCHOR}`);
  const section = page.getByTestId('profile-intimacy');
  await expect(section.getByTestId('profile-intimacy-level')).toHaveText('0');
  await expect(section).toContainText('basic: send private messages');

  // Into her room; once his visit is open, its clock is moved on two minutes.
  await page.goto(`/page/live.html#anchorid=${ANCHOR}&type=public`);
  await expect(page.getByTestId('live-video')).toBeVisible();
  const nextMinute = async () => {
    const answer = await page.request.post(`${LiveApi.devNextMinute}?is_ajax=1`, { form: {} });
    return ((await answer.json()) as { data?: { visits: number } }).data?.visits ?? 0;
  };
  await expect.poll(nextMinute, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await nextMinute()).toBe(1);

  await page.goto(`/#/anchor/${ANCHOR}`);
  await expect(section.getByTestId('profile-intimacy-level')).toHaveText('1');
  await section.getByTestId('profile-intimacy-message').click();
  await expect(conversation(page).getByTestId('pm-blocked')).toHaveCount(0);
  await expect(conversation(page).getByTestId('intimacy-howto')).toHaveCount(0);
  const editor = conversation(page).getByRole('textbox', { name: 'Message' });
  await editor.fill('Hello! I loved your broadcast.');
  await editor.press('Enter');
  await expect(conversation(page).getByTestId('pm-msg').last()).toContainText(
    'Hello! I loved your broadcast.',
  );
});
