/**
 * His account and the call service: his data export holds his call requests and call-me
 * authorizations; deleting his account closes his open requests (the held fee refunded), leaves
 * none she could accept again, and erases his messages and authorizations.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountApi } from '../../../protocol/account/account';
import { CallMeExtraApi } from '../../../protocol/call-service/call-me-extra';
import {
  CALL_RESERVATION_HUNDREDTHS,
  CallServiceApi,
  type SendCallAnswer,
} from '../../../protocol/call-service/call-service';
import { DEMO_PASSWORD } from '../harness';
import { type CallWorld, callWorld } from './call-support';

let w: CallWorld;
beforeAll(async () => {
  w = await callWorld();
});
afterAll(async () => {
  await w?.close();
});

it('exports his calls and, when he deletes his account, closes and refunds his requests and erases his words', async () => {
  const man = await w.member('M7301');
  const lady = await w.lady('A2001');
  const before = await w.hundredths('M7301');
  const pending = await w.call<SendCallAnswer>(man, CallServiceApi.sendInstantCall, { anchor_id: 'A2001' });
  await w.call(man, CallServiceApi.addMessage, { ref_no: pending.ref_no, message: 'After six, please' });
  const declined = await w.call<SendCallAnswer>(man, CallServiceApi.sendInstantCall, { anchor_id: 'A2005' });
  await w.call(await w.lady('A2005'), CallServiceApi.ladyDecline, { ref_no: declined.ref_no });
  await w.call(man, CallMeExtraApi.addAuthorization, { anchor_id: 'A2002' });
  expect(await w.hundredths('M7301')).toBe(before - CALL_RESERVATION_HUNDREDTHS);

  const exported = await w.call<Record<string, { list: { ref_no: string; message?: string }[] }>>(
    man,
    AccountApi.exportData,
  );
  expect(exported.instant_calls?.list.map((o) => o.ref_no).sort()).toEqual(
    [pending.ref_no, declined.ref_no].sort(),
  );
  expect(exported.call_me_authorizations?.list).toHaveLength(1);

  await w.call(man, AccountApi.deleteAccount, { password: DEMO_PASSWORD });
  // The held fee came back; the declined request's fee was refunded when she declined.
  expect(await w.hundredths('M7301')).toBe(before);
  const orders = await w.server.db.query<{ status: string; message: string }>(
    'SELECT status, message FROM call_orders WHERE member_id = $1',
    ['M7301'],
  );
  expect(orders).toEqual([
    { status: 'expired', message: '' },
    { status: 'expired', message: '' },
  ]);
  // Neither can be accepted again.
  expect(await w.errno(lady, CallServiceApi.ladyAccept, { ref_no: pending.ref_no })).not.toBe(0);
  expect(
    await w.errno(await w.lady('A2005'), CallServiceApi.ladyAccept, { ref_no: declined.ref_no }),
  ).not.toBe(0);
  const authorizations = await w.server.db.query('SELECT 1 FROM call_authorizations WHERE member_id = $1', [
    'M7301',
  ]);
  expect(authorizations).toEqual([]);
});
