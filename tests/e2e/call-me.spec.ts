import { type APIRequestContext, expect, test } from '@playwright/test';
import { BookingApi, SMS_OUTBOX_PATH } from '../../protocol/bookings/booking';
import { CallServiceApi, type SendCallAnswer } from '../../protocol/call-service/call-service';
import { memberApi, openWorkspaceSection, signInAsBroadcaster, signInAsMember } from './helpers';

const post = async <T>(api: APIRequestContext, path: string, form: Record<string, string> = {}) => {
  const answer = await api.post(`${path}?is_ajax=1`, { form });
  const body = (await answer.json()) as { errno: number; errmsg?: string; data: T };
  expect(body.errno, `${path}: ${body.errmsg ?? ''}`).toBe(0);
  return body.data;
};

/** A call request needs his verified phone: he verifies one (the code from the local SMS outbox) unless he has. */
async function verifyPhone(him: APIRequestContext) {
  const info = await post<{ book_phone: unknown }>(him, BookingApi.manBookingInfo, { userid: 'A2001' });
  if (info.book_phone) return;
  const phone = { country: 'United Kingdom', area_code: '44', phone_no: '7700900381' };
  await post(him, BookingApi.phoneVerifyCode, phone);
  const outbox = await (await him.get(SMS_OUTBOX_PATH)).text();
  const row = outbox.split(/<tr[\s>]/).find((r) => r.includes(phone.phone_no)) ?? '';
  const code = row.match(/code is (\d{6})/)?.[1] ?? '';
  await post(him, BookingApi.submitPhoneVerifyCode, { ...phone, verify_code: code });
}

test('A2001 sees M1001’s instant call request arrive live, declines it and accepts it again; she asks him to call her, and he accepts on his call-me list, then cancels with the confirmation', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const him = await memberApi(baseURL ?? '', 'M1001');
  await verifyPhone(him);

  // Her Calls section, once her socket has answered (the request must reach it live).
  const socketUp = page.waitForEvent('websocket').then((ws) => ws.waitForEvent('framereceived'));
  await signInAsBroadcaster(page, 'A2001');
  await socketUp;
  await openWorkspaceSection(page, 'Calls', 'calls');
  const requests = page.getByRole('region', { name: 'Call requests' });
  await expect(requests.getByText('Loading…')).toHaveCount(0);

  const sent = await post<SendCallAnswer>(him, CallServiceApi.sendInstantCall, { anchor_id: 'A2001' });
  await him.dispose();
  await expect(page.getByTestId('call-request-toasts')).toContainText('M1001 asks for an instant call.');
  const row = requests.locator(`[data-ref="${sent.ref_no}"]`);
  const status = row.getByTestId('lady-call-status');
  await expect(status).toHaveText('Waiting for your answer');
  // Her Calls tab counts it while it waits for her answer.
  const waitingBadge = page.getByTestId('workspace-pending-calls');
  await expect(waitingBadge).toHaveText('1 call request waiting for your answer');
  await row.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(status).toHaveText('Declined');
  await expect(waitingBadge).toHaveCount(0);
  await expect(row).toContainText('you can accept it again until');
  await row.getByRole('button', { name: 'Accept again', exact: true }).click();
  await expect(status).toHaveText('Accepted');

  // She asks him to call her.
  const ask = page.getByRole('region', { name: 'Ask a member to call you' });
  await ask.getByLabel('Member ID').fill('M1001');
  await ask.getByLabel('Message (optional)').fill('Call me tonight?');
  await ask.getByRole('button', { name: 'Ask him to call me' }).click();
  await expect(ask.getByText('M1001 is asked to call you.')).toBeVisible();
  const asked = ask.getByTestId('lady-callme-row').filter({ hasText: 'Call me tonight?' });
  await expect(asked).toContainText('Waiting for his answer');

  // He finds it waiting on his call-me list, accepts, then cancels it after the confirmation.
  const manContext = await browser.newContext({ baseURL });
  const man = await manContext.newPage();
  await signInAsMember(man, 'M1001', '/callmelist');
  const waiting = man.getByTestId('callme-filter-waiting');
  await expect(waiting).toHaveText('Waiting 1');
  const invitation = man.getByTestId('callme-row').filter({ hasText: 'Call me tonight?' });
  await invitation.getByRole('button', { name: 'Accept', exact: true }).click();
  const accepted = man.getByTestId('callme-accepted');
  await accepted.getByRole('button', { name: 'OK' }).click();
  await expect(waiting).toHaveText('Waiting 0');
  await expect(man.getByTestId('callme-filter-success')).toHaveText('Authorized 1');
  await expect(invitation).toContainText('Authorized');
  // Her section shows his answer as it happens, with the call she may now start on it.
  await expect(asked).toContainText('Authorized');
  await expect(asked.getByRole('button', { name: 'Call him' })).toBeVisible();

  await invitation.getByRole('button', { name: 'Cancel authorization' }).click();
  const confirm = man.getByTestId('callme-revoke-confirm');
  await expect(confirm).toContainText('1.00-credit reservation fee');
  await confirm.getByRole('button', { name: 'Cancel authorization' }).click();
  await expect(man).toHaveURL(/#\/authformstatus\?.*status=cancelsuccess/);
  await expect(man.getByRole('heading', { name: 'Authorization cancelled' })).toBeVisible();
  await manContext.close();
  await expect(asked).toContainText('Cancelled by him');
  await expect(asked.getByRole('button', { name: 'Call him' })).toHaveCount(0);

  // She declines his request after all: no request of the pair stays open for the other call stories.
  await row.getByRole('button', { name: 'Decline', exact: true }).click();
  await expect(status).toHaveText('Declined');
});
