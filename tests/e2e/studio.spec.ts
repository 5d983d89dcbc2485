/**
 * Her studio while live, at 1280x800: A2008 goes live and her camera shows LIVE, a timer
 * and the room she chose, with the chat, her viewers, her earnings and requests on the same screen.
 * George (M1012) asks for a One-on-One from her public room: a toast names him and a tone plays; she accepts from the
 * toast, joins, the One-on-One's timer runs and says what it has earned; he ends it and she sees
 * how long it lasted and what it earned, the figure his ledger charged, which her earnings show too.
 */
import { expect, type Page, test } from '@playwright/test';
import type { CreditHistoryAnswer } from '../../protocol/histories/histories';
import { LiveText } from '../../protocol/live/live';
import { InviteApi } from '../../protocol/realtime';
import { ShowApi } from '../../protocol/shows/shows';
import { signInAsBroadcaster, signInAsMember } from './helpers';
import { fakeMediaLaunchOptions, goLiveInPublicRoom, recordPeerConnections } from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

/** Online with One-on-One in the demo data, and in no other spec. */
const LADY = 'A2008';
/** His credit is room-gifts.spec.ts's only by difference: a request here takes nothing it counts. */
const MEMBER = 'M1012';

/** Counts the tones the page starts (Web Audio oscillators): the request's sound. */
async function countTones(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __tones: number };
    w.__tones = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const tone = create.call(this);
      const start = tone.start.bind(tone);
      tone.start = (when?: number) => {
        w.__tones += 1;
        start(when);
      };
      return tone;
    };
  });
}
const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);

/** What his ledger charged for her (credits), from his credit history. */
async function chargedFor(member: Page, anchorId: string): Promise<number> {
  const answer = await member.request.get('/man/v1/getCreditHistory?start=0&step=100');
  const { data } = (await answer.json()) as { data: CreditHistoryAnswer };
  const sum = data.list
    .filter((row) => row.anchor?.anchor_id === anchorId)
    .reduce((total, row) => total - row.amount, 0);
  return Math.round(sum * 100) / 100;
}

