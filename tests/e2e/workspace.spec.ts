/**
 * Her workspace in sections: the studio at /broadcaster, the rest of her work (messages, mail,
 * bookings and shows, media) each reached through the workspace's navigation at its own address,
 * with the studio kept on (hidden) while she is elsewhere. A2014 is a broadcaster no other spec
 * signs in as.
 */
import { expect, test } from '@playwright/test';
import { signInAsBroadcaster, signInAsMember } from './helpers';
import { expectFramesGrowing, fakeMediaLaunchOptions, goLiveInPublicRoom, newPage } from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

test('a broadcaster moves between her workspace sections by its navigation, and Back returns her to the studio', async ({
  page,
}) => {
  await signInAsBroadcaster(page, 'A2014');
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  const studio = page.getByTestId('workspace-studio');
  const mail = page.getByTestId('lady-mail');
  await expect(nav.getByRole('link', { name: 'Studio' })).toHaveAttribute('aria-current', 'page');
  await expect(studio).toBeVisible();
  await expect(mail).toHaveCount(0);
  await expect(page).toHaveTitle(/^Studio · /);

  await nav.getByRole('link', { name: 'Mail' }).click();
  await expect(page).toHaveURL(/#\/broadcaster\/mail$/);
  await expect(page).toHaveTitle(/^Mail · /);
  await expect(mail.getByRole('heading', { name: 'Mail', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Mail' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Studio' })).not.toHaveAttribute('aria-current', 'page');
  // The studio stays mounted (her camera and One-on-One go on) but out of sight.
  await expect(studio).toBeAttached();
  await expect(studio).toBeHidden();
  // Her greeting and status stay above every section.
  await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();

  // By keyboard: the next tab is reachable and opens its section.
  await nav.getByRole('link', { name: 'Mail' }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Bookings & shows' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/broadcaster\/bookings$/);
  await expect(page.getByRole('heading', { name: 'One-on-One bookings' })).toBeVisible();
  await expect(mail).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/#\/broadcaster\/mail$/);
  await expect(mail).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/broadcaster$/);
  await expect(studio).toBeVisible();
  await expect(mail).toHaveCount(0);
  await expect(page).toHaveTitle(/^Studio · /);

  // An address that names no section opens the studio.
  await page.goto('/#/broadcaster/nothing-here');
  await expect(page).toHaveURL(/#\/broadcaster$/);
  await expect(studio).toBeVisible();
});

test('on a phone her workspace navigation scrolls in its own row and no section is wider than the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsBroadcaster(page, 'A2014');
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(page.getByTestId('workspace-studio')).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  // The last tab is past the row's edge until the row scrolls to it; the page never does.
  const media = nav.getByRole('link', { name: 'Media' });
  await media.click();
  await expect(page).toHaveURL(/#\/broadcaster\/media$/);
  await expect(media).toBeInViewport();
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  // Media shows one of its parts at a time, each at its own address, in a row of its own.
  const parts = page.getByRole('navigation', { name: 'Media' });
  await expect(parts.getByRole('link', { name: 'Album' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'My album' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My shots' })).toHaveCount(0);
  await parts.getByRole('link', { name: 'Shots' }).click();
  await expect(page).toHaveURL(/#\/broadcaster\/media\/shots$/);
  await expect(page).toHaveTitle(/^Shots · Media · /);
  await expect(page.getByRole('heading', { name: 'My shots' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My album' })).toHaveCount(0);
  await expect(media).toHaveAttribute('aria-current', 'page');
  // By keyboard, like the workspace's row.
  await page.keyboard.press('Tab');
  await expect(parts.getByRole('link', { name: 'Premium videos' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/broadcaster\/media\/premium-videos$/);
  await expect(page.getByRole('heading', { name: 'My premium videos' })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  await page.goBack();
  await expect(page).toHaveURL(/#\/broadcaster\/media\/shots$/);
  await expect(page.getByRole('heading', { name: 'My shots' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/broadcaster\/media$/);
  await expect(page.getByRole('heading', { name: 'My album' })).toBeVisible();
  // Opened by its address, a section's tab is brought into the row's view.
  await page.goto('/#/broadcaster/bookings');
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Bookings & shows' })).toBeInViewport({ ratio: 1 });
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  for (const [label, panel] of [
    ['Messages', 'lady-messages'],
    ['Mail', 'lady-mail'],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page.getByTestId(panel)).toBeVisible();
    expect(await pageWidth(), label).toBeLessThanOrEqual(390);
  }
});

test('her broadcast goes on while she works in Mail: a member still watches her, and her studio is as she left it', async ({
  browser,
}) => {
  const lady = await newPage(browser);
  const member = await newPage(browser);
  try {
    await goLiveInPublicRoom(lady, 'A2014');
    await signInAsMember(member, 'M1001');
    await member.goto('/page/live.html#anchorid=A2014&type=public');
    await expectFramesGrowing(member);

    const nav = lady.getByRole('navigation', { name: 'Workspace' });
    await nav.getByRole('link', { name: 'Mail' }).click();
    await expect(lady.getByTestId('lady-mail')).toBeVisible();
    await expect(lady.getByTestId('workspace-studio')).toBeHidden();
    // Her status and the studio's tab say she is still live.
    await expect(lady.getByText('Live in your public room', { exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Studio (live now)' })).toBeVisible();
    await expectFramesGrowing(member);

    await nav.getByRole('link', { name: 'Studio' }).click();
    await expect(lady.getByText('You are live in your public room.')).toBeVisible();
    await expect(lady.getByTestId('camera-preview')).toBeVisible();
    await expectFramesGrowing(member);
  } finally {
    await member.close();
    await lady.close();
  }
});
