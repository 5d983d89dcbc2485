/**
 * The local call center's phones belong to `dev` operators: a member or an operator of another role
 * is refused, a `dev` operator answers, presses 1 and hangs up, and once the center joins the call
 * each phone's page talks through the SFU (its microphone published, the other leg's voice offered).
 * With production's configuration the phones do not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import {
  CallCenterStandInApi,
  CallServiceApi,
  type StandInListenAnswer,
  type StandInPhone,
} from '../../../protocol/call-service/call-service';
import { Errno } from '../../../protocol/errors';
import { OperatorErrno } from '../../../protocol/operator/operator';
import { type Client, startServer, type TestServer } from '../harness';

let server: TestServer;
const peers: RTCPeerConnection[] = [];
beforeAll(async () => {
  server = await startServer({ config: { operatorRoles: { M9001: ['dev'], M1004: ['support'] } } });
  // The call center rings only a verified phone.
  await server.db.query(
    `INSERT INTO member_phones (user_id, country, area_code, phone_no) VALUES ('M1001', 'United Kingdom', '44', '7700900311')`,
  );
}, 180_000);
afterAll(async () => {
  for (const pc of peers) await pc.close();
  await server?.close();
});

const errno = async (client: Client, path: string, fields: Record<string, string> = {}) =>
  (await client.form(path, fields)).body.errno;

/** A phone page's microphone offer (audio only), as a browser makes it. */
async function microphoneOffer(): Promise<string> {
  const pc = new RTCPeerConnection();
  peers.push(pc);
  pc.addTransceiver(new MediaStreamTrack({ kind: 'audio' }), { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  return pc.localDescription?.sdp ?? '';
}

async function answerOf(offer: string): Promise<string> {
  const pc = new RTCPeerConnection();
  peers.push(pc);
  await pc.setRemoteDescription({ type: 'offer', sdp: offer });
  await pc.setLocalDescription(await pc.createAnswer());
  return pc.localDescription?.sdp ?? '';
}

describe('the call center phones', () => {
  it('refuse a member and an operator without the dev role', async () => {
    const member = await server.loginAs('M1001');
    const support = await server.loginAs('M1004');
    for (const path of Object.values(CallCenterStandInApi)) {
      expect(await errno(member, path)).toBe(Errno.NOT_OPERATOR);
      expect(await errno(support, path)).toBe(OperatorErrno.NO_ROLE);
    }
    expect(await errno(server.client(), CallCenterStandInApi.phones)).toBe(Errno.LOGIN_TIMEOUT);
  });

  it('let a dev operator drive a call to its bridge, and its phones talk through the SFU', async () => {
    const he = await server.loginAs('M1001');
    const she = await server.loginAs('A2001');
    const dev = await server.loginAs('M9001');
    const phones = async () => (await dev.call<{ list: StandInPhone[] }>(CallCenterStandInApi.phones)).list;
    const phoneOf = async (owner: string) => {
      const phone = (await phones()).find((p) => p.owner === owner);
      if (!phone) throw new Error(`no phone of ${owner}`);
      return phone;
    };
    const { ref_no } = await he.call<{ ref_no: string }>(CallServiceApi.sendInstantCall, {
      anchor_id: 'A2001',
    });
    await she.call(CallServiceApi.ladyAccept, { ref_no });
    await he.call(CallServiceApi.makeCall, { ref_no, phone_type: 1, redial: 0 });

    const his = await phoneOf('M1001');
    expect(his).toMatchObject({ role: 'member', state: 'ringing', bridged: 0 });
    // Not answered, not joined: no voice yet.
    expect(
      await errno(dev, CallCenterStandInApi.speak, { leg_id: his.leg_id, sdp: await microphoneOffer() }),
    ).toBe(Errno.NOT_FOUND);
    await dev.call(CallCenterStandInApi.answer, { leg_id: his.leg_id });
    await dev.call(CallCenterStandInApi.press, { leg_id: his.leg_id, digit: '1' });
    const hers = await phoneOf('A2001');
    expect(hers).toMatchObject({ role: 'anchor', state: 'ringing', bridged: 0 });
    await dev.call(CallCenterStandInApi.answer, { leg_id: hers.leg_id });
    expect((await phones()).filter((p) => p.call_id === his.call_id).map((p) => p.bridged)).toEqual([1, 1]);
    expect(JSON.stringify(await phones())).not.toMatch(/7700900/);

    // Each page publishes its microphone and hears the other leg.
    for (const [me, other] of [
      [his, hers],
      [hers, his],
    ] as const) {
      const { sdp } = await dev.call<{ sdp: string }>(CallCenterStandInApi.speak, {
        leg_id: me.leg_id,
        sdp: await microphoneOffer(),
      });
      expect(sdp).toMatch(/m=audio /);
      const offer = await dev.call<StandInListenAnswer>(CallCenterStandInApi.listen, {
        leg_id: me.leg_id,
        from_leg_id: other.leg_id,
      });
      expect(offer.sdp).toMatch(/m=audio /);
      await dev.call(CallCenterStandInApi.hear, {
        viewer_id: offer.viewer_id,
        sdp: await answerOf(offer.sdp),
      });
    }
    // A phone hears only a leg of its own call, never itself.
    expect(
      await errno(dev, CallCenterStandInApi.listen, { leg_id: his.leg_id, from_leg_id: his.leg_id }),
    ).toBe(Errno.NOT_FOUND);

    await dev.call(CallCenterStandInApi.hangUp, { leg_id: hers.leg_id });
    expect(await phones()).toEqual([]);
    expect(
      await errno(dev, CallCenterStandInApi.listen, { leg_id: his.leg_id, from_leg_id: hers.leg_id }),
    ).toBe(Errno.NOT_FOUND);
  });

  it('do not exist with production configuration, even for an operator holding every role', async () => {
    const production = await startServer({
      config: { production: true, devTools: false, operatorIds: ['M1004'], operatorRoles: {} },
    });
    try {
      expect(production.services.calls.standIn).toBeUndefined();
      const operator = await production.loginAs('M1004');
      for (const path of Object.values(CallCenterStandInApi)) {
        const answer = await operator.form(path, {});
        expect(answer.status).toBe(404);
      }
    } finally {
      await production.close();
    }
  }, 120_000);
});
