/**
 * Security as a member meets it in Chromium: a page on a sibling origin cannot buy a ticket with his
 * cookie; a spray of wrong passwords for made-up ids locks nobody else out; a suspended broadcaster
 * cannot sign in; and a member whose account strangers locked unlocks it with a code on his phone.
 */
import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { Messages } from '../../protocol/errors';
import { DEMO_PASSWORD, serverBalances, signInAsMember } from './helpers';
import { E2E_PORT } from './ports';

/** Another origin of the same site (another port of localhost), as a hostile page would be. */
const SIBLING_PORT = E2E_PORT + 20;

function siblingPage(html: string): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) => server.listen(SIBLING_PORT, 'localhost', () => resolve(server)));
}

/** Submits the login form and answers the error it shows ('' when there is none). */
async function tryLogin(page: Page, userid: string, password: string) {
  await page.getByLabel('User ID').fill(userid);
  await page.getByLabel('Password').fill(password);
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/(user|broadcast)\/login/.test(r.url()),
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answered;
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  return (await page.locator('.login-error').first().textContent()) ?? '';
}

test('a form on a sibling origin cannot buy a ticket with the member’s cookie', async ({ page, baseURL }) => {
  await signInAsMember(page, 'M1002');
  const before = await serverBalances(page);
  const hostile = await siblingPage(`<!doctype html><title>Win a prize</title>
    <form id="f" method="post" action="${baseURL}/man/v1/buyTicket?is_ajax=1">
      <input name="live_show_id" value="LS3015"><button>Claim</button>
    </form>`);
  try {
    await page.goto(`http://localhost:${SIBLING_PORT}/`);
    await page.getByRole('button', { name: 'Claim' }).click();
    await expect(page.locator('body')).toContainText('"errno":10020');
  } finally {
    hostile.close();
  }
  await page.goto('/#/discover');
  expect(await serverBalances(page)).toEqual(before);
});

test('six wrong passwords for made-up ids leave other members able to sign in', async ({ browser }) => {
  const attacker = await browser.newPage();
  await attacker.goto('/user/login');
  for (let i = 0; i < 6; i++) {
    expect(await tryLogin(attacker, `M9${i}00${i}`, 'password123')).toBe(Messages.wrongCredentials);
  }
  await attacker.close();
  const member = await browser.newPage();
  await signInAsMember(member, 'M1003');
  await member.close();
});

test('a suspended broadcaster (A2064) cannot sign in', async ({ page }) => {
  await page.goto('/broadcast/login');
  expect(await tryLogin(page, 'A2064', DEMO_PASSWORD)).toBe(Messages.accountSuspended);
  await expect(page).toHaveURL(/\/broadcast\/login/);
});

test('a member locked out by failed attempts unlocks with a code sent to his phone', async ({ browser }) => {
  test.setTimeout(120_000);
  // Setup, as the member himself: a verified phone (the code read from the local SMS outbox).
  const owner = await browser.newPage();
  await signInAsMember(owner, 'M1004');
  const phone = { country: 'United Kingdom', area_code: '44', phone_no: '7700900444' };
  await owner.request.post('/man/v1/getPhoneVerifyCode?is_ajax=1', { form: phone });
  await owner.goto('/dev/sms-outbox');
  const verify = (await owner.locator('td', { hasText: 'verification code' }).first().textContent())?.match(
    /\d{6}/,
  )?.[0];
  const verified = await owner.request.post('/man/v1/submitPhoneVerifyCode?is_ajax=1', {
    form: { ...phone, verify_code: verify ?? '' },
  });
  expect(((await verified.json()) as { errno: number }).errno).toBe(0);
  await owner.close();

  // A stranger's browser guesses until the account locks, waiting as it is told to.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/user/login');
  for (let attempt = 0; attempt < 40; attempt++) {
    const text = await tryLogin(page, 'M1004', `guess-${attempt}`);
    if (text === Messages.accountLocked) break;
    const wait = text.match(/wait (\d+) second/)?.[1];
    if (wait) await page.waitForTimeout(Number(wait) * 1000 + 100);
    else expect(text).toBe(Messages.wrongCredentials);
  }
  await expect(page.getByRole('alert').first()).toHaveText(Messages.accountLocked);
  // Even the right password is refused now.
  expect(await tryLogin(page, 'M1004', DEMO_PASSWORD)).toBe(Messages.accountLocked);

  await page.getByRole('button', { name: 'Text me an unlock code' }).click();
  await expect(page.getByRole('status')).toHaveText(Messages.unlockCodeSent);
  const outbox = await page.context().newPage();
  await outbox.goto('/dev/sms-outbox');
  const code = (await outbox.locator('td', { hasText: 'unlock code' }).first().textContent())?.match(
    /\d{6}/,
  )?.[0];
  await outbox.close();
  await page.getByLabel('Unlock code').fill(code ?? '');
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByText(Messages.unlocked)).toBeVisible();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('balance-credits')).toBeVisible();
});
