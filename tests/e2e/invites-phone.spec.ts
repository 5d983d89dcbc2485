/**
 * Invitations that never get in the way, on a 390 px phone: Henry (M1008) has Discover open in two
 * tabs when three broadcasters invite him. One bubble shows, with "+2 more"; none shows while he
 * writes a mail or watches a live room; the count opens the notification centre, which lists
 * them, and reading them there clears the bell in his other tab. "Do not disturb for an hour" on a
 * bubble silences them in both tabs, and a fourth invitation goes to the centre only. (He stays
 * undisturbed afterwards: later specs that sign him in see no bubble of these.)
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { InviteApi } from '../../protocol/realtime';
import { broadcasterApi, signInAsMember } from './helpers';

const MEMBER = 'M1008';

async function inviteWhenOnline(lady: APIRequestContext): Promise<void> {
  const online = async () => {
    const answer = await lady.post(`${InviteApi.onlineMembers}?is_ajax=1`);
    const { data } = (await answer.json()) as { data: { list: { userid: string }[] } };
    return data.list.some((m) => m.userid === MEMBER);
  };
  await expect.poll(online).toBe(true);
  const answer = await lady.post(`${InviteApi.instantInviteUser}?is_ajax=1`, { form: { user_id: MEMBER } });
  expect(((await answer.json()) as { errno: number }).errno).toBe(0);
}

const bell = (page: Page) => page.getByTestId('notification-bell');

test('on a phone one bubble shows with a count, none over a composer or a live room, and do not disturb silences them everywhere', async ({
  browser,
  baseURL,
}) => {
  const man = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await man.newPage();
  await signInAsMember(page, MEMBER);
  const other = await man.newPage();
  // A start-up window (suggestions for a member with no contacts) may come up: he closes it.
  for (const tab of [page, other])
    await tab.addLocatorHandler(tab.getByTestId('recommend-pop'), () => tab.keyboard.press('Escape'));
  await other.goto('/#/masterlist');
  await expect(other.getByTestId('balance-credits')).toBeVisible();

  const ladies = await Promise.all(
    ['A2003', 'A2011', 'A2019', 'A2021'].map((id) => broadcasterApi(baseURL ?? '', id)),
  );
  for (const lady of ladies.slice(0, 3)) await inviteWhenOnline(lady);

  // One bubble on the phone, and the count of the others.
  const bubbles = page.getByTestId('invite-bubble');
  await expect(bubbles).toHaveCount(1);
  await expect(page.getByTestId('invite-more')).toHaveText('+2 more');
  await expect(other.getByTestId('invite-bubble')).toHaveCount(1);
  await expect(bell(other)).toHaveAttribute('aria-label', /Notifications, \d+ unread/);

  // Writing a mail: no bubble over the composer; they come back once he leaves it.
  // The mail guide shows the first time he writes (not if an earlier spec walked it with him).
  await page.addLocatorHandler(page.getByTestId('mail-guide'), async (guide) => {
    await guide.getByRole('button', { name: 'Next' }).click();
    await guide.getByRole('button', { name: 'Got it' }).click();
  });
  await page.goto('/#/compose?anchorid=A2003');
  const text = page.getByTestId('compose-text');
  await text.click();
  await expect(bubbles).toHaveCount(0);
  await text.blur();
  await expect(bubbles).toHaveCount(1);

  // Inside a live room: none over the video.
  await page.goto('/#/live?anchorid=A2002&type=public');
  await expect(page.locator('video').first()).toBeAttached();
  await expect(bubbles).toHaveCount(0);
  await expect(page.getByTestId('invite-more')).toHaveCount(0);

  // Back on Discover: the count opens the centre, which lists the three; read here, read there.
  await page.goto('/#/masterlist');
  await page.getByTestId('invite-more').click();
  const centre = page.getByTestId('notice-centre');
  await expect(centre).toBeVisible();
  await expect(centre.getByTestId('recent-invite')).toHaveCount(3);
  await expect(bell(other)).toHaveAttribute('aria-label', 'Notifications');
  await page.keyboard.press('Escape');

  // Do not disturb for an hour: the bubbles go in both tabs, and a new invitation stays silent.
  await bubbles.first().getByTestId('bubble-dnd').click();
  await expect(bubbles).toHaveCount(0);
  await expect(other.getByTestId('invite-bubble')).toHaveCount(0);
  const fourth = ladies[3];
  if (fourth) await inviteWhenOnline(fourth);
  await expect(bell(other)).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  await expect(bubbles).toHaveCount(0);
  await expect(other.getByTestId('invite-bubble')).toHaveCount(0);
  await bell(other).click();
  await expect(other.getByTestId('notice-quiet')).toContainText('Do not disturb until');
  // The three with their time left, and hers, which waited for a place and never showed.
  await expect(other.getByTestId('recent-invite')).toHaveCount(3);
  await expect(other.locator('[data-testid="notice-item"][data-notice-key^="invite:"]')).toHaveCount(1);

  await Promise.all(ladies.map((lady) => lady.dispose()));
  await man.close();
});
