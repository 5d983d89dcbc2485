/**
 * Gifts in a live room: A2001 goes live from her workspace, George (M1012, 390 px) watches her,
 * opens Gifts, picks a Teddy Bear (not in his backpack), confirms its named price, and the room
 * shows "George sent 1 Teddy Bear" for him and for her; his credits fall once, by exactly the
 * price, and her Gifts list counts it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signInAsMember } from './helpers';
import { fakeMediaLaunchOptions, goLiveInPublicRoom, newPage } from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

const MEMBER = 'M1012';

async function axeProblems(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const creditsOf = async (page: Page) =>
  Number(((await page.getByTestId('balance-credits').textContent()) ?? '').replace(/[^0-9.]/g, ''));

test('a member gives a gift in her room: price confirmed, the room sees it, credits fall once', async ({
  browser,
}) => {
  const lady = await newPage(browser);
  const member = await newPage(browser);
  await member.setViewportSize({ width: 390, height: 844 });
  for (const id of ['recommend-pop', 'gift-package-pop'])
    await member.addLocatorHandler(member.getByTestId(id), () => member.keyboard.press('Escape'));
  try {
    await goLiveInPublicRoom(lady, 'A2001');
    await expect(lady.getByTestId('received-gifts')).toBeVisible();
    await signInAsMember(member, MEMBER);
    await member.goto('/page/live.html#anchorid=A2001&type=public');
    await expect(member.getByTestId('live-video')).toBeVisible();
    await expect(lady.getByTestId('live-viewers')).toContainText(`(${MEMBER})`);
    const before = await creditsOf(member);

    await member.getByTestId('room-gifts-open').click();
    const picker = member.getByTestId('room-gift-picker');
    await expect(picker.locator('[data-giftid="G107"]')).toContainText('Teddy Bear');
    // A limited gift is locked, with the reason.
    await expect(picker.locator('[data-giftid="G111"]')).toBeDisabled();
    await expect(picker.locator('[data-giftid="G111"]')).toContainText('Intimacy Level 4 needed');
    expect(await axeProblems(member, '[data-testid="room-gift-picker"]')).toEqual([]);
    await picker.locator('[data-giftid="G107"]').click();
    await member.getByTestId('room-gift-next').click();

    const confirm = member.getByTestId('room-gift-confirm');
    await expect(confirm.getByTestId('payment-price')).toHaveText('1.50 credits');
    await expect(confirm).toContainText('Paid from your credits');
    // Nothing moved before Confirm.
    expect(await creditsOf(member)).toBe(before);
    await confirm.getByTestId('room-gift-ok').dblclick();

    await expect(member.getByTestId('room-gift-feed')).toContainText('George sent 1 Teddy Bear');
    await expect(lady.getByTestId('room-gift-feed')).toContainText('George sent 1 Teddy Bear');
    await expect(lady.getByTestId('received-gifts')).toContainText('George sent 1 Teddy Bear');
    await expect.poll(() => creditsOf(member)).toBeCloseTo(before - 1.5, 2);
    // Once: a moment later it has not fallen again.
    await member.waitForTimeout(1_000);
    expect(await creditsOf(member)).toBeCloseTo(before - 1.5, 2);
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await lady.request.post('/lady/v1/live/end?is_ajax=1', { form: {} });
    await lady.context().close();
    await member.context().close();
  }
});
