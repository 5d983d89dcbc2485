/**
 * His room as a cam site's, in Chromium at 1280 px: a premium demo room names its type, price and
 * audience, leads to her profile with Follow, keeps the chat beside the video (below it in theatre
 * view), remembers his sound, and after End sums the visit up with what the ledger took; a show
 * he holds no ticket for offers Get ticket.
 */
import { expect, type Page, test } from '@playwright/test';
import { LiveText } from '../../protocol/live/live';
import { type LastVisitAnswer, LiveRoomApi } from '../../protocol/live/live-room';
import { serverBalances, signInAsMember } from './helpers';
import { fakeMediaLaunchOptions } from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions, viewport: { width: 1280, height: 800 } });

/** Live in her premium room in the demo data (server/seed/anchors.ts), used by no other spec. */
const PREMIUM = 'A2036';
/** A paid member with credit to spare (server/seed/members.ts). */
const MEMBER = 'M1005';
/** A show he holds no ticket for, bought by no spec (server/seed/shows.ts). */
const SHOW = { id: 'LS3011', anchor: 'A2002', title: 'Late Night Piano', price: '6.00' };

const box = async (page: Page, testId: string) => {
  const found = await page.getByTestId(testId).boundingBox();
  if (!found) throw new Error(`${testId} is not on screen`);
  return found;
};

test('a member in a premium room: its type, price and audience, her profile and Follow, theatre and sound, End and what it cost', async ({
  page,
}) => {
  await signInAsMember(page, MEMBER);
  const before = Number((await serverBalances(page)).credits);
  await page.goto(`/#/live?anchorid=${PREMIUM}&type=public`);
  await page.getByTestId('room-price-ok').click();

  const title = page.getByRole('heading', { level: 1, name: /'s premium room$/ });
  await expect(title).toBeVisible();
  const nickname = ((await title.textContent()) ?? '').replace(/'s premium room$/, '');
  await expect(page.getByTestId('room-price')).toContainText('Premium · 0.05 credits a minute');
  // He is one of them: the SFU counts him.
  await expect(page.getByTestId('room-viewers')).toHaveText(/^[1-9]\d* watching$/);
  await expect(page.getByRole('link', { name: `${nickname}'s profile` })).toHaveAttribute(
    'href',
    new RegExp(`/anchor/${PREMIUM}$`),
  );
  await expect(page.getByTestId('follow-toggle')).toBeVisible();

  // A laptop: the chat beside the video, level with it; theatre puts it below.
  const stage = await box(page, 'live-stage');
  const chat = await box(page, 'room-chat');
  expect(chat.x).toBeGreaterThanOrEqual(stage.x + stage.width);
  expect(chat.y).toBeLessThan(stage.y + stage.height);
  const theatre = page.getByRole('button', { name: 'Theatre' });
  await theatre.click();
  await expect(theatre).toHaveAttribute('aria-pressed', 'true');
  const wide = await box(page, 'live-stage');
  expect(wide.width).toBeGreaterThan(stage.width);
  expect((await box(page, 'room-chat')).y).toBeGreaterThanOrEqual(wide.y + wide.height);
  await theatre.click();
  await expect(theatre).toHaveAttribute('aria-pressed', 'false');

  // Sound: the video element's own, remembered for his next room.
  const video = page.getByTestId('live-video');
  await expect(video).toHaveJSProperty('muted', true);
  await page.getByRole('button', { name: 'Turn sound on' }).click();
  await expect(video).toHaveJSProperty('muted', false);
  await page.getByRole('slider', { name: 'Volume' }).fill('0.3');
  await expect(video).toHaveJSProperty('volume', 0.3);
  await page.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(video).toHaveJSProperty('muted', true);
  const kept = await page.evaluate(() => localStorage.getItem('glimmer.live.sound'));
  expect(JSON.parse(kept ?? '{}')).toEqual({ muted: true, volume: 0.3 });

  // End: no confirmation, the room closes and the summary reads the ledger's charge.
  await page.getByRole('button', { name: 'End', exact: true }).click();
  await expect(page.getByTestId('live-end')).toHaveText('You left the room.');
  const summary = page.getByTestId('room-summary-text');
  await expect(summary).toContainText(/lasted \d+ (min \d\d )?s and cost \d+\.\d\d credits\./);
  const answer = await page.request.get(`${LiveRoomApi.lastVisit}?is_ajax=1&room_id=PR${PREMIUM.slice(1)}`);
  const visit = ((await answer.json()) as { data: LastVisitAnswer }).data;
  expect(visit.ended_at).toBeGreaterThan(0);
  await expect(summary).toContainText(`cost ${visit.credits.toFixed(2)} credits`);
  // What the ledger took is what left his balance.
  const after = Number((await serverBalances(page)).credits);
  expect(before - after).toBeCloseTo(visit.credits, 2);
  await expect(page.getByRole('button', { name: `Invite ${nickname} to a One-on-One` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Back to ${nickname}'s profile` })).toBeVisible();

  // A show he holds no ticket for refuses him and offers the show's own ticket purchase, priced.
  await page.goto(`/#/live?anchorid=${SHOW.anchor}&type=public&liveShowid=${SHOW.id}`);
  await expect(page.getByTestId('live-end')).toHaveText(LiveText.noTicket);
  await page.getByRole('button', { name: 'Get ticket' }).click();
  const buy = page.getByTestId('buy-ticket-popup');
  await expect(buy).toContainText(SHOW.title);
  await expect(buy).toContainText(SHOW.price);
  await expect(buy.getByTestId('buy-ticket-confirm')).toBeEnabled();
});
