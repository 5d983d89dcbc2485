/**
 * The broadcaster's face-ID check through the local stand-in provider: StartIdentify (GET, as the
 * spec makes it) gives the check page and a reference; the result is 0 until the operator passes
 * her on that page; a pass makes her verified for seven days, which going live requires. A check
 * is hers alone, and the stand-in page does not exist without development tools.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { Errno } from '../../../protocol/errors';
import {
  FACE_ID_VALID_S,
  FaceIdApi,
  type FaceIdStartAnswer,
  type FaceIdStatus,
  FaceIdText,
} from '../../../protocol/face-id/face-id';
import { LiveApi } from '../../../protocol/live/live';
import { startServer, type TestServer } from '../harness';

let server: TestServer;
let off: TestServer;
beforeAll(async () => {
  [server, off] = await Promise.all([startServer(), startServer({ config: { devTools: false } })]);
});
afterAll(async () => {
  await Promise.all([server?.close(), off?.close()]);
});

const get = async <T>(
  client: { get(path: string): Promise<Response> },
  path: string,
  query: Record<string, string>,
) => {
  const response = await client.get(`${path}?${new URLSearchParams({ ...query, is_ajax: '1' })}`);
  return (await response.json()) as { errno: number; errmsg: string; data: T };
};

it('passes her through the stand-in page and lets her go live for seven days', async () => {
  const lady = await server.loginAs('A2003');
  const camera = new RTCPeerConnection();
  camera.addTransceiver(new MediaStreamTrack({ kind: 'video' }), { direction: 'sendonly' });
  await camera.setLocalDescription(await camera.createOffer());
  const offer = camera.localDescription?.sdp ?? '';
  const refused = await lady.form(LiveApi.goLive, { sdp: offer, room_type: 1 });
  expect(refused.body).toMatchObject({ errno: Errno.FACE_ID_REQUIRED, errmsg: FaceIdText.required });

  const start = await get<FaceIdStartAnswer>(lady, FaceIdApi.start, {
    service_type: '2',
    live_last_verify_room_type: '1',
  });
  expect(start.errno).toBe(0);
  expect(start.data).toEqual({
    result: 1,
    identify_url: `/dev/face-check?ref=${start.data.ref_id}`,
    ref_id: expect.any(String),
  });
  const result = () =>
    get<{ result: number }>(lady, FaceIdApi.result, { ref_id: start.data.ref_id, service_type: '2' });
  expect((await result()).data).toEqual({ result: 0 });

  // Another broadcaster cannot read it.
  const other = await server.loginAs('A2004');
  expect(
    (await get<{ result: number }>(other, FaceIdApi.result, { ref_id: start.data.ref_id, service_type: '2' }))
      .data,
  ).toEqual({ result: 0 });

  // The operator's page shows the check and takes the verdict.
  const pageHtml = await (await fetch(`${server.url}${start.data.identify_url}`)).text();
  expect(pageHtml).toContain('Face ID check for A2003');
  const decided = await fetch(`${server.url}/dev/face-check`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ref: start.data.ref_id, verdict: 'pass' }),
  });
  expect(await decided.text()).toContain('Recorded: passed');

  expect((await result()).data).toEqual({ result: 1 });
  const status = await lady.call<FaceIdStatus>(FaceIdApi.status);
  expect(status.verified).toBe(1);
  expect(status.left_seconds).toBeGreaterThan(FACE_ID_VALID_S - 60);
  // Now she goes live.
  const again = await lady.form(LiveApi.goLive, { sdp: offer, room_type: 1 });
  expect(again.body.errno).toBe(0);
  await lady.call(LiveApi.endLive);
  await camera.close();
});

it('answers 0 for a failed check, and says it is unavailable where there is no provider', async () => {
  const lady = await server.loginAs('A2006');
  const start = await get<FaceIdStartAnswer>(lady, FaceIdApi.start, {
    service_type: '2',
    live_last_verify_room_type: '2',
  });
  await fetch(`${server.url}/dev/face-check`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ref: start.data.ref_id, verdict: 'fail' }),
  });
  expect(
    (await get<{ result: number }>(lady, FaceIdApi.result, { ref_id: start.data.ref_id, service_type: '2' }))
      .data,
  ).toEqual({ result: 0 });
  expect((await lady.call<FaceIdStatus>(FaceIdApi.status)).verified).toBe(0);

  const elsewhere = await off.loginAs('A2006');
  const none = await get(elsewhere, FaceIdApi.start, { service_type: '2', live_last_verify_room_type: '1' });
  expect(none).toMatchObject({ errno: Errno.FACE_ID_FAILED, errmsg: FaceIdText.unavailable });
  expect((await fetch(`${off.url}/dev/face-check?ref=${start.data.ref_id}`)).status).toBe(404);
});
