/**
 * A broadcaster's camera-chat invitation and a member's blocked invitations, on the main server
 * (no automatic invitations: only hers arrive). Charles (M1007) is the member; other specs read only
 * his chat minutes and Intimacy, which neither story changes, and he ends with nobody blocked.
 * A2029 invites him to her camera chat from her workspace; A2013's invitation he blocks, finds in
 * Blocked invitations on his live chat page, and unblocks.
 */
import { expect, type Page, test, type WebSocket } from '@playwright/test';
import {
  type InviteBlock,
  LiveChatInviteApi,
  LiveChatInviteText,
} from '../../protocol/livechat/livechat-invites';
import { broadcasterApi, signInAsBroadcaster, signInAsMember } from './helpers';

const MEMBER = 'M1007';
const phone = { viewport: { width: 390, height: 844 } };
/** He waits on Messages: Discover would show him (no contacts yet) its recommendation pop. */
const QUIET_PAGE = '/#/mymessage';

const livechatBubbles = (page: Page) =>
  page.locator('[data-testid="invite-bubble"][data-bubble-type="livechatnotice"]');

/** His block list as the server holds it. */
async function serverBlockList(page: Page): Promise<string[]> {
  const answer = await page.request.post(`${LiveChatInviteApi.blockList}?is_ajax=1`, { form: {} });
  const body = (await answer.json()) as { errno: number; data: { list: InviteBlock[] } };
  expect(body.errno).toBe(0);
  return body.data.list.map((b) => b.anchor_id);
}

test('she invites an online member to her camera chat from her workspace; his bubble says so and Chat Now opens the chat', async ({
  browser,
}) => {
  const ladyContext = await browser.newContext();
  const lady = await ladyContext.newPage();
  await signInAsBroadcaster(lady, 'A2029');

  const manContext = await browser.newContext(phone);
  const man = await manContext.newPage();
  await signInAsMember(man, MEMBER);
  await man.goto(QUIET_PAGE);

  // He is online: she finds him in her list and sends the camera-chat invitation beside Chat invite.
  await lady.getByTestId('refresh-members').click();
  const row = lady.locator(`[data-testid="online-member"][data-userid="${MEMBER}"]`);
  await expect(row.getByTestId('chat-invite-member')).toBeVisible();
  const cam = row.getByTestId('cam-invite-member');
  await expect(cam).toHaveText('Cam invite');
  await cam.click();
  await expect(cam).toHaveText(LiveChatInviteText.camInvited);
  await expect(cam).toBeDisabled();
  await expect(row.getByTestId('cam-invite-error')).toHaveCount(0);

  // His bubble says plainly it is an invitation to her camera chat, once.
  const bubble = livechatBubbles(man);
  await expect(bubble).toHaveCount(1);
  await expect(bubble.getByTestId('livechat-cam')).toHaveText(LiveChatInviteText.camInvite);
  await expect(bubble.getByText(LiveChatInviteText.camInvite)).toHaveCount(1);

  // Chat Now opens her chat as a chat invitation does (in place on a phone).
  await bubble.getByRole('button', { name: 'Chat Now' }).click();
  await expect(man).toHaveURL(/#\/livechat\?anchorid=A2029/);
  // She is online, so the chat her invitation offers can start.
  await expect(man.getByTestId('livechat-start')).toContainText('Online now');
  await expect(bubble).toHaveCount(0);

  // A second camera invitation within 10 minutes is refused in words.
  await lady.reload();
  const again = lady.locator(`[data-testid="online-member"][data-userid="${MEMBER}"]`);
  await again.getByTestId('cam-invite-member').click();
  await expect(again.getByTestId('cam-invite-error')).toHaveText(LiveChatInviteText.tooSoon);

  // On a phone her row's buttons wrap under his name, all within the screen.
  await lady.setViewportSize({ width: 390, height: 844 });
  for (const id of ['invite-member', 'chat-invite-member', 'cam-invite-member']) {
    const box = await again.getByTestId(id).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `${id} fits`).toBe(true);
  }
  await again.screenshot({ path: test.info().outputPath('workspace-row-390.png') });

  await manContext.close();
  await ladyContext.close();
});

test('a member blocks a broadcaster from her bubble, finds her in Blocked invitations and unblocks her', async ({
  browser,
  baseURL,
}) => {
  const manContext = await browser.newContext(phone);
  const man = await manContext.newPage();
  // The page's sockets: the invitation must reach the one that is open now, not one a navigation closed.
  const sockets: { ws: WebSocket; heard: boolean }[] = [];
  man.on('websocket', (ws) => {
    const socket = { ws, heard: false };
    sockets.push(socket);
    ws.on('framereceived', () => {
      socket.heard = true;
    });
  });
  await signInAsMember(man, MEMBER);
  await man.goto(QUIET_PAGE);
  await expect
    .poll(() => {
      const last = sockets.at(-1);
      return Boolean(last?.heard && !last.ws.isClosed());
    })
    .toBe(true);

  // A2013 invites him to chat, once his page's socket has answered.
  const lady = await broadcasterApi(baseURL ?? '', 'A2013');
  await expect
    .poll(async () => {
      const answer = await lady.post(`${LiveChatInviteApi.invite}?is_ajax=1`, {
        form: { user_id: MEMBER, invite_type: '0' },
      });
      return ((await answer.json()) as { errno: number }).errno;
    })
    .toBe(0);
  await lady.dispose();

  // A chat invitation has no camera wording; he blocks her from it.
  const bubble = livechatBubbles(man);
  await expect(bubble).toHaveCount(1);
  await expect(bubble.getByTestId('livechat-cam')).toHaveCount(0);
  const name = (await bubble.locator('.invite-name').textContent()) ?? '';
  expect(name).not.toBe('');
  await bubble.getByTestId('livechat-block').click();
  await expect(bubble).toHaveCount(0);
  expect(await serverBlockList(man)).toContain('A2013');

  // On his live chat page, in the contacts panel (a drawer on a phone): Blocked invitations.
  await man.goto('/#/livechat');
  await man.getByTestId('livechat-contacts-toggle').click();
  const blocked = man.getByTestId('livechat-blocked');
  const summary = blocked.getByText(LiveChatInviteText.blockedTitle);
  await summary.focus();
  await man.keyboard.press('Enter');
  const item = blocked.locator('[data-testid="livechat-blocked-item"][data-anchorid="A2013"]');
  await expect(item).toContainText(name);
  await expect(item.locator('img')).toHaveAttribute('src', /.+/);
  await man.screenshot({ path: test.info().outputPath('blocked-invitations-390.png') });

  // Unblock from the keyboard: she leaves the list, and the server agrees.
  const unblock = item.getByRole('button', { name: `Unblock invitations from ${name}` });
  await unblock.focus();
  await man.keyboard.press('Enter');
  await expect(item).toHaveCount(0);
  await expect(blocked.getByTestId('livechat-blocked-empty')).toHaveText(LiveChatInviteText.blockedNone);
  await expect(summary).toBeFocused();
  expect(await serverBlockList(man)).not.toContain('A2013');

  // Opened again later, the list still shows nobody.
  await man.reload();
  await man.getByTestId('livechat-contacts-toggle').click();
  await man.getByTestId('livechat-blocked').getByText(LiveChatInviteText.blockedTitle).click();
  await expect(man.getByTestId('livechat-blocked-empty')).toBeVisible();

  await manContext.close();
});