test('her studio on one screen: a request toasts and chimes, the One-on-One runs and ends with its summary, her earnings are the ledger’s', {
  tag: '@sfu',
}, async ({ browser }) => {
  // Two browsers, her broadcast and a One-on-One with its summary: a long story.
  test.setTimeout(120_000);
  const viewport = { width: 1280, height: 800 };
  const ladyContext = await browser.newContext({ viewport });
  const memberContext = await browser.newContext();
  const lady = await ladyContext.newPage();
  const member = await memberContext.newPage();
  await recordPeerConnections(lady);
  await recordPeerConnections(member);
  await countTones(lady);
  try {
    await goLiveInPublicRoom(lady, LADY);
    const studio = lady.getByTestId('studio');
    const timer = studio.getByRole('timer', { name: 'Time live' });
    await expect(studio.getByTestId('studio-live-badge')).toContainText('LIVE');
    await expect(timer).toHaveText(/^0:0[1-9]$/);
    await expect(studio.getByTestId('go-live-state')).toHaveText('You are live in your public room.');

    // One screen: camera, chat, viewers, earnings and requests inside the window at 1280x800,
    // the page at its top.
    await lady.evaluate(() => window.scrollTo(0, 0));
    for (const part of [
      'camera-preview',
      'room-chat',
      'live-viewers',
      'studio-earnings',
      'incoming-requests',
    ]) {
      const box = await studio.getByTestId(part).boundingBox();
      expect(box, part).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), `${part} is on the first screen`).toBeLessThanOrEqual(
        viewport.height,
      );
    }
    const heights = await lady.evaluate(() => ({
      studio: document.querySelector('[data-testid="studio"]')?.scrollHeight ?? 0,
      page: document.documentElement.scrollHeight,
    }));
    test.info().annotations.push({ type: 'studio scrollHeight', description: JSON.stringify(heights) });

    // He watches her public room and asks her there for a One-on-One, its price confirmed first.
    await signInAsMember(member, MEMBER);
    await member.goto(`/#/live?anchorid=${LADY}&type=public`);
    await expect(member.getByTestId('room-title')).toHaveText(/public room$/);
    await member.getByRole('button', { name: 'Ask for a One-on-One' }).click();
    await member.getByTestId('payment-confirm').getByRole('button', { name: 'Confirm' }).click();
    await expect(member.getByTestId('request-panel')).toContainText('Waiting for');

    const toast = lady
      .getByTestId('request-toasts')
      .getByRole('status')
      .filter({ hasText: 'George asks for a One-on-One' });
    await expect(toast).toBeVisible();
    await expect.poll(() => tones(lady)).toBeGreaterThan(0);
    await expect(studio.locator(`[data-testid="incoming-request"][data-userid="${MEMBER}"]`)).toBeVisible();
    await toast.getByRole('button', { name: 'Accept' }).click();

    // Her Accept takes him from her public room into the One-on-One.
    await expect(member).toHaveURL(new RegExp(`#/live\\?anchorid=${LADY}&type=private&roomid=PV`));
    await expect(member.getByText(LiveText.waitingAnchor)).toBeVisible();
    await lady.getByRole('button', { name: /^Join / }).click();
    // Her status line says so at once, and her studio says why her room closed.
    await expect(lady.getByText('In a One-on-One', { exact: true })).toBeVisible();
    await expect(studio.getByText(/you are in a One-on-One now/)).toBeVisible();
    const oneOnOneTimer = studio.getByTestId('one-on-one-timer');
    await expect(oneOnOneTimer).toHaveText(/^0:0[2-9]$/, { timeout: 15_000 });
    await expect(studio.getByTestId('one-on-one-earned')).toContainText('0.30');

    await member.getByRole('button', { name: 'End', exact: true }).click();
    await expect(studio.getByText(`George: ${LiveText.memberLeft}`)).toBeVisible();
    const summary = studio.getByTestId('one-on-one-summary');
    await expect(summary).toContainText(`George (${MEMBER}) lasted`);
    await expect(summary.getByTestId('one-on-one-summary-time')).toHaveText(/^0:\d\d$/);

    const charged = await chargedFor(member, LADY);
    expect(charged).toBeGreaterThan(0);
    await expect(summary.getByTestId('one-on-one-summary-earned')).toContainText(charged.toFixed(2));
    await expect(studio.getByTestId('earnings-session')).toContainText(charged.toFixed(2));
    await expect(studio.getByTestId('earnings-today')).toContainText(charged.toFixed(2));
    // Her room's note goes with the One-on-One: Go live is hers again.
    await expect(studio.getByText(/you are in a One-on-One now/)).toBeHidden();
    await expect(studio.getByRole('button', { name: 'Go live' })).toBeVisible();

    // She mutes the requests' sound. In another section of her workspace a request still shows its
    // toast, now without a tone, and View brings her back to it in her studio.
    await studio.getByTestId('request-sound').click();
    await expect(studio.getByTestId('request-sound')).toHaveText('Sound off');
    const tonesBefore = await tones(lady);
    await lady.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Messages' }).click();
    await expect(lady).toHaveURL(/#\/broadcaster\/messages$/);
    const again = await member.request.post(`${InviteApi.sendBookingRequest}?is_ajax=1`, {
      form: { userid: LADY },
    });
    expect(((await again.json()) as { errno: number }).errno).toBe(0);
    const second = lady.getByTestId('request-toasts').getByRole('status').filter({ hasText: 'George asks' });
    await second.getByRole('button', { name: 'View' }).click();
    await expect(lady).toHaveURL(/#\/broadcaster$/);
    const row = lady.locator(`[data-testid="incoming-request"][data-userid="${MEMBER}"]`);
    await expect(row).toBeInViewport();
    expect(await tones(lady)).toBe(tonesBefore);
    await row.getByTestId('decline-request').click();
    await expect(row).toBeHidden();

    // Her choice of sound is remembered after a reload.
    await lady.reload();
    await expect(lady.getByTestId('request-sound')).toHaveAttribute('aria-pressed', 'false');
  } finally {
    await lady.request.post('/lady/v1/live/end?is_ajax=1', { form: {} });
    await ladyContext.close();
    await memberContext.close();
  }
});

test('her show about to start shows as a toast on her studio, and its link brings her to the show', async ({
  page,
}) => {
  // A broadcaster no other spec signs in as, with a show of her own an hour away.
  await signInAsBroadcaster(page, 'A2038');
  const created = await page.request.post(`${ShowApi.createShow}?is_ajax=1`, {
    form: {
      show_title: 'Toast Test Show',
      show_introduce: '',
      start_time: String(Math.floor(Date.now() / 1000) + 3600),
      duration: '30',
      price: '1',
      ticket_num: '5',
    },
  });
  const showId: string = (await created.json()).data.show_info.live_show_id;
  await expect(page.getByTestId('workspace-studio')).toBeVisible();

  // The show clock brings its start a minute near: the notice goes out at the next tick (asked
  // again until her socket, which opens as the page does, hears it).
  const toast = page.getByTestId('show-start-toasts').getByRole('status');
  await expect(async () => {
    await page.request.post(`${ShowApi.devStartSoon}?is_ajax=1`, { form: { live_show_id: showId } });
    await expect(toast).toContainText('“Toast Test Show” is starting.', { timeout: 8_000 });
  }).toPass({ timeout: 30_000 });

  await toast.getByRole('link', { name: 'View show' }).click();
  await expect(page).toHaveURL(/#\/broadcaster\/bookings$/);
  await expect(page.locator(`[data-show-id="${showId}"]`)).toBeFocused();
  await expect(page.getByTestId('show-start-toasts')).toHaveCount(0);
});
