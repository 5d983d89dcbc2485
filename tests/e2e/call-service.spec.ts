import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { BookingApi, SMS_OUTBOX_PATH } from '../../protocol/bookings/booking';
import {
  CallCenterStandInApi,
  CallMessages,
  CallServiceApi,
  type StandInPhone,
} from '../../protocol/call-service/call-service';
import { broadcasterApi, memberApi, serverBalances, signInAsMember } from './helpers';

const post = async <T>(api: APIRequestContext, path: string, form: Record<string, string> = {}) => {
  const answer = await api.post(`${path}?is_ajax=1`, { form });
  const body = (await answer.json()) as { errno: number; errmsg?: string; data: T };
  expect(body.errno, `${path}: ${body.errmsg ?? ''}`).toBe(0);
  return body.data;
};

/** The call center rings only a verified phone: he verifies one (the code from the local SMS outbox) unless he has. */
async function verifyPhone(page: Page) {
  const info = await post<{ book_phone: unknown }>(page.request, BookingApi.manBookingInfo, {
    userid: 'A2001',
  });
  if (info.book_phone) return;
  const phone = { country: 'United Kingdom', area_code: '44', phone_no: '7700900381' };
  await post(page.request, BookingApi.phoneVerifyCode, phone);
  const outbox = await page.context().newPage();
  await outbox.goto(SMS_OUTBOX_PATH);
  const row = outbox.locator('tr', { hasText: '7700900381' }).first();
  const code = ((await row.textContent()) ?? '').match(/code is (\d{6})/)?.[1] ?? '';
  await outbox.close();
  await post(page.request, BookingApi.submitPhoneVerifyCode, { ...phone, verify_code: code });
}

/** The stand-in's phone of `owner` in `state` (the operator console's phones, driven through their API). */
async function phoneOf(console: APIRequestContext, owner: string, state: StandInPhone['state']) {
  let found: StandInPhone | undefined;
  await expect
    .poll(async () => {
      const { list } = await post<{ list: StandInPhone[] }>(console, CallCenterStandInApi.phones);
      found = list.find((p) => p.owner === owner && p.state === state);
      return Boolean(found);
    })
    .toBe(true);
  return found as StandInPhone;
}

test('M1001 sends A2001 an instant call from her profile, she accepts, he makes the call and talks, the header balance falls by what the ledger charged, and after hanging up he may Call Again; a scheduled call she accepted cannot be made before its calling period', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsMember(page, 'M1001');
  await verifyPhone(page);

  // Her profile's Make Call: the reservation fee is confirmed before it is charged.
  await page.goto('/#/anchor/A2001');
  const before = Number((await serverBalances(page)).credits);
  await page.getByTestId('make-call').click();
  await expect(page.getByTestId('payment-price')).toHaveText('1.00 credit');
  await page.getByTestId('payment-confirm-ok').click();
  await expect(page.getByTestId('call-status')).toHaveText('Waiting for her answer');
  const refNo = (await page.getByTestId('call-ref').textContent()) ?? '';
  expect(Number((await serverBalances(page)).credits)).toBeCloseTo(before - 1, 2);

  const her = await broadcasterApi(baseURL ?? '', 'A2001');
  await post(her, CallServiceApi.ladyAccept, { ref_no: refNo });
  await her.dispose();

  // His instant calls: the accepted request, and Make Call with the minute price first.
  await page.goto('/#/instantCalls');
  const row = page.getByTestId(`call-order-${refNo}`);
  await expect(row).toContainText('Accepted');
  await row.getByTestId('order-make-call').click();
  const popup = page.getByTestId('make-call-popup');
  await expect(popup.getByTestId('call-minute-price')).toContainText('2.00 credits per started minute');
  await popup.getByTestId('make-call-now').click();
  const display = popup.getByTestId('call-display');
  await expect(display).toHaveAttribute('data-display', 'not_connected');

  // The call center rings him; he answers and presses 1; it rings her; she answers (the phones are
  // the demo operator's, a `dev` operator where development tools are on).
  const phones = await memberApi(baseURL ?? '', 'M9001');
  const his = await phoneOf(phones, 'M1001', 'ringing');
  await post(phones, CallCenterStandInApi.answer, { leg_id: his.leg_id });
  await post(phones, CallCenterStandInApi.press, { leg_id: his.leg_id, digit: '1' });
  const hers = await phoneOf(phones, 'A2001', 'ringing');
  await post(phones, CallCenterStandInApi.answer, { leg_id: hers.leg_id });
  await expect(display).toHaveAttribute('data-display', 'calling', { timeout: 15_000 });
  await expect(popup.getByRole('status')).toHaveText('Calling');

  // The first minute is charged at once: the header follows the ledger while he talks.
  const talking = await serverBalances(page);
  expect(Number(talking.credits)).toBeCloseTo(before - 1 - 2, 2);
  await expect(page.getByTestId('balance-credits')).toContainText(talking.credits, { timeout: 15_000 });

  await post(phones, CallCenterStandInApi.hangUp, { leg_id: his.leg_id });
  await phones.dispose();
  await expect(display).toHaveAttribute('data-display', 'ended', { timeout: 15_000 });
  await expect(popup.getByRole('button', { name: 'Call Again' })).toBeVisible();
  const ended = await serverBalances(page);
  await expect(popup.getByTestId('call-summary')).toContainText(
    `${(before - 1 - Number(ended.credits)).toFixed(2)} charged`,
  );
  await expect(page.getByTestId('balance-credits')).toContainText(ended.credits);

  // A scheduled call on her first free hour (at least two hours ahead), the fee confirmed first.
  await page.goto('/#/makecalldetail?id=A2001');
  const time = page.getByLabel('Time', { exact: true });
  await time.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Send Request' }).click();
  await expect(page.getByTestId('payment-price')).toHaveText('1.00 credit');
  await page.getByTestId('payment-confirm-ok').click();
  await expect(page.getByTestId('call-status')).toHaveText('Waiting for her answer');
  const scheduledRef = (await page.getByTestId('call-ref').textContent()) ?? '';
  const her2 = await broadcasterApi(baseURL ?? '', 'A2001');
  await post(her2, CallServiceApi.ladyAccept, { ref_no: scheduledRef });
  await her2.dispose();

  // Accepted (told at once), but Make Call now is outside its calling period: refused, no charge.
  await expect(page.getByTestId('call-status')).toHaveText('Accepted');
  await page.getByTestId('order-make-call').click();
  await popup.getByTestId('make-call-now').click();
  await expect(popup.getByRole('alert')).toHaveText(CallMessages.schedulePeriod);
  expect(Number((await serverBalances(page)).credits)).toBeCloseTo(Number(ended.credits) - 1, 2);
});
