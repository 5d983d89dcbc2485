/**
 * The member's One-on-One page: a broadcaster's invitation counts down there and its Accept opens
 * her room; the visit then shows under his sessions with what it cost. A member with neither sees
 * the empty states, and a failed load offers a retry, at phone and desktop widths.
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { LiveSessionsApi, type MySessionsAnswer } from '../../protocol/live/live-sessions';
import { InviteApi } from '../../protocol/realtime';
import { broadcasterApi, signInAsMember } from './helpers';

/** Invited once his socket is up, as the broadcaster's workspace offers it. */
async function inviteWhenOnline(lady: APIRequestContext, member: string): Promise<string> {
  const online = async () => {
    const answer = await lady.post(`${InviteApi.onlineMembers}?is_ajax=1`);
    const { data } = (await answer.json()) as { data: { list: { userid: string }[] } };
    return data.list.some((m) => m.userid === member);
  };
  await expect.poll(online).toBe(true);
  const answer = await lady.post(`${InviteApi.instantInviteUser}?is_ajax=1`, { form: { user_id: member } });
  const body = (await answer.json()) as { errno: number; data: { invite_id: string } };
  expect(body.errno).toBe(0);
  return body.data.invite_id;
}

/** axe's serious and critical findings on the page as it is. */
async function seriousAxe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page's width fits the window: nothing scrolls sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a member accepts a One-on-One invitation from his One-on-One page and then finds the session listed', async ({
  browser,
  baseURL,
}) => {
  const man = await browser.newContext();
  const page = await man.newPage();
  await signInAsMember(page, 'M1001');
  // The bell's list leads to the page.
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('all-one-on-one').click();
  await expect(page).toHaveURL(/#\/oneononelist$/);
  await expect(page.getByRole('heading', { name: 'One-on-One', level: 1 })).toBeVisible();
  await expect(page.getByTestId('one-on-one-sessions').getByRole('status')).toHaveCount(0);

  const lady = await broadcasterApi(baseURL ?? '', 'A2003');
  const inviteId = await inviteWhenOnline(lady, 'M1001');
  const row = page.locator(`[data-testid="one-on-one-invite"][data-invite-id="${inviteId}"]`);
  await expect(row).toContainText('Valentina');
  // Her photo, and the 600 s countdown running.
  await expect(row.locator('img')).toBeVisible();
  const left = row.getByTestId('invite-time-left');
  await expect(left).toHaveText(/^(10:00|9:[0-5]\d) left$/);
  const first = await left.textContent();
  await expect.poll(() => left.textContent(), { timeout: 5_000 }).not.toBe(first);

  // Accepted from the keyboard: her room opens (her demo clip plays, as she has no camera here).
  await row.getByRole('button', { name: /^Accept/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`#/live\\?anchorid=A2003&type=private&anchor_inviteid=${inviteId}`),
  );
  await expect(page.getByTestId('live-meter')).toContainText('a minute');
  // His time in her room is recorded once the media flows (billing starts).
  const visit = async () => {
    const answer = await page.request.get(`${LiveSessionsApi.mine}?is_ajax=1`);
    const { data } = (await answer.json()) as { data: MySessionsAnswer };
    return data.list.find((s) => s.anchor.anchor_id === 'A2003');
  };
  await expect.poll(async () => Boolean(await visit()), { timeout: 20_000 }).toBe(true);

  // Back on the page through the member menu: the session is listed with what it cost.
  await page.getByTestId('user-menu').click();
  await page.getByRole('link', { name: 'One-on-One' }).click();
  await expect(page).toHaveURL(/#\/oneononelist$/);
  // Leaving her room ended the visit (the leave call may land just after the page's first load).
  await expect.poll(async () => (await visit())?.ended_at ?? 0).toBeGreaterThan(0);
  await page.reload();
  const recorded = await visit();
  const session = page.locator(
    `[data-testid="one-on-one-session"][data-session-id="${recorded?.session_id}"]`,
  );
  await expect(session).toContainText('Valentina');
  await expect(session.getByTestId('session-cost')).toHaveText(`${recorded?.credits.toFixed(2)} credits`);
  await expect(session.getByRole('link', { name: 'Valentina' })).toHaveAttribute('href', /anchor\/A2003/);
  // How long it lasted.
  await expect(session).toContainText(/\d+ (s|min)/);
  // Both lists read on a phone too, and pass axe there.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await fitsWidth(page)).toBe(true);
  expect(await seriousAxe(page)).toEqual([]);
  await lady.dispose();
  await man.close();
});

test('a member with no invitation and no session sees both empty states, and a failed load retries', async ({
  browser,
}) => {
  const man = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await man.newPage();
  await signInAsMember(page, 'M1004');
  // The first load of the sessions fails as a dropped connection would.
  let failures = 1;
  await page.route('**/man/v1/live/mysessions*', (route) =>
    failures-- > 0 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/#/oneononelist');
  const sessions = page.getByTestId('one-on-one-sessions');
  await expect(sessions.getByRole('alert')).toBeVisible();
  await sessions.getByRole('button', { name: 'Retry' }).click();
  await expect(sessions).toContainText('You have not had a One-on-One yet');
  await expect(page.getByTestId('one-on-one-invitations')).toContainText(
    'No One-on-One invitations in the last 10 minutes',
  );
  expect(await fitsWidth(page)).toBe(true);
  await expect(page.getByText(/coming soon|arrives with/i)).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await fitsWidth(page)).toBe(true);
  await sessions.getByRole('link', { name: 'Discover broadcasters' }).click();
  await expect(page).toHaveURL(/#\/masterlist$/);
  await man.close();
});
