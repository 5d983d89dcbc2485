import { expect, type Page, test } from '@playwright/test';
import { Messages } from '../../protocol/errors';
import { imagesOnScreen, signInAsMember } from './helpers';

const ACTIONS = [
  'action-chat-now',
  'action-invite-one-on-one',
  'action-hang-out',
  'action-watch-now',
  'action-book-one-on-one',
  'action-send-mail',
];

/** The action buttons a profile shows, by test id. */
async function actionsOn(page: Page, anchorId: string) {
  await page.goto(`/#/anchor/${anchorId}`);
  await expect(page.getByText(`ID: ${anchorId}`)).toBeVisible();
  const shown: string[] = [];
  for (const id of ACTIONS) if (await page.getByTestId(id).isVisible()) shown.push(id);
  return shown;
}

test('profile buttons follow the broadcaster state table', async ({ page }) => {
  await signInAsMember(page, 'M1001');
  // Online, offering One-on-One and hang-out, to a member with every privilege.
  expect(await actionsOn(page, 'A2001')).toEqual([
    'action-chat-now',
    'action-invite-one-on-one',
    'action-hang-out',
  ]);
  // Live in a public room: Watch Now and the Live badge.
  expect(await actionsOn(page, 'A2002')).toEqual(['action-watch-now']);
  await expect(page.getByTestId('live-badge')).toBeVisible();
  // Offline with the booking privilege, and without it.
  expect(await actionsOn(page, 'A2006')).toEqual(['action-book-one-on-one']);
  expect(await actionsOn(page, 'A2017')).toEqual(['action-send-mail']);
  await page.getByTestId('action-send-mail').click();
  await expect(page).toHaveURL(/#\/compose\?anchorid=A2017$/);
  // The compose page, with the broadcaster filled in.
  await expect(page.getByTestId('compose-to')).toHaveValue('A2017');
});

test('a member without the One-on-One privilege is not offered the invite', async ({ page }) => {
  await signInAsMember(page, 'M1002');
  expect(await actionsOn(page, 'A2001')).not.toContain('action-invite-one-on-one');
  expect(await actionsOn(page, 'A2001')).toContain('action-chat-now');
});

test('honourable broadcasters are styled apart and birthdays are celebrated', async ({ page }) => {
  await signInAsMember(page);
  await page.goto('/#/anchor/A2003');
  await expect(page.getByTestId('honourable-badge')).toBeVisible();
  await page.goto('/#/anchor/A2001');
  await expect(page.getByText('ID: A2001')).toBeVisible();
  await expect(page.getByTestId('honourable-badge')).toHaveCount(0);
  // A2004's birthday is seeded to fall on the day the data is made.
  await page.goto('/#/anchor/A2004');
  await expect(page.getByTestId('birthday-banner')).toBeVisible();
});

test('a suspended profile says so and leads home; an unknown one goes to Discover', async ({ page }) => {
  await signInAsMember(page);
  await page.goto('/#/anchor/A2064');
  await expect(page.getByTestId('profile-gone')).toContainText(Messages.profileGone);
  await page
    .getByRole('button', { name: 'Back to Home' })
    .or(page.getByRole('link', { name: 'Back to Home' }))
    .click();
  await expect(page).toHaveURL(/#\/home$/);
  await page.goto('/#/anchor/A2999');
  await expect(page).toHaveURL(/#\/masterlist$/);
});

test('on a phone her profile loads its first screen at once, and her calendar’s covers as it is scrolled to', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAsMember(page);
  await page.goto('/#/anchor/A2001');
  await expect(page.getByTestId('anchor-shows').locator('img').first()).toBeAttached();
  await expect
    .poll(async () => {
      const all = await imagesOnScreen(page);
      return {
        withoutSize: all.filter((i) => !(i.width > 0 && i.height > 0)).map((i) => i.src),
        lazyOnFirstScreen: all.filter((i) => i.onScreen && i.lazy).map((i) => i.src),
        eagerBelow: all.filter((i) => i.below && !i.lazy).map((i) => i.src),
      };
    })
    .toEqual({ withoutSize: [], lazyOnFirstScreen: [], eagerBelow: [] });
  // Not empty: her portrait on the first screen, her shows' covers below it.
  const all = await imagesOnScreen(page);
  expect(all.filter((i) => i.onScreen && i.src.includes('/portrait/A2001')).length).toBe(1);
  expect(all.filter((i) => i.below && i.src.includes('/media/show/')).length).toBeGreaterThanOrEqual(1);
  await context.close();
});
