/**
 * Her camera in a live chat, end to end with real WebRTC peers (werift) on both sides and the
 * billing clock moved by hand: he cannot ask for her video while it is off; she turns it on (a
 * face-ID pass needed), he receives her frames through the SFU and the next minute is a camera
 * minute (timer_gold_public), the minute already paid is not paid again; she turns it off and the
 * chat rate comes back; on again, and the chat's end stops the forwarding at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errno } from '../../../protocol/errors';
import {
  LiveChatApi,
  type LiveChatContact,
  LiveChatEvent,
  type LiveChatLine,
  LiveChatRoute,
  type LiveChatSession,
  rateHundredths,
} from '../../../protocol/livechat/livechat';
import {
  type ChatCameraWatch,
  LiveChatCameraErrno,
  LiveChatCameraRoute,
} from '../../../protocol/livechat/livechat-camera';
import { clipPeers, receiving } from '../clip-peers';
import { startServer, type TestServer, type TestSocket } from '../harness';
import { creditOf, liveTestConfig } from '../live/live-support';

let server: TestServer;
let now = Date.parse('2026-11-24T12:00:00Z');
const media = clipPeers();
const { camera: herCamera, receiver: hisViewer } = media;
const sockets: TestSocket[] = [];
const MEMBER = 'M1004';
const START_CREDIT = 500;

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => now) } });
  // A paid member whose minutes only credits pay (no ticket, voucher or chat minute).
  await server.db.query('UPDATE members SET is_paid = true, credit = $2, chatmin = 0 WHERE userid = $1', [
    MEMBER,
    START_CREDIT,
  ]);
  await server.db.query('DELETE FROM livechat_tickets WHERE user_id = $1', [MEMBER]);
  await server.db.query(`UPDATE vouchers SET used_at = now() WHERE user_id = $1 AND kind = 'chat'`, [MEMBER]);
});
afterAll(async () => {
  await media.close();
  for (const s of sockets) s.close();
  await server?.close();
});

async function withSocket(userid: string) {
  const client = await server.loginAs(userid);
  const socket = await server.socketFor(client);
  sockets.push(socket);
  return { client, socket };
}
const credit = () => creditOf(server, MEMBER);
const tick = () => server.services.livechat.tick();
/** A minute passes with his chat window open (its heartbeat heard), and it is billed. */
async function nextMinute(member: TestSocket) {
  now += 60_000;
  await member.request(LiveChatRoute.heartbeat, {});
  await tick();
}

const statusWith = (socket: TestSocket, camera: 0 | 1, after: number) =>
  socket.waitFor(
    (m) =>
      m.route === LiveChatEvent.status &&
      (m.req_data as LiveChatSession).camera === camera &&
      socket.received.indexOf(m) >= after,
  );

