/**
 * A scheduled show on camera: she starts her show's room from her workspace once its Watch Now has
 * come; a ticket holder's Watch Now (My tickets) opens it with her video, a member without a ticket
 * is told he needs one, and her End closes it for everyone.
 */
import { expect, test } from '@playwright/test';
import { LiveText } from '../../protocol/live/live';
import { signInAsBroadcaster, signInAsMember } from './helpers';
import { expectFramesGrowing, faceVerified, fakeMediaLaunchOptions, newPage } from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

/** The demo's show on now (server/seed/shows.ts): A2009's, started 10 minutes before the seed. */
const SHOW = { id: 'LS3006', anchor: 'A2009', title: 'Karaoke Party' };

test('she broadcasts her show to its ticket holders; without a ticket there is no way in', async ({
  browser,
}) => {
  // Her broadcast, a ticket holder and a member without one: three browsers, a long story.
  test.setTimeout(120_000);
  const lady = await newPage(browser);
  const holder = await newPage(browser);
  const stranger = await newPage(browser);
  try {
    await signInAsBroadcaster(lady, SHOW.anchor);
    await faceVerified(lady);
    await lady.getByRole('button', { name: 'Turn camera on' }).click();
    await lady.getByRole('radio', { name: new RegExp(`Your show "${SHOW.title}"`) }).check();
    await lady.getByRole('button', { name: 'Go live' }).click();
    await expect(lady.getByText('You are live in your show room.')).toBeVisible();

    // M1005 holds a ticket: Watch Now on My tickets takes him in.
    await signInAsMember(holder, 'M1005');
    await holder.goto('/#/showorder/myticket');
    const card = holder.locator(`[data-testid="show-card"][data-show-id="${SHOW.id}"]`);
    await card.getByRole('link', { name: 'Watch Now' }).click();
    await expect(holder).toHaveURL(new RegExp(`liveShowid=${SHOW.id}`));
    await expectFramesGrowing(holder);
    await expect(holder.getByTestId('live-meter')).toContainText('Free to watch');
    await expect(lady.getByTestId('live-viewers')).toContainText('William (M1005)');

    await signInAsMember(stranger, 'M1002');
    await stranger.goto(`/page/live.html#anchorid=${SHOW.anchor}&type=public&liveShowid=${SHOW.id}`);
    await expect(stranger.getByTestId('live-end')).toHaveText(LiveText.noTicket);

    await lady.getByRole('button', { name: 'End broadcast' }).click();
    await expect(holder.getByTestId('live-end')).toHaveText(LiveText.end);
  } finally {
    await lady.request.post('/lady/v1/live/end?is_ajax=1', { form: {} });
    for (const page of [lady, holder, stranger]) await page.context().close();
  }
});
