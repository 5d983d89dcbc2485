/**
 * Ours beside the spec's call-me calls: he grants a broadcaster an authorization himself (a waiting
 * one of hers becomes it), she lists hers with the member's name, and she switches the kinds of call
 * she takes (the member's list of who takes calls follows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallMeExtraApi,
  CallMeExtraEvent,
  type CallTakes,
  type LadyCallMeItem,
} from '../../../protocol/call-service/call-me-extra';
import {
  type CallAnchorItem,
  type CallMeItem,
  CallServiceApi,
} from '../../../protocol/call-service/call-service';
import { Errno } from '../../../protocol/errors';
import { type CallWorld, callWorld } from './call-support';

let w: CallWorld;
beforeAll(async () => {
  w = await callWorld();
}, 180_000);
afterAll(async () => {
  await w?.close();
}, 60_000);

describe('call-me authorizations he grants himself', () => {
  it('are granted at once, once per broadcaster, and take the place of her waiting one', async () => {
    const m = await w.member('MX140');
    const lady = await w.lady('A2006');
    const granted = await w.call<CallMeItem>(m, CallMeExtraApi.addAuthorization, {
      anchor_id: 'A2005',
      message: '  Evenings are best',
    });
    expect(granted).toMatchObject({ status: 'success', message: 'Evenings are best' });
    expect(await w.errno(m, CallMeExtraApi.addAuthorization, { anchor_id: 'A2005' })).toBe(
      Errno.REQUEST_PENDING,
    );
    expect(await w.errno(m, CallMeExtraApi.addAuthorization, { anchor_id: 'M1001' })).toBe(Errno.NOT_FOUND);

    // She asked first: his grant answers her request rather than making a second one.
    const asked = await w.call<{ ref_no: string }>(lady, CallServiceApi.ladyAskCallMe, { man_id: 'MX140' });
    const answer = await w.call<CallMeItem>(m, CallMeExtraApi.addAuthorization, { anchor_id: 'A2006' });
    expect(answer).toMatchObject({ ref_no: asked.ref_no, status: 'success' });
    const list = await w.call<{ callme_success: number; callme_waiting: number }>(
      m,
      CallServiceApi.callMeList,
    );
    expect(list).toMatchObject({ callme_success: 2, callme_waiting: 0 });

    const hers = await w.call<{ list: LadyCallMeItem[] }>(lady, CallMeExtraApi.ladyAuthorizations);
    expect(hers.list).toEqual([
      expect.objectContaining({ ref_no: asked.ref_no, man_id: 'MX140', status: 'success' }),
    ]);
    expect(hers.list[0]?.man_nickname).not.toBe('');
    // A member cannot read hers.
    expect(await w.errno(m, CallMeExtraApi.ladyAuthorizations)).not.toBe(0);
  });
});

describe('her authorizations', () => {
  it('tell her live when he accepts or cancels one', async () => {
    const m = await w.member('MX142');
    const lady = await w.lady('A2007');
    const hers = await w.server.socketFor(lady);
    try {
      const { ref_no } = await w.call<{ ref_no: string }>(lady, CallServiceApi.ladyAskCallMe, {
        man_id: 'MX142',
      });
      await w.call(m, CallServiceApi.acceptRequest, { ref_no });
      const accepted = await hers.waitFor((msg) => msg.route === CallMeExtraEvent.changed);
      expect(accepted.req_data).toMatchObject({
        authorization: { ref_no, status: 'success', man_id: 'MX142' },
      });
      await w.call(m, CallServiceApi.revokeAuthorization, { ref_no });
      const revoked = await hers.waitFor(
        (msg) =>
          msg.route === CallMeExtraEvent.changed &&
          (msg.req_data as { authorization: { status: string } }).authorization.status === 'revoked',
      );
      expect(revoked.req_data).toMatchObject({ authorization: { ref_no } });
    } finally {
      hers.close();
    }
  });
});

describe('the calls she takes', () => {
  it('switch on and off, and his list of who takes calls follows', async () => {
    const lady = await w.lady('A2005');
    const m = await w.member('MX141');
    const off = await w.call<CallTakes>(lady, CallMeExtraApi.ladySaveCallTakes, {
      call_instant: 0,
      call_schedule: 1,
    });
    expect(off).toEqual({ call_instant: 0, call_schedule: 1 });
    expect(await w.call<CallTakes>(lady, CallMeExtraApi.ladyCallTakes)).toEqual(off);
    const anchors = await w.call<{ list: CallAnchorItem[] }>(m, CallServiceApi.anchorList);
    expect(anchors.list.find((a) => a.anchor_id === 'A2005')).toMatchObject({ call_instant: 0 });
    await w.call(lady, CallMeExtraApi.ladySaveCallTakes, { call_instant: 1, call_schedule: 1 });
    const again = await w.call<{ list: CallAnchorItem[] }>(m, CallServiceApi.anchorList);
    expect(again.list.find((a) => a.anchor_id === 'A2005')).toMatchObject({ call_instant: 1 });
  });
});