describe('her camera in a live chat', () => {
  it('he receives her video once she turns it on, priced timer_gold_public, and the end stops it', async () => {
    const lady = await withSocket('A2001');
    const member = await withSocket(MEMBER);
    const chat = await member.client.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(chat).toMatchObject({ timer: 'timer_gold_private', price: 0.15, camera: 0, minutes: 1 });
    const chatRate = rateHundredths('timer_gold_private');
    const camRate = rateHundredths('timer_gold_public');
    expect(await credit()).toBe(START_CREDIT - chatRate);
    const ids = { chat_id: chat.chat_id };

    // Her camera is off: he is told so; he cannot turn it on for her; she needs a face-ID pass.
    const early = await member.socket.request(LiveChatCameraRoute.watch, ids);
    expect(early.errno).toBe(LiveChatCameraErrno.CAMERA_OFF);
    expect((await member.socket.request(LiveChatCameraRoute.on, { ...ids, sdp: 'x' })).errno).toBe(
      Errno.INVALID_PARAMS,
    );
    const unverified = await herCamera();
    const refused = await lady.socket.request(LiveChatCameraRoute.on, { ...ids, sdp: unverified.offer });
    expect(refused.errno).toBe(Errno.FACE_ID_REQUIRED);
    expect(
      (await member.socket.request(LiveChatCameraRoute.on, { ...ids, sdp: unverified.offer })).errno,
    ).toBe(Errno.FORBIDDEN);
    await server.db.query(
      `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid = 'A2001'`,
    );

    // On: both sides hear camera 1 with the camera rate; he watches and her frames reach him.
    let mark = member.socket.received.length;
    const cam = await herCamera();
    const on = await lady.socket.request(LiveChatCameraRoute.on, { ...ids, sdp: cam.offer });
    expect(on.errno).toBe(0);
    await cam.take((on.res_data as { sdp: string }).sdp);
    const told = (await statusWith(member.socket, 1, mark)).req_data as LiveChatSession;
    expect(told).toMatchObject({ timer: 'timer_gold_public', price: camRate / 100 });
    const watch = await member.socket.request(LiveChatCameraRoute.watch, ids);
    expect(watch.errno).toBe(0);
    const offer = watch.res_data as ChatCameraWatch;
    const him = await hisViewer(offer.sdp);
    const answered = await member.socket.request(LiveChatCameraRoute.answer, {
      ...ids,
      viewer_id: offer.viewer_id,
      sdp: him.answer,
    });
    expect(answered.errno).toBe(0);
    await receiving(him.got);

    // The first minute (started without the camera) is not paid again; the second is a camera minute.
    await tick();
    expect(await credit()).toBe(START_CREDIT - chatRate);
    await nextMinute(member.socket);
    expect(await credit()).toBe(START_CREDIT - chatRate - camRate);

    // Off: his video stops, and the next minute is a chat minute again.
    mark = member.socket.received.length;
    expect((await lady.socket.request(LiveChatCameraRoute.off, ids)).errno).toBe(0);
    expect(((await statusWith(member.socket, 0, mark)).req_data as LiveChatSession).timer).toBe(
      'timer_gold_private',
    );
    await nextMinute(member.socket);
    expect(await credit()).toBe(START_CREDIT - 2 * chatRate - camRate);

    // On again, he watches; then he ends the chat: forwarding stops at once.
    const again = await herCamera();
    const on2 = await lady.socket.request(LiveChatCameraRoute.on, { ...ids, sdp: again.offer });
    expect(on2).toMatchObject({ errno: 0 });
    await again.take((on2.res_data as { sdp: string }).sdp);
    const offer2 = (await member.socket.request(LiveChatCameraRoute.watch, ids)).res_data as ChatCameraWatch;
    const him2 = await hisViewer(offer2.sdp);
    await member.socket.request(LiveChatCameraRoute.answer, {
      ...ids,
      viewer_id: offer2.viewer_id,
      sdp: him2.answer,
    });
    await receiving(him2.got);
    const ended = await member.client.call<LiveChatSession>(LiveChatApi.end, ids);
    expect(ended).toMatchObject({ camera: 0 });
    expect(ended.ended_at).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = him2.got.packets;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(him2.got.packets).toBe(after);
    expect(await server.services.livechat.camera?.isOn(chat.chat_id)).toBe(false);
    // Nothing more is paid, and the camera cannot come back in an ended chat.
    now += 5 * 60_000;
    await tick();
    expect(await credit()).toBe(START_CREDIT - 2 * chatRate - camRate);
    const late = await herCamera();
    expect((await lady.socket.request(LiveChatCameraRoute.on, { ...ids, sdp: late.offer })).errno).not.toBe(
      0,
    );
  });
});

describe('the chat contacts side panel', () => {
  it('lists her in chat first with her unread lines, and the broadcasters he follows', async () => {
    const lady = await withSocket('A2001');
    const member = await withSocket(MEMBER);
    await server.db.query(
      'INSERT INTO follows (member_id, anchor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [MEMBER, 'A2003'],
    );
    await member.socket.request(LiveChatRoute.heartbeat, {});
    const chat = await member.client.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    const said = await lady.socket.request(LiveChatRoute.sendMessage, {
      chat_id: chat.chat_id,
      content: 'Hello again',
      msg_key: 'k-contacts-1',
    });
    expect(said.errno).toBe(0);
    const contacts = () => member.client.call<{ list: LiveChatContact[] }>(LiveChatApi.contacts);
    const first = await contacts();
    expect(first.list[0]).toMatchObject({ userId: 'A2001', isInChat: 1, status: 1, chatNum: 1 });
    expect(first.list.find((c) => c.userId === 'A2003')).toMatchObject({
      isInChat: 0,
      follows: 1,
      chatNum: 0,
    });
    // He reads her line: the badge clears.
    const msgId = (said.res_data as LiveChatLine).msg_id;
    await member.socket.request(LiveChatRoute.read, { chat_id: chat.chat_id, msg_id: msgId });
    expect((await contacts()).list[0]).toMatchObject({ userId: 'A2001', chatNum: 0 });
    await member.client.call(LiveChatApi.end, { chat_id: chat.chat_id });
    expect((await contacts()).list.find((c) => c.userId === 'A2001')).toMatchObject({ isInChat: 0 });
  });
});
