/**
 * What the live-room specs share: Chromium with a fake camera and microphone, every
 * RTCPeerConnection a page makes kept where the test can read its stats ("video plays" means
 * frames were decoded), and her face-ID check through the local stand-in.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { FaceIdText } from '../../protocol/face-id/face-id';
import { chromiumLaunchOptions } from './chromium';
import { signInAsBroadcaster } from './helpers';

export const fakeMediaLaunchOptions = {
  ...chromiumLaunchOptions,
  args: [
    ...chromiumLaunchOptions.args,
    // 10 fps: two or three pages each encode her HD layers in software on CI's two cores; the
    // rooms behave the same at a lower rate, and the pages stay responsive.
    '--use-fake-device-for-media-stream=fps=10',
    '--use-fake-ui-for-media-stream',
  ],
};

/** Keeps every RTCPeerConnection the page makes where the test can read its stats. */
export async function recordPeerConnections(page: Page) {
  await page.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __peers: RTCPeerConnection[] }).__peers = made;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Video frames the page's newest connection has decoded so far. */
export function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    const pc = peers.at(-1);
    if (!pc) return 0;
    let frames = 0;
    (await pc.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') frames = report.framesDecoded ?? 0;
    });
    return frames;
  });
}

export async function expectFramesGrowing(page: Page) {
  await expect.poll(() => framesDecoded(page), { timeout: 15_000 }).toBeGreaterThan(5);
  const before = await framesDecoded(page);
  await expect.poll(() => framesDecoded(page), { timeout: 5_000 }).toBeGreaterThan(before + 5);
}

/** The page's newest connection has been closed (the media stopped, not only the page). */
export async function expectConnectionClosed(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => (window as unknown as { __peers: RTCPeerConnection[] }).__peers.at(-1)?.signalingState,
      ),
    )
    .toBe('closed');
}

/**
 * Her face-ID check through the local stand-in: the popup shows her camera, the operator's
 * verdict closes it, and the workspace reads the result.
 */
export async function faceCheck(lady: Page, verdict: 'Pass' | 'Fail') {
  const popupOpens = lady.waitForEvent('popup');
  await lady.getByRole('button', { name: 'Verify my face' }).click();
  const popup = await popupOpens;
  await expect(popup.getByRole('heading', { name: /^Face ID check for A\d+$/ })).toBeVisible();
  await expect(lady.getByText(FaceIdText.cannotSee)).toBeVisible();
  // Listened for before the click: on a slow machine the popup can close before the click returns.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: verdict }).click();
  await closed;
}

/** Passes her face-ID check unless an earlier test already did. */
export async function faceVerified(lady: Page) {
  // Until her status has loaded the button shows, disabled: wait for the answer either way.
  const verified = lady.getByTestId('face-id').getByText(/^Face ID verified/);
  const verify = lady.getByRole('button', { name: 'Verify my face', disabled: false });
  await expect(verified.or(verify)).toBeVisible();
  if (!(await verified.isVisible())) await faceCheck(lady, 'Pass');
}

/** A page of its own (its own cookies), recording its peer connections. */
export async function newPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await recordPeerConnections(page);
  return page;
}

/** She signs in, passes face ID if she has to, and goes live in her public room. */
export async function goLiveInPublicRoom(lady: Page, anchorId = 'A2001') {
  await signInAsBroadcaster(lady, anchorId);
  await faceVerified(lady);
  await lady.getByRole('button', { name: 'Turn camera on' }).click();
  await lady.getByRole('button', { name: 'Go live' }).click();
  await expect(lady.getByText('You are live in your public room.')).toBeVisible();
}
