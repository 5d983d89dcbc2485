import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

/** Signs in through the member login page, as a person would, and waits for the target page. */
export async function signInAsMember(page: Page, userid = 'M1001', redirect?: string) {
  await page.goto(redirect ? `/user/login?redirect=${encodeURIComponent(redirect)}` : '/user/login');
  await page.getByLabel('User ID').fill(userid);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('balance-credits')).toBeVisible();
}

/** Signs in through the broadcaster login page and waits for the workspace. */
export async function signInAsBroadcaster(page: Page, userid = 'A2001') {
  await page.goto('/broadcast/login');
  await page.getByLabel('User ID').fill(userid);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/#\/broadcaster$/);
}
