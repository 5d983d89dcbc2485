/**
 * A visitor joins and keeps his account: he signs up, confirms his email from the local mail
 * outbox, signs out, resets his password from the login page through the mailed link, signs in
 * with his email and the new password, downloads his data, deletes his account and can no longer
 * sign in.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { MAIL_OUTBOX_PATH } from '../../protocol/account/account';
import { Messages } from '../../protocol/errors';

const FIRST_PASSWORD = 'Violet-Harbor-42';
const NEW_PASSWORD = 'Amber-Coast-93';

/** The terms overlay and the first-visit guide of a new member's first start (src/features/guides). */
async function passFirstStart(page: Page) {
  const terms = page.getByTestId('terms-overlay');
  // A new member's first start shows the terms; they come a moment after the page.
  if (
    await terms.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await terms.getByRole('checkbox').check();
    await terms.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(terms).toBeHidden();
  }
  const guide = page.getByTestId('guide-wizard');
  if (
    await guide.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await page.keyboard.press('Escape');
    await expect(guide).toBeHidden();
  }
}

/** Opens the newest mailed link of `purpose` to `email` from the local outbox (polled: mail may lag). */
async function followMailedLink(page: Page, email: string, purpose: 'verify' | 'reset') {
  const mail = page.locator(`article[data-to="${email}"][data-purpose="${purpose}"]`).first();
  await expect(async () => {
    await page.goto(MAIL_OUTBOX_PATH);
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(mail).toContainText('Glimmer');
  await mail.locator('pre a').first().click();
}

test('a visitor signs up, confirms his email, resets his password, takes his data and leaves', async ({
  page,
}) => {
  const email = `sam.${Date.now()}@example.com`;

  // Sign-up, from the login page.
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/user\/signup$/);
  await page.getByLabel('Email').fill(email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('password123');
  await expect(page.getByTestId('password-hint')).toContainText('too common');
  await password.fill(FIRST_PASSWORD);
  await expect(page.getByTestId('password-hint')).toContainText('Strength');
  await page.getByLabel('Nickname').fill('Sam');
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByLabel('Country').selectOption('Canada');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/#\/home/);
  await passFirstStart(page);
  await expect(page.getByTestId('balance-credits')).toContainText('0.00');

  // The verification link, from the local outbox.
  await followMailedLink(page, email, 'verify');
  await expect(page.getByText(`${email} is confirmed`)).toBeVisible();

  // Signs out; has forgotten his password.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/user\/login/);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText('If this email belongs to a Glimmer account')).toBeVisible();
  await followMailedLink(page, email, 'reset');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password is changed')).toBeVisible();
  await page.locator('#main').getByRole('link', { name: 'Sign in' }).click();

  // Signs in with his email and the new password.
  await page.getByLabel('User ID').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('balance-credits')).toBeVisible();

  // Account & security: his data, then the deletion.
  await page.getByTestId('user-menu').click();
  await page.getByRole('link', { name: 'Account & security' }).click();
  await expect(page.getByRole('heading', { name: 'Account & security' })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByTestId('devices')).toContainText('(this device)');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    account: { email: string; email_verified: boolean };
  };
  expect(data.account).toMatchObject({ email, email_verified: true });

  await page.getByLabel('Your password').fill(NEW_PASSWORD);
  await page.getByLabel('I understand that my account cannot be restored.').check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/user\/login/);

  // He can no longer sign in.
  await page.getByLabel('User ID').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(Messages.wrongCredentials);
});
