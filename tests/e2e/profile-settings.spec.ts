/**
 * A member fills his profile through the wizard and watches his completeness rise; the Home tips
 * follow (the profile tip goes once it is complete, the email tip dismissed gives way to the phone
 * tip); then he turns live-chat invitations off in his settings.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInAsMember } from './helpers';

test('a member fills his profile, the tips change, and he turns chat invitations off', async ({ page }) => {
  await signInAsMember(page, 'M1006');
  await page.goto('/#/home');
  await expect(page.getByTestId('profile-tip-1')).toBeVisible();

  // Edit profile from the user menu opens the wizard (his step is below 3).
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-edit-profile').click();
  const wizard = page.getByTestId('profile-wizard');
  await expect(wizard).toBeVisible();
  const completeness = page.getByTestId('profile-completeness');
  await expect(completeness).toHaveText('0%');

  // Step 1: basics. An under-18 birthday is refused first.
  await page.getByLabel('First name').fill('Martin');
  await page.getByLabel('Last name').fill('Keller');
  const young = new Date();
  young.setFullYear(young.getFullYear() - 17);
  await page.getByLabel('Date of birth').fill(young.toISOString().slice(0, 10));
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('profile-error')).toHaveText(
    'You must be at least 18 years old to use Glimmer.',
  );
  await page.getByLabel('Date of birth').fill('1979-04-12');
  await page.getByLabel('Country').selectOption('Germany');
  await page.getByLabel('City').fill('Hamburg');
  await page.getByLabel('Living').selectOption({ label: 'Alone' });
  await page.getByLabel('Marital status').selectOption({ label: 'Divorced' });
  await page.getByTestId('wizard-next').click();
  await expect(completeness).toHaveText('50%');

  // Step 2: about him.
  await page.getByLabel('A short introduction').fill('Engineer who loves sailing, cooking and good films.');
  await page.getByLabel('Cooking').check();
  await page.getByLabel('Travel').check();
  await page.getByTestId('wizard-next').click();
  await expect(completeness).toHaveText('80%');

  // Step 3: a photo.
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#b04a6f' } })
    .jpeg()
    .toBuffer();
  await page
    .getByTestId('profile-photo-input')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(completeness).toHaveText('100%');
  await page.getByTestId('wizard-next').click();
  await expect(page).toHaveURL(/#\/profile\/account$/);

  // Home: the profile tip is gone; the email tip, dismissed, gives way to the phone tip.
  await page.goto('/#/home');
  await expect(page.getByTestId('profile-tip-2')).toBeVisible();
  await expect(page.getByTestId('profile-tip-1')).toHaveCount(0);
  await page.getByRole('button', { name: 'Dismiss tip: Verify your login email' }).click();
  await expect(page.getByTestId('profile-tip-3')).toBeVisible();
  await expect(page.getByTestId('tip-action-3')).toHaveAttribute('href', /profile\/verify-phone/);

  // Settings: he turns live-chat invitations off, and the server holds it.
  await page.goto('/#/mysetting/options');
  const accept = page.getByTestId('setting-livechat-accept');
  await expect(accept).toBeChecked();
  await accept.click();
  await expect(accept).not.toBeChecked();
  await expect(accept).toBeEnabled();
  const answer = await page.request.post('/pman/setting/api/getKeySwitch?is_ajax=1', {
    form: { key: 'livechat_accept' },
  });
  expect((await answer.json()).data).toEqual({ key: 'livechat_accept', value: 0 });
});
