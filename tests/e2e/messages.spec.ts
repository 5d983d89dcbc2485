import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  imagesOnScreen,
  openWorkspaceSection,
  serverBalances,
  signInAsBroadcaster,
  signInAsMember,
} from './helpers';

/** Waits until the service worker controls the page, so a reload works with no network. */
async function installed(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

const conversation = (page: Page) => page.getByTestId('conversation');
const editor = (page: Page) => conversation(page).getByRole('textbox', { name: 'Message' });

async function write(page: Page, text: string) {
  await editor(page).fill(text);
  await editor(page).press('Enter');
}

test('M1001 reads his contacts, searches and filters them, is told before typing that he cannot write to A2010 yet (16157), and A2001 answers at once', async ({
  page,
  browser,
}) => {
  await signInAsMember(page, 'M1001');
  // The main menu counts his unread messages.
  const navUnread = page.getByRole('navigation', { name: 'Main' }).getByTestId('nav-unread');
  await expect(navUnread).toHaveText(/^1/);
  await page.goto('/#/mymessage');
  const panel = page.getByRole('complementary', { name: 'Contacts' });
  // Seeded: Xiaoyu's message waits unread; Valentina's conversation; then his other contacts.
  const xiaoyu = panel.locator('[data-testid="pm-entry"][data-userid="A2005"]');
  await expect(xiaoyu).toContainText('Xiaoyu');
  await expect(xiaoyu.getByTestId('pm-unread')).toHaveText(/^1/);
  await expect(panel.getByRole('region', { name: 'In chat' })).toContainText('Valentina');
  await expect(panel.getByRole('region', { name: 'Contacts list' })).toContainText('Olena');

  // Search by name and by id, case-insensitive; the quick filters; the empty texts.
  const search = panel.getByRole('searchbox', { name: 'Search contacts' });
  await search.fill('xIAo');
  await expect(panel.getByTestId('pm-entry')).toHaveCount(1);
  await search.fill('a2012');
  await expect(panel.getByTestId('pm-entry')).toHaveCount(1);
  await panel.getByLabel('Online only').check();
  await expect(panel.getByTestId('pm-empty')).toHaveText('No result for a2012');
  await search.fill('');
  await expect(panel.locator('[data-testid="pm-entry"][data-userid="A2012"]')).toHaveCount(0);
  await expect(panel.locator('[data-testid="pm-entry"][data-userid="A2005"]')).toBeVisible();
  await panel.getByLabel('Online only').uncheck();
  await panel.getByLabel('Follows only').check();
  await expect(panel.locator('[data-testid="pm-entry"][data-userid="A2001"]')).toHaveCount(0);
  await expect(panel.locator('[data-testid="pm-entry"][data-userid="A2012"]')).toBeVisible();
  await panel.getByLabel('Follows only').uncheck();

  // Opening Xiaoyu's conversation reads her message.
  await xiaoyu.click();
  await expect(conversation(page)).toContainText('Nice to meet you');
  await expect(xiaoyu.getByTestId('pm-unread')).toHaveCount(0);
  await expect(navUnread).toHaveCount(0);

  // No Intimacy with A2010 (no room, chat, mail or booking with her in any spec): he learns it
  // before typing, with the spec's text (16157), and cannot write.
  await page.goto('/#/mymessage?to=A2010');
  await expect(conversation(page).getByTestId('pm-blocked')).toHaveText(
    'You can only send private messages to viewers/broadcasters with whom you have an Intimacy Level of 1 or above.',
  );
  await expect(editor(page)).toBeDisabled();
  await expect(conversation(page).getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(page.getByTestId('pm-outbox')).toHaveCount(0);
  // The server keeps its own check.
  const refused = await page.request.post('/share/v1/sendPrivateMessage?is_ajax=1', {
    form: { to_id: 'A2010', content: 'Hello there', msg_key: 'e2e-intimacy' },
  });
  expect(((await refused.json()) as { errno: number }).errno).toBe(16157);

  // The Intimacy popup with A2001: level 2.
  await page.goto('/#/mymessage?to=A2001');
  await conversation(page).getByRole('button', { name: 'Intimacy' }).click();
  await expect(page.getByTestId('intimacy-level')).toHaveText('2');
  await page.getByTestId('intimacy-popup').getByRole('button', { name: 'Close' }).click();

  // The editor: emoticons count 1, Send is disabled when empty or over 240.
  const send = conversation(page).getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await editor(page).fill('a'.repeat(240));
  await expect(page.getByTestId('pm-counter')).toHaveText('240 / 240');
  await expect(send).toBeEnabled();
  await conversation(page).getByRole('button', { name: 'Emoticons' }).click();
  await conversation(page).getByRole('button', { name: 'Emoticon 1', exact: true }).click();
  await expect(page.getByTestId('pm-counter')).toHaveText('241 / 240');
  await expect(conversation(page).getByText('Message can not exceed 240 characters.')).toBeVisible();
  await expect(send).toBeDisabled();

  // A2001 in her workspace: his message reaches her at once, her answer reaches him at once.
  const lady: BrowserContext = await browser.newContext();
  const ladyPage = await lady.newPage();
  await signInAsBroadcaster(ladyPage, 'A2001');
  await openWorkspaceSection(ladyPage, 'Messages', 'messages');
  const ladyMessages = ladyPage.getByTestId('lady-messages');
  await expect(ladyMessages).toBeVisible();

  const text = '<b>Hi Olena</b> [img:2]';
  await write(page, text);
  // Shown as typed: the tag stays text, the emoticon is an image.
  const mine = conversation(page).getByTestId('pm-msg').last();
  await expect(mine).toContainText('<b>Hi Olena</b>');
  await expect(mine.getByRole('img', { name: '[img:2]' })).toBeVisible();

  const fromHim = ladyMessages.locator('[data-testid="pm-entry"][data-userid="M1001"]');
  await expect(fromHim).toContainText('<b>Hi Olena</b>');
  await fromHim.click();
  await expect(ladyMessages.getByTestId('conversation')).toContainText('<b>Hi Olena</b>');
  await ladyMessages.getByRole('textbox', { name: 'Message' }).fill('Hello James, lovely to hear from you');
  await ladyMessages.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(conversation(page)).toContainText('Hello James, lovely to hear from you');
  await lady.close();

  // His contacts page: the private-message popup, 'Sent successfully' after a send.
  await page.goto('/#/contactList');
  const olena = page.locator('[data-testid="contact-card"][data-userid="A2001"]');
  await expect(olena).toContainText('Intimacy Level 2');
  await olena.getByRole('button', { name: 'Message' }).click();
  const popup = page.getByTestId('pm-popup');
  await expect(popup.getByRole('heading', { name: 'To: Olena' })).toBeVisible();
  await popup.getByRole('textbox', { name: 'Message' }).fill('See you tonight [img:14]');
  await expect(popup.getByTestId('pm-counter')).toHaveText('17 / 240');
  await popup.getByRole('button', { name: 'Send' }).click();
  await expect(popup.getByRole('status')).toHaveText('Sent successfully');
  await expect(popup.getByRole('status')).toHaveCount(0, { timeout: 10_000 });
  await popup.getByRole('button', { name: 'Close' }).click();

  // The broadcasters he follows.
  await page.goto('/#/favoritelist');
  await expect(page.getByTestId('contact-card')).toHaveCount(6);
  await expect(page.locator('[data-testid="contact-card"][data-userid="A2003"]')).toContainText('Valentina');
});

test('M1003 pays after 3 free messages; offline he still reads his history, and a message written offline is sent once', async ({
  page,
  context,
}) => {
  await signInAsMember(page, 'M1003');
  const credits = page.getByTestId('balance-credits');
  // Other specs may have spent some of his credit (a booking deposit): start from what he has.
  const start = Number((await serverBalances(page)).credits);
  const after = (paid: number) => `${(start - paid * 0.5).toFixed(2)} credits`;
  await expect(credits).toContainText(after(0));
  await page.goto('/#/mymessage?to=A2001');
  for (let i = 1; i <= 3; i++) {
    await write(page, `Free message ${i}`);
    await expect(
      conversation(page)
        .getByTestId('pm-msg')
        .filter({ hasText: `Free message ${i}` }),
    ).toBeVisible();
  }
  await expect(credits).toContainText(after(0));
  // The composer names the price before the first paid message.
  await expect(page.getByTestId('pm-price')).toContainText('Next message: 0.50 credits');
  await write(page, 'The first paid one');
  await expect(
    conversation(page).getByTestId('pm-msg').filter({ hasText: 'The first paid one' }),
  ).toContainText('0.5 credits');
  await expect(credits).toContainText(after(1));

  // Offline, after a reload, the conversation and its history come from the device.
  await installed(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('pm-offline')).toBeVisible();
  await expect(conversation(page)).toContainText('Free message 1');
  await expect(conversation(page)).toContainText('The first paid one');
  await expect(page.getByRole('complementary', { name: 'Contacts' })).toContainText('Olena');

  // Written offline: it waits as Sending…, across a reload too.
  await write(page, 'Written on the train');
  const waiting = page.getByTestId('pm-outbox');
  await expect(waiting).toHaveAttribute('data-status', 'sending');
  await expect(waiting).toContainText('Sending…');
  await page.reload();
  await expect(page.getByTestId('pm-outbox')).toContainText('Written on the train');

  // Back online: sent once, charged once.
  await context.setOffline(false);
  await expect(page.getByTestId('pm-outbox')).toHaveCount(0, { timeout: 20_000 });
  await expect(
    conversation(page).getByTestId('pm-msg').filter({ hasText: 'Written on the train' }),
  ).toHaveCount(1);
  await expect(credits).toContainText(after(2));
  await page.reload();
  await expect(
    conversation(page).getByTestId('pm-msg').filter({ hasText: 'Written on the train' }),
  ).toHaveCount(1);
  await expect(credits).toContainText(after(2));
});

test('a demo robot broadcaster answers M1005 by herself', async ({ page }) => {
  await signInAsMember(page, 'M1005');
  await page.goto('/#/mymessage?to=A2007');
  await write(page, 'Hi Camila, how is your day?');
  await expect(conversation(page).getByTestId('pm-msg').filter({ hasText: 'Hi Camila' })).toBeVisible();
  // A2007 is a robot: after a short delay (ROBOT_REPLY_MS) her answer arrives over the socket.
  await expect(conversation(page).locator('.pm-theirs')).toHaveCount(1, { timeout: 20_000 });
  await expect(
    page
      .getByRole('complementary', { name: 'Contacts' })
      .locator('[data-testid="pm-entry"][data-userid="A2007"]'),
  ).toBeVisible();
});

test('on a phone M1001 sees his list, then a conversation filling the screen with the composer at the bottom, her photo linking to her profile, and a way back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsMember(page, 'M1001');
  await page.goto('/#/mymessage');
  const panel = page.getByRole('complementary', { name: 'Contacts' });
  const valentina = panel.locator('[data-testid="pm-entry"][data-userid="A2003"]');
  await expect(valentina).toBeVisible();
  // The list is the page: no empty conversation beside it.
  await expect(page.getByText('Choose a contact to read and write messages.')).toBeHidden();
  // The portraits of the rows on screen load at once, and each has its size.
  const images = await imagesOnScreen(page);
  expect(images.filter((i) => i.onScreen && i.src.includes('/portrait/A')).length).toBeGreaterThanOrEqual(6);
  expect(images.filter((i) => i.onScreen && i.lazy).map((i) => i.src)).toEqual([]);
  expect(images.filter((i) => !(i.width > 0 && i.height > 0)).map((i) => i.src)).toEqual([]);

  await valentina.click();
  await expect(page).toHaveURL(/#\/mymessage\?to=A2003$/);
  await expect(conversation(page)).toContainText('Thank you James!');
  await expect(panel).toBeHidden();
  // Full height: the page does not scroll, the composer sits on the bottom tab bar.
  const tabBar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const composer = await page.getByTestId('pm-editor').boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  const history = await page.getByTestId('pm-history').boundingBox();
  if (!tabBar || !composer || !header || !history) throw new Error('not on screen');
  expect(tabBar.y + tabBar.height).toBe(844);
  expect(composer.y + composer.height).toBeLessThanOrEqual(tabBar.y);
  expect(composer.y + composer.height).toBeGreaterThan(tabBar.y - 40);
  expect(history.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(844);
  await expect(conversation(page).getByRole('button', { name: 'Send' })).toBeInViewport();

  // Her photo and name lead to her profile.
  const profile = conversation(page).getByRole('link', { name: 'Valentina', exact: true });
  await expect(profile.locator('img')).toHaveAttribute('src', /.+/);
  await profile.click();
  await expect(page).toHaveURL(/#\/anchor\/A2003$/);
  await page.goBack();
  await expect(conversation(page)).toContainText('Thank you James!');

  // Back to the list.
  await conversation(page).getByRole('link', { name: 'All messages' }).click();
  await expect(page).toHaveURL(/#\/mymessage$/);
  await expect(valentina).toBeVisible();
  await expect(conversation(page)).toHaveCount(0);

  // A wide screen: the list beside the conversation, her photo and the link to her profile too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await valentina.click();
  await expect(panel).toBeVisible();
  await expect(conversation(page).getByRole('link', { name: 'All messages' })).toBeHidden();
  await expect(profile.locator('img')).toBeVisible();
  await expect(profile).toHaveAttribute('href', '/#/anchor/A2003');
});

test('on a phone, M1011 out of credits adds them in place from the refused message; back in the conversation it offers Retry at its price, and Retry sends it once', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsMember(page, 'M1011');
  page.on('popup', () => {
    throw new Error('a phone opens no purchase popup');
  });
  await page.goto('/#/mymessage?to=A2001');
  const price = page.getByTestId('pm-price');
  await expect(price).toContainText('free messages left');
  for (let i = 1; i <= 3; i++) {
    await write(page, `Free message ${i}`);
    await expect(
      conversation(page)
        .getByTestId('pm-msg')
        .filter({ hasText: `Free message ${i}` }),
    ).toBeVisible();
  }
  await expect(price).toContainText('Next message: 0.50 credits');

  // With no credits the paid message is refused and waits, with the way to add them.
  await write(page, 'Worth paying for');
  const waiting = page.getByTestId('pm-outbox');
  await expect(waiting).toHaveAttribute('data-status', 'failed');
  await expect(waiting).toContainText('Please add credits to send private messages.');
  expect((await serverBalances(page)).credits).toBe('0.00');
  await waiting.getByRole('link', { name: 'credits' }).click();

  // The checkout opens in this tab and brings him back to her conversation.
  await expect(page).toHaveURL(/#\/addcredit\?.*clickFrom=C01/);
  await page.getByTestId('pay').click();
  await expect(page).toHaveTitle('Test checkout');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/#\/mymessage\?to=A2001$/);

  // The stale "add credits" is gone: the waiting message says what Retry costs; nothing moved yet.
  await expect(waiting).toContainText('Credits added. Retry sends it for 0.50 credits.');
  await expect(page.getByText('Please add credits')).toHaveCount(0);
  expect((await serverBalances(page)).credits).toBe('10.00');
  await waiting.getByRole('button', { name: 'Retry' }).click();
  await expect(waiting).toHaveCount(0);
  await expect(
    conversation(page).getByTestId('pm-msg').filter({ hasText: 'Worth paying for' }),
  ).toContainText('0.5 credits');
  await expect(page.getByTestId('balance-credits')).toContainText('9.50');
  expect((await serverBalances(page)).credits).toBe('9.50');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
