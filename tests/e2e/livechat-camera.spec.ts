/**
 * Her camera in a live chat, and his chat contacts side panel: William (M1005; his 120 chat minutes
 * pay, and no other spec counts them) opens a chat with A2001 on a desktop; she turns her camera on
 * from her workspace (a face-ID pass needed) and his chat shows her video playing (frames decoded),
 * priced as a camera minute; his contacts column shows her in chat, finds her by a case-blind
 * search, and Online only keeps her; on a phone the contacts open as a drawer. She turns the camera
 * off and his video goes; on again, then the chat ends and his connection closes with it.
 */
import { expect, test } from '@playwright/test';
import { LIVECHAT_TIMERS } from '../../protocol/livechat/livechat';
import { openWorkspaceSection, signInAsBroadcaster, signInAsMember } from './helpers';
import {
  expectConnectionClosed,
  expectFramesGrowing,
  faceVerified,
  fakeMediaLaunchOptions,
  newPage,
} from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

test('she turns her camera on in a chat: he sees her video, and his contacts show her in chat', async ({
  browser,
}) => {
  const lady = await newPage(browser);
  await signInAsBroadcaster(lady, 'A2001');
  // Her face check is in her studio; her live chats are in Messages.
  await faceVerified(lady);
  await openWorkspaceSection(lady, 'Messages', 'messages');
  const panel = lady.getByTestId('lady-livechat');
  await expect(panel).toBeVisible();

  const man = await newPage(browser);
  await man.setViewportSize({ width: 1280, height: 800 });
  await signInAsMember(man, 'M1005');
  await man.goto('/#/livechat?anchorid=A2001');
  const start = man.getByTestId('livechat-start');
  await start.getByTestId('livechat-start-button').click();
  await man.getByTestId('payment-confirm').getByRole('button', { name: 'Start chat' }).click();
  const box = man.getByTestId('livechat-box');
  await expect(box.getByTestId('livechat-peer')).toBeVisible();

  // She turns her camera on in his chat; he sees her video playing, at the camera rate.
  const herBox = panel.getByTestId('livechat-box');
  await panel.locator('[data-testid="lady-livechat-item"][data-userid="M1005"]').click();
  await herBox.getByRole('button', { name: 'Turn camera on' }).click();
  await expect(herBox.getByText('He sees you now.')).toBeVisible();
  const video = box.getByTestId('livechat-camera-video');
  await expect(video).toBeVisible();
  await expectFramesGrowing(man);
  await expect(box.getByTestId('livechat-camera-price')).toHaveText(
    `Camera on · ${LIVECHAT_TIMERS.timer_gold_public.toFixed(2)} credits a minute`,
  );
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.paused && v.videoWidth > 0))
    .toBe(true);

  // His contacts column: her in the In chat section; search by id in any case; Online only.
  const contacts = man.getByTestId('livechat-contacts');
  const her = contacts.locator('[data-testid="livechat-contact"][data-userid="A2001"]');
  await expect(her).toHaveAttribute('data-section', 'inchat');
  await expect(her).toContainText('In chat');
  await contacts.getByRole('searchbox').fill('a2001');
  await expect(contacts.getByTestId('livechat-contact')).toHaveCount(1);
  await contacts.getByRole('searchbox').fill('nobody here');
  await expect(contacts.getByTestId('livechat-contacts-empty')).toHaveText('No result for nobody here');
  await contacts.getByRole('searchbox').fill('');
  await contacts.getByRole('button', { name: 'Online only' }).click();
  await expect(her).toBeVisible();
  await contacts.getByRole('button', { name: 'Online only' }).click();

  // The next minute is a camera minute (chat minutes pay it; the price shown is the camera rate).
  const chatId = (await box.getAttribute('data-chat')) ?? '';
  const moved = await man.request.post('/dev/livechat/nextMinute?is_ajax=1', { form: { chat_id: chatId } });
  const minute = (await moved.json()) as { errno: number; data: { timer: string; price: number } };
  expect(minute.errno).toBe(0);
  expect(minute.data).toMatchObject({ timer: 'timer_gold_public', price: LIVECHAT_TIMERS.timer_gold_public });
  await expect(box.getByTestId('livechat-paying')).toContainText('Minute 2');

  // On a phone the contacts open as a drawer, her still in chat.
  await man.setViewportSize({ width: 390, height: 844 });
  await expect(contacts).toBeHidden();
  await man.getByTestId('livechat-contacts-toggle').click();
  await expect(her).toBeVisible();
  await man.keyboard.press('Escape');
  await expect(contacts).toBeHidden();

  // Off: his video goes. On again, and the chat's end closes his connection with it.
  await herBox.getByRole('button', { name: 'Turn camera off' }).click();
  await expect(video).toHaveCount(0);
  await herBox.getByRole('button', { name: 'Turn camera on' }).click();
  await expect(box.getByTestId('livechat-camera-video')).toBeVisible();
  await expectFramesGrowing(man);
  await herBox.getByRole('button', { name: 'End chat' }).click();
  await lady.getByTestId('livechat-end-confirm').getByRole('button', { name: 'End chat' }).click();
  await expect(box.getByTestId('livechat-ended')).toBeVisible();
  await expect(box.getByTestId('livechat-camera-video')).toHaveCount(0);
  await expectConnectionClosed(man);
  await expect(herBox.getByRole('button', { name: 'Turn camera on' })).toHaveCount(0);

  await man.context().close();
  await lady.context().close();
});
