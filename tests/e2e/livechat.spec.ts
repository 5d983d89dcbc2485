/**
 * Live chat, as a member and a broadcaster use it: Henry (M1008, the live-chat member: 1 chat minute
 * and 1.00 credit, so this story changes nobody else's balances) presses Chat Now on A2001's
 * profile on a phone (390 px: it opens in place), confirms the price, and A2001 sees his chat in
 * her workspace; they exchange lines both ways (the text filter masks his phone number), read marks
 * show, his chat minute pays the first minute and credits the next (the chat clock is moved one
 * minute on with the development tools, as a demo would), he gives her a Rose from his backpack
 * (both see it), he ends the chat after confirming, and his recent chat reads offline.
 */
import { expect, test } from '@playwright/test';
import { openWorkspaceSection, signInAsBroadcaster, signInAsMember } from './helpers';

test('Chat Now: a member and a broadcaster chat, billed by the minute, and the recent chat reads offline', async ({
  browser,
}) => {
  const ladyContext = await browser.newContext();
  const lady = await ladyContext.newPage();
  await signInAsBroadcaster(lady, 'A2001');
  await openWorkspaceSection(lady, 'Messages', 'messages');
  const panel = lady.getByTestId('lady-livechat');
  await expect(panel).toBeVisible();

  const manContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const man = await manContext.newPage();
  await signInAsMember(man, 'M1008');
  await man.goto('/#/anchor/A2001');
  await man.getByTestId('action-chat-now').click();
  await expect(man).toHaveURL(/#\/livechat\?anchorid=A2001/);
  const start = man.getByTestId('livechat-start');
  await expect(start).toContainText('0.15 credits a minute');
  await expect(start).toContainText('Your chat minutes pay first (1 left)');
  await start.getByTestId('livechat-start-button').click();
  const confirm = man.getByTestId('payment-confirm');
  await expect(confirm.getByTestId('payment-price')).toHaveText('0.15 credits');
  await confirm.getByRole('button', { name: 'Start chat' }).click();

  // The first minute is paid at the start, with his chat minute.
  const box = man.getByTestId('livechat-box');
  await expect(box.getByTestId('livechat-peer')).toBeVisible();
  await expect(box.getByTestId('livechat-paying')).toContainText('Minute 1 · Chat minutes');
  await expect(man.getByTestId('balance-chatmin')).toContainText('0');

  // She sees his chat in her workspace.
  await expect(panel.locator('[data-testid="lady-livechat-item"][data-userid="M1008"]')).toBeVisible();
  const herBox = panel.getByTestId('livechat-box');
  await expect(herBox.getByTestId('livechat-peer')).toHaveText('Henry');

  // Lines both ways; Enter sends; the filter masks his phone number for both sides.
  await box.getByRole('textbox').fill('Hello Anna! Call me at 555 123 4567');
  await box.getByRole('textbox').press('Enter');
  const hisLine = herBox.locator('[data-testid="livechat-line"][data-own="0"]').last();
  await expect(hisLine).toHaveText('Hello Anna! Call me at *****');
  await expect(box.locator('[data-testid="livechat-line"][data-own="1"]').last()).toContainText('*****');
  await herBox.getByRole('textbox').fill('Hi Henry, lovely to meet you');
  await herBox.getByRole('textbox').press('Enter');
  await expect(box.locator('[data-testid="livechat-line"][data-own="0"]').last()).toHaveText(
    'Hi Henry, lovely to meet you',
  );
  // He has read her line: she sees the read mark.
  await expect(herBox.getByTestId('livechat-read').last()).toBeVisible();

  // A gift in the chat: a Rose of his gift package pays it (no credits move); both sides see it.
  await man.getByTestId('room-gifts-open').click();
  await man.getByTestId('room-gift-picker').locator('[data-giftid="G106"]').click();
  await man.getByTestId('room-gift-next').click();
  const giftConfirm = man.getByTestId('room-gift-confirm');
  await expect(giftConfirm).toContainText('from your backpack: no credits are taken');
  await giftConfirm.getByTestId('room-gift-ok').click();
  await expect(box.getByTestId('room-gift-feed')).toContainText('Henry sent 1 Rose');
  await expect(herBox.getByTestId('room-gift-feed')).toContainText('Henry sent 1 Rose');
  await expect(man.getByTestId('balance-credits')).toContainText('1.00');

  // The next minute is paid with credits: 1.00 → 0.85.
  const chatId = (await box.getAttribute('data-chat')) ?? '';
  const moved = await man.request.post('/dev/livechat/nextMinute?is_ajax=1', { form: { chat_id: chatId } });
  expect(((await moved.json()) as { errno: number }).errno).toBe(0);
  await expect(box.getByTestId('livechat-paying')).toContainText('Minute 2 · Credits');
  await expect(man.getByTestId('balance-credits')).toContainText('0.85');

  // He ends the chat after confirming; both sides see it ended.
  await box.getByRole('button', { name: 'End chat' }).click();
  const endConfirm = man.getByTestId('livechat-end-confirm');
  await endConfirm.getByRole('button', { name: 'End chat' }).click();
  await expect(box.getByTestId('livechat-ended')).toContainText('You ended the chat.');
  await expect(herBox.getByTestId('livechat-ended')).toContainText('He ended the chat.');

  // Offline, his recent chats still show the chat and what was said.
  await manContext.setOffline(true);
  await man.evaluate(() => {
    window.location.hash = '#/livechat';
  });
  const recent = man.locator('[data-testid="livechat-recent-item"][data-anchor="A2001"]');
  await expect(recent).toBeVisible();
  await recent.locator('summary').click();
  await expect(recent.getByTestId('livechat-recent-line').last()).toHaveText('Hi Henry, lovely to meet you');
  await manContext.setOffline(false);

  await manContext.close();
  await ladyContext.close();
});
