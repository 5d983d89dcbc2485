import { expect, type Page, test } from '@playwright/test';
import { openWorkspaceSection, signInAsBroadcaster, signInAsMember } from './helpers';

const creditsOf = async (page: Page) =>
  Number.parseFloat(
    ((await page.getByTestId('balance-credits').textContent()) ?? '').replace(/[^0-9.]/g, ''),
  );

test('M1001 books A2002 for tomorrow with a gift and SMS, verifies his phone from the SMS outbox, and A2002 accepts', async ({
  browser,
}) => {
  const man = await browser.newContext();
  const page = await man.newPage();
  await signInAsMember(page, 'M1001');
  await page.goto('/#/anchor/A2002');
  await expect(page.getByText('ID: A2002')).toBeVisible();
  const before = await creditsOf(page);

  await page.getByTestId('book-one-on-one').click();
  const popup = page.getByTestId('booking-popup');
  await expect(popup.getByLabel('Date')).toBeVisible();
  await popup.getByLabel('Date').selectOption({ label: 'Tomorrow' });
  const time = popup.getByLabel(/^Time \(GMT/);
  const firstTime = await time.locator('option').nth(1).getAttribute('value');
  await time.selectOption(firstTime ?? '');
  // Choosing a date resets the time.
  await popup.getByLabel('Date').selectOption({ index: 0 });
  await expect(time).toHaveValue('');
  await popup.getByLabel('Date').selectOption({ label: 'Tomorrow' });
  await time.selectOption(firstTime ?? '');

  // The price before any money moves: the deposit and the gift (not in his backpack, so credits).
  await popup.getByRole('button', { name: 'Teddy Bear' }).click();
  await expect(popup.getByTestId('booking-deposit')).toContainText(
    '3.00 credits will be charged now: 1.50 for the first 5 minutes of One-on-One, plus 1.50 credits for 1 Teddy Bear',
  );

  // Turning SMS on without a verified phone opens the verification.
  await popup.getByLabel('Send me an SMS 15 minutes before the broadcast').click();
  const verify = popup.getByTestId('phone-verify');
  await verify.getByRole('button', { name: 'Send code' }).click();
  await expect(verify.getByRole('alert')).toHaveText('Please enter a valid phone number.');
  await verify.getByLabel('Phone number').fill('7700900456');
  await verify.getByRole('button', { name: 'Send code' }).click();
  await expect(verify.getByRole('alert')).toHaveText('Please select your country code.');
  await verify.getByLabel('Country code').selectOption({ label: 'United Kingdom (+44)' });
  await verify.getByRole('button', { name: 'Send code' }).click();
  await expect(verify.getByLabel('Verification code')).toBeVisible();
  // The code is never shown to him in the app: he reads it where the SMS went (the local outbox).
  await expect(page.getByText(/\b\d{6}\b/)).toHaveCount(0);
  const outbox = await man.newPage();
  await outbox.goto('/dev/sms-outbox');
  await expect(outbox.getByRole('heading', { name: 'Local SMS outbox' })).toBeVisible();
  const row = outbox.locator('tr', { hasText: '+44 7700900456' }).first();
  const code = ((await row.textContent()) ?? '').match(/code is (\d{6})/)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await outbox.close();
  await verify.getByLabel('Verification code').fill(code);
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(popup.getByText('+44 7700900456')).toBeVisible();
  await expect(popup.getByLabel('Send me an SMS 15 minutes before the broadcast')).toBeChecked();

  await popup.getByRole('button', { name: 'BOOK NOW' }).click();
  await expect(popup.getByTestId('booking-sent')).toHaveText('Request successfully sent!');
  // The deposit: 5 minutes of One-on-One (1.50) and one Teddy Bear (1.50).
  await expect.poll(() => creditsOf(page)).toBeCloseTo(before - 3, 2);
  // It closes itself after 3 s.
  await expect(popup).toBeHidden({ timeout: 8_000 });

  const lady = await browser.newContext();
  const ladyPage = await lady.newPage();
  await signInAsBroadcaster(ladyPage, 'A2002');
  await openWorkspaceSection(ladyPage, 'Bookings & shows', 'bookings');
  const bookings = ladyPage.getByTestId('lady-bookings');
  const request = bookings.locator('li', { hasText: 'M1001' }).first();
  await expect(request).toContainText('Booking request');
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(bookings.locator('li', { hasText: 'M1001' }).first()).toContainText('Scheduled');
  // He hears it wherever he is.
  await expect(page.getByText(/accepted your One-on-One booking/)).toBeVisible();

  await page.goto('/#/liverequest/tag2');
  await expect(page.locator('.booking-card').first()).toContainText('Scheduled');
  // The slot is no longer offered to him.
  await page.goto('/#/anchor/A2002');
  await page.getByTestId('book-one-on-one').click();
  await popup.getByLabel('Date').selectOption({ label: 'Tomorrow' });
  await expect(time.locator(`option[value="${firstTime}"]`)).toHaveCount(0);
  await lady.close();
  await man.close();
});

test('a broadcaster invites a member to a scheduled One-on-One; he sees the bubble and accepts it', async ({
  browser,
}) => {
  const man = await browser.newContext();
  const page = await man.newPage();
  await signInAsMember(page, 'M1003');
  const lady = await browser.newContext();
  const ladyPage = await lady.newPage();
  await signInAsBroadcaster(ladyPage, 'A2001');
  await openWorkspaceSection(ladyPage, 'Bookings & shows', 'bookings');
  const panel = ladyPage.getByTestId('lady-bookings');
  await panel.getByLabel('Member ID').fill('M1003');
  await panel.getByRole('button', { name: 'Show my times' }).click();
  await expect(panel.getByText(/Invitations left today: \d+/)).toBeVisible();
  await panel.getByLabel('Date').selectOption({ label: 'Tomorrow' });
  await panel.getByLabel(/^Time \(GMT/).selectOption({ index: 1 });
  await panel.getByRole('button', { name: 'Send invitation' }).click();
  await expect(panel.getByText('Invitation sent.')).toBeVisible();

  await expect(page.getByText(/invites you to a scheduled One-on-One/).first()).toBeVisible();
  await page.goto('/#/liverequest/tag3');
  const card = page.locator('.booking-card', { hasText: 'invites you' }).first();
  await card.getByRole('button', { name: 'Accept' }).click();
  await page.goto('/#/liverequest/tag2');
  await expect(page.locator('.booking-card').first()).toContainText('Scheduled');
  await expect(panel.locator('li', { hasText: 'M1003' }).first()).toContainText('Scheduled');
  await lady.close();
  await man.close();
});

test('the schedule request page checks the broadcaster id typed in', async ({ page }) => {
  await signInAsMember(page, 'M1001');
  await page.goto('/#/schedule/request');
  const id = page.getByLabel("Broadcaster's ID");
  for (const value of ['   ', 'M1001', 'Z9999']) {
    await id.fill(value);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('anchor-id-error')).toHaveText("Please enter a valid broadcaster's ID");
  }
  await id.fill('  A2002 ');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('anchor-id-error')).toHaveCount(0);
  await expect(page.getByLabel(/^Time \(GMT/)).toBeVisible();
  await expect(page.getByText('Times from 24 hours to 14 days from now.')).toBeVisible();
});

test('she declines a booking: he is told and his deposit comes back in full', async ({ browser }) => {
  const man = await browser.newContext();
  const page = await man.newPage();
  await signInAsMember(page, 'M1005');
  const before = await creditsOf(page);
  await page.goto('/#/anchor/A2001');
  await expect(page.getByText('ID: A2001')).toBeVisible();
  await page.getByTestId('book-one-on-one').click();
  const popup = page.getByTestId('booking-popup');
  await popup.getByLabel('Date').selectOption({ label: 'Tomorrow' });
  await popup.getByLabel(/^Time \(GMT/).selectOption({ index: 2 });
  await popup.getByRole('button', { name: 'BOOK NOW' }).click();
  await expect(popup.getByTestId('booking-sent')).toBeVisible();
  await expect.poll(() => creditsOf(page)).toBeCloseTo(before - 1.5, 2);
  await page.goto('/#/liverequest/tag1');
  await expect(page.locator('.booking-card').first()).toContainText('Pending');

  const lady = await browser.newContext();
  const ladyPage = await lady.newPage();
  await signInAsBroadcaster(ladyPage, 'A2001');
  await openWorkspaceSection(ladyPage, 'Bookings & shows', 'bookings');
  const request = ladyPage.getByTestId('lady-bookings').locator('li', { hasText: 'M1005' }).first();
  await request.getByRole('button', { name: 'Decline' }).click();
  await expect(
    page.getByText(/declined your One-on-One booking\. Your deposit has been refunded\./),
  ).toBeVisible();
  await expect.poll(() => creditsOf(page)).toBeCloseTo(before, 2);
  await page.goto('/#/liverequest/tag4');
  await expect(page.locator('.booking-card').first()).toContainText('Declined');
  await lady.close();
  await man.close();
});
