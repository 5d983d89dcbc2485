import { expect, test } from '@playwright/test';
import { HANDOFF_PARAM } from '../../protocol/partner-sites/partner-sites';
import { verifyHandoff } from '../../server/features/partner-sites/handoff';
import { signInAsMember } from './helpers';

// M1009 (Oliver) has not accepted the terms yet (server/seed/members.ts).
test('a new member accepts the terms, walks the six-step guide, meets no second pop-up, and switches to a partner site', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsMember(page, 'M1009', undefined, { startupPops: true });

  // The terms overlay comes first, with both documents linked; Escape does not get past it.
  const terms = page.getByTestId('terms-overlay');
  await expect(terms).toBeVisible();
  await expect(terms.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
    'href',
    '/#/howitwork/tc',
  );
  await expect(terms.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/#/howitwork/policy',
  );
  await page.keyboard.press('Escape');
  await expect(terms).toBeVisible();
  const accept = terms.getByRole('button', { name: 'Accept and continue' });
  await expect(accept).toBeDisabled();
  await terms.getByRole('checkbox').check();
  await accept.click();

  // The six-step guide follows: Let's Go, the dots jump, Enjoy Now ends it; it fits a phone.
  const guide = page.getByTestId('guide-wizard');
  await expect(guide.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  const box = await guide.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await guide.getByRole('button', { name: "Let's Go" }).click();
  await expect(guide.getByRole('heading', { name: 'Find a date' })).toBeVisible();
  await guide.getByRole('button', { name: 'Step 5: Hang-out' }).click();
  await expect(guide.getByRole('heading', { name: 'Hang-out' })).toBeVisible();
  await expect(guide.getByRole('button', { name: 'Step 5: Hang-out' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await guide.getByRole('button', { name: 'Next' }).click();
  await expect(guide.getByRole('heading', { name: 'Further approach' })).toBeVisible();
  await guide.getByRole('button', { name: 'Enjoy Now' }).click();
  await expect(guide).toBeHidden();

  // The server kept his answer; and this session has had its pop-up: a profile opens without one.
  const config = await (await page.request.post('/share/v1/getUserConfig?is_ajax=1', { form: {} })).json();
  expect(config.data.agree_provision).toBe(1);
  await page.goto('/#/anchor/A2001');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(2_500);
  await expect(page.locator('dialog[open]')).toHaveCount(0);

  // The user menu's switcher hands him off to a partner with a token that partner verifies.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('user-menu').click();
  const sites = page.getByTestId('family-sites');
  await expect(sites.getByRole('link')).toHaveText(['Starlight', 'AME', 'Moonlit']);
  await sites.getByRole('link', { name: 'Starlight' }).click();
  await expect(page).toHaveURL(/\/dev\/partner\/4\?/);
  const token = new URL(page.url()).searchParams.get(HANDOFF_PARAM) ?? '';
  expect(verifyHandoff(token, 'local-stand-in-secret-4', 4)).toMatchObject({
    ok: true,
    claims: { uid: 'M1009', site: 4, path: '/my/overview.php' },
  });
  await expect(page.locator('#handoff-result')).toHaveAttribute('data-result', 'ok');
});
