import { expect, test } from '@playwright/test';

test('a visitor reads the help pages without signing in and uses the FAQ by keyboard', async ({ page }) => {
  await page.goto('/#/howitwork/works');
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
  // Prices are the spec's: One-on-One 0.3, premium public 0.05 per minute with at most 6 viewers.
  await expect(page.getByTestId('help-article')).toContainText('0.30 credits per minute');
  await expect(page.getByTestId('help-article')).toContainText(
    'at most 6 viewers at 0.05 credits per minute',
  );
  await expect(page).toHaveURL(/#\/howitwork\/works$/);

  await page.goto('/#/help/service-intro');
  await expect(page).toHaveURL(/#\/help\/service-intro\/public-broadcast$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Public broadcast' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Our services' }).getByRole('link', { name: 'Say Hi' }).click();
  await expect(page.getByTestId('help-article')).toContainText(
    'Say Hi is free to send and to read the first response.',
  );

  await page.goto('/#/howitwork/faq/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Credits and stamps' })).toBeVisible();
  const questions = page.getByTestId('faq-list').getByRole('button');
  const first = questions.first();
  await first.focus();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('One-on-One: 0.30 credits per minute.')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(questions.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(questions.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
});

test('once the app is installed, a help page never opened before opens offline', async ({
  page,
  context,
}) => {
  const helpRequests: string[] = [];
  page.on('request', (request) => {
    if (/HelpPages/.test(request.url())) helpRequests.push(request.url());
  });
  await page.goto('/user/login');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // The page itself never asked for the help chunk: only the service worker's precache has it.
  expect(helpRequests).toEqual([]);

  await context.setOffline(true);
  await page.goto('/#/help/service-intro/say-hi');
  await expect(page.getByRole('heading', { level: 1, name: 'Say Hi' })).toBeVisible();
  await expect(page.getByTestId('help-article')).toContainText('One Say Hi per broadcaster');
  await page.goto('/#/howitwork/tc');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  // The page read before is remembered on this device (IndexedDB), shown in the navigation.
  await page.getByRole('link', { name: 'Our services →' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Our services' }).getByRole('link', { name: /^Say Hi/ }),
  ).toHaveAttribute('data-read', '1');
  await context.setOffline(false);
});
