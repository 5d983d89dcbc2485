/**
 * The local call center's phones in the operator console (M9001, the `dev` role): his and her
 * phone pages, each in its own browser with a (fake) microphone, ring, are answered, he presses 1,
 * and once the center joins the call each page hears the other through the SFU.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { BookingApi, SMS_OUTBOX_PATH } from '../../protocol/bookings/booking';
import {
  CallCenterStandInApi,
  CallServiceApi,
  type StandInPhone,
} from '../../protocol/call-service/call-service';
import { broadcasterApi, memberApi, signInAsMember } from './helpers';
import { fakeMediaLaunchOptions } from './live-helpers';

test.use({ launchOptions: fakeMediaLaunchOptions });

const post = async <T>(api: APIRequestContext, path: string, form: Record<string, string> = {}) => {
  const answer = await api.post(`${path}?is_ajax=1`, { form });
  const body = (await answer.json()) as { errno: number; errmsg?: string; data: T };
  expect(body.errno, `${path}: ${body.errmsg ?? ''}`).toBe(0);
  return body.data;
};

/** The call center rings only a verified phone: M1001 verifies one (the code from the SMS outbox) unless he has. */
async function verifyHisPhone(he: APIRequestContext, outboxReader: Page) {
  const info = await post<{ book_phone: unknown }>(he, BookingApi.manBookingInfo, { userid: 'A2005' });
  if (info.book_phone) return;
  const phone = { country: 'United Kingdom', area_code: '44', phone_no: '7700900581' };
  await post(he, BookingApi.phoneVerifyCode, phone);
  await outboxReader.goto(SMS_OUTBOX_PATH);
  const row = outboxReader.locator('tr', { hasText: '7700900581' }).first();
  const code = ((await row.textContent()) ?? '').match(/code is (\d{6})/)?.[1] ?? '';
  await post(he, BookingApi.submitPhoneVerifyCode, { ...phone, verify_code: code });
}

/** Keeps the loudest sample heard so far from `owner`'s voice on this page (window.__peak). */
async function measureVoice(page: Page, owner: string) {
  const voice = page.locator(`audio[data-testid="phone-voice"][data-owner="${owner}"]`);
  await expect(voice).toHaveCount(1, { timeout: 15_000 });
  await voice.evaluate((element: HTMLAudioElement) => {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(element.srcObject as MediaStream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const w = window as unknown as { __peak: number };
    w.__peak = 0;
    setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      for (const s of samples) w.__peak = Math.max(w.__peak, Math.abs(s));
    }, 50);
    void context.resume();
  });
}

const peak = (page: Page) => page.evaluate(() => (window as unknown as { __peak: number }).__peak);

test('a dev operator answers his and her phones in the console, he presses 1, and each phone page hears the other', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const hisBrowser = await browser.newContext();
  const consolePage = await hisBrowser.newPage();
  await signInAsMember(consolePage, 'M9001');
  const he = await memberApi(base, 'M1001');
  const she = await broadcasterApi(base, 'A2005');
  await verifyHisPhone(he, consolePage);

  // His instant call to A2005 (she takes calls with a translator), accepted, and made: his phone rings.
  const { ref_no } = await post<{ ref_no: string }>(he, CallServiceApi.sendInstantCall, {
    anchor_id: 'A2005',
  });
  await post(she, CallServiceApi.ladyAccept, { ref_no });
  await post(he, CallServiceApi.makeCall, { ref_no, phone_type: '1', redial: '1' });

  // The console's Phones tab lists it; opened as its own page it is his phone.
  await consolePage.goto('/#/operator?tab=phones');
  const ringing = consolePage.getByTestId('op-phone').filter({ hasText: 'His phone (M1001)' });
  const opened = hisBrowser.waitForEvent('page');
  await ringing.getByRole('link', { name: 'Open as its own page' }).click();
  const hisPhone = await opened;
  await consolePage.close();
  const his = hisPhone.getByTestId('op-phone');
  await expect(his).toHaveAttribute('data-state', 'ringing');
  await expect(his.getByText('Ringing…')).toBeVisible();
  await his.getByRole('button', { name: 'Answer' }).click();
  await expect(his.getByText('Answered: press 1 to be connected')).toBeVisible();
  await his.getByRole('button', { name: 'Press 1' }).click();

  // Her phone is another browser of the same operator; the translator's desk answers through the API.
  const herBrowser = await browser.newContext({ storageState: await hisBrowser.storageState() });
  const herPhone = await herBrowser.newPage();
  await herPhone.goto('/#/operator?tab=phones&phone=A2005');
  const hers = herPhone.getByTestId('op-phone');
  await expect(hers).toHaveAttribute('data-state', 'ringing');
  await hers.getByRole('button', { name: 'Answer' }).click();
  const { list } = await post<{ list: StandInPhone[] }>(hisPhone.request, CallCenterStandInApi.phones);
  const translator = list.find((p) => p.role === 'translator' && p.state === 'ringing');
  await post(hisPhone.request, CallCenterStandInApi.answer, { leg_id: translator?.leg_id ?? '' });

  await expect(his.getByText('Talking')).toBeVisible();
  await expect(hers.getByText('Talking')).toBeVisible();
  await measureVoice(hisPhone, 'A2005');
  await measureVoice(herPhone, 'M1001');
  await expect.poll(() => peak(hisPhone), { timeout: 20_000 }).toBeGreaterThan(0.02);
  await expect.poll(() => peak(herPhone), { timeout: 20_000 }).toBeGreaterThan(0.02);

  // He hangs up: every phone of the call goes quiet.
  await his.getByRole('button', { name: 'Hang up' }).click();
  await expect(hisPhone.getByTestId('op-phones-empty')).toBeVisible();
  await expect(herPhone.getByTestId('op-phones-empty')).toBeVisible();
  await Promise.all([he.dispose(), she.dispose(), hisBrowser.close(), herBrowser.close()]);
});
