/**
 * Gifts in a live room through the real API and sockets: members in A2002's public room (her demo
 * clip, real WebRTC peers) give her gifts; the room hears it, the ledger moves once per key, the
 * backpack pays first, and each refusal moves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { Errno } from '../../../protocol/errors';
import { GiftErrno } from '../../../protocol/gifts/gifts';
import { HangoutApi, type HangoutRoom, type HangoutStartAnswer } from '../../../protocol/hangouts/hangout';
import { LiveChatApi, type LiveChatSession } from '../../../protocol/livechat/livechat';
import { type HangoutRequestAnswer, InviteApi } from '../../../protocol/realtime';
import {
  type ReceivedRoomGifts,
  ROOM_GIFT_EVENT,
  RoomGiftApi,
  type RoomGiftOptions,
  type RoomGiftSent,
} from '../../../protocol/room-gifts/room-gifts';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';
import { creditOf, liveTestConfig, membersLikeM1001, openWindow } from '../live/live-support';

const ANCHOR = 'A2002';
let server: TestServer;
const peers: RTCPeerConnection[] = [];
const sockets: TestSocket[] = [];
let james: Client;
let jamesSocket: TestSocket;
let herSocket: TestSocket;
let viewerSocket: TestSocket;
let roomId = '';

async function inRoom(userid: string): Promise<{ client: Client; socket: TestSocket }> {
  const client = await server.loginAs(userid);
  const socket = await server.socketFor(client);
  sockets.push(socket);
  const { errno } = await openWindow(client, { anchorid: ANCHOR, type: 'public' }, peers);
  expect(errno).toBe(0);
  return { client, socket };
}
const credit = (userid: string) => creditOf(server, userid);
let keys = 0;
const newKey = () => `k${Date.now()}x${++keys}`;
const give = (client: Client, fields: Record<string, string | number>) =>
  client.form<RoomGiftSent>(RoomGiftApi.sendRoomGift, {
    anchor_id: ANCHOR,
    num: 1,
    key: newKey(),
    ...fields,
  });
async function ledgerRows(userid: string): Promise<number> {
  const [row] = await server.db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM ledger WHERE user_id = $1 AND reason = 'room_gift'`,
    [userid],
  );
  return Number(row?.n);
}
async function heldOf(userid: string, giftid: string): Promise<number> {
  const [row] = await server.db.query<{ n: unknown }>(
    `SELECT COALESCE(SUM(quantity), 0) AS n FROM backpack_items WHERE user_id = $1 AND giftid = $2`,
    [userid, giftid],
  );
  return Number(row?.n);
}

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => Date.now()) } });
  await membersLikeM1001(server, ['M9101', 'M9102', 'M9103', 'M9104', 'M9105']);
  const her = await server.loginAs(ANCHOR);
  herSocket = await server.socketFor(her);
  sockets.push(herSocket);
  ({ client: james, socket: jamesSocket } = await inRoom('M1001'));
  ({ socket: viewerSocket } = await inRoom('M9101'));
  const [open] = await server.db.query<{ room_id: string }>(
    `SELECT room_id FROM live_sessions WHERE member_id = 'M1001' AND ended_at IS NULL`,
  );
  roomId = open?.room_id ?? '';
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const pc of peers) await pc.close();
  await server?.close();
});

describe('getRoomGiftOptions', () => {
  it('gives the catalogue with his backpack counts and the limited gifts locked below level 4', async () => {
    const options = await james.call<RoomGiftOptions>(RoomGiftApi.getRoomGiftOptions, { anchor_id: ANCHOR });
    expect(options.intimacy).toBeLessThan(4);
    expect(options.list.length).toBe(16);
    expect(options.list.find((g) => g.giftid === 'G106')).toMatchObject({
      name: 'Rose',
      credit: 0.06,
      intimacy_level: 0,
      held: 2,
      locked: 0,
    });
    expect(options.list.find((g) => g.giftid === 'G111')).toMatchObject({ intimacy_level: 4, locked: 1 });
    expect(options.list.find((g) => g.giftid === 'G107')?.small_imgurl).toContain('G107');
  });
});

describe('a gift in a live chat', () => {
  it('reaches her and him in the chat, paid by his backpack', async () => {
    const her = await server.loginAs('A2001');
    const herChatSocket = await server.socketFor(her);
    sockets.push(herChatSocket);
    const member = await server.loginAs('M9104');
    const chat = await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    const before = await credit('M9104');
    const heard = herChatSocket.waitFor((m) => m.route === ROOM_GIFT_EVENT);
    const answer = await member.call<RoomGiftSent>(RoomGiftApi.sendRoomGift, {
      anchor_id: 'A2001',
      gift_id: 'G104',
      num: 1,
      key: newKey(),
    });
    expect(answer).toMatchObject({ room_id: chat.chat_id, from_backpack: 1, credit_paid: 0 });
    expect((await heard).req_data).toMatchObject({ room_id: chat.chat_id, from_id: 'M9104', name: 'Heart' });
    expect(await credit('M9104')).toBe(before);
  });
});

describe('sendRoomGift', () => {
  it('uses his backpack first, charges the rest once, and the whole room sees it', async () => {
    expect(await heldOf('M1001', 'G106')).toBe(2);
    const before = await credit('M1001');
    const heard = [herSocket, viewerSocket, jamesSocket].map((s) =>
      s.waitFor((m) => m.route === ROOM_GIFT_EVENT && (m.req_data as { num?: number })?.num === 3),
    );
    const answer = await give(james, { gift_id: 'G106', num: 3 });
    expect(answer.body.errno).toBe(0);
    expect(answer.body.data).toMatchObject({
      anchor_id: ANCHOR,
      room_id: roomId,
      giftid: 'G106',
      name: 'Rose',
      num: 3,
      from_backpack: 2,
      credit_paid: 0.06,
      credit: (before - 6) / 100,
      repeated: 0,
    });
    expect(answer.body.data?.order_id).toMatch(/^RG/);
    expect(answer.body.data?.small_imgurl).toContain('G106');
    expect(await credit('M1001')).toBe(before - 6);
    expect(await heldOf('M1001', 'G106')).toBe(0);
    for (const event of await Promise.all(heard)) {
      expect(event.req_data).toMatchObject({
        room_id: roomId,
        from_id: 'M1001',
        nickname: 'James',
        giftid: 'G106',
        name: 'Rose',
        num: 3,
      });
    }
    // 3 gifts earn Intimacy with her (10 each).
    const [pair] = await server.db.query<{ experience: unknown }>(
      `SELECT experience FROM intimacy WHERE member_id = 'M1001' AND anchor_id = $1`,
      [ANCHOR],
    );
    expect(Number(pair?.experience)).toBeGreaterThanOrEqual(30);
  });

  it('charges once for 20 sends of one key at once, and refuses the key for another gift', async () => {
    const before = await credit('M1001');
    const rowsBefore = await ledgerRows('M1001');
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => give(james, { gift_id: 'G107', key, use_backpack: 0 })),
    );
    for (const a of answers) expect(a.body.errno).toBe(0);
    const orders = new Set(answers.map((a) => a.body.data?.order_id));
    expect(orders.size).toBe(1);
    expect(answers.filter((a) => a.body.data?.repeated === 0)).toHaveLength(1);
    expect(await credit('M1001')).toBe(before - 150);
    expect(await ledgerRows('M1001')).toBe(rowsBefore + 1);
    const reused = await give(james, { gift_id: 'G108', key });
    expect(reused.body.errno).toBe(GiftErrno.KEY_REUSED);
    expect(await credit('M1001')).toBe(before - 150);
  });

  it('refuses each case with its errno and moves nothing', async () => {
    const outside = await server.loginAs('M9102');
    const { client: poor } = await inRoom('M9103');
    await server.db.query(`UPDATE members SET credit = 50 WHERE userid = 'M9103'`);
    const cases: [Client, string, Record<string, string | number>, number][] = [
      [outside, 'M9102', { gift_id: 'G107' }, GiftErrno.NOT_IN_ROOM],
      [james, 'M1001', { gift_id: 'G111' }, GiftErrno.LIMITED],
      [james, 'M1001', { gift_id: 'G999' }, GiftErrno.UNKNOWN_GIFT],
      [james, 'M1001', { gift_id: 'G107', num: 4 }, Errno.INVALID_PARAMS],
      [james, 'M1001', { gift_id: 'G107', key: 'short' }, Errno.INVALID_PARAMS],
      [poor, 'M9103', { gift_id: 'G101', use_backpack: 0 }, Errno.NO_CREDIT],
    ];
    for (const [client, userid, fields, errno] of cases) {
      const before = await credit(userid);
      const rows = await ledgerRows(userid);
      const answer = await give(client, fields);
      expect(answer.body.errno, JSON.stringify(fields)).toBe(errno);
      expect(await credit(userid)).toBe(before);
      expect(await ledgerRows(userid)).toBe(rows);
    }
    // Short of credit: the backpack's Marry Me is untouched too when he asked for credits only.
    expect(await heldOf('M9103', 'G101')).toBe(1);
    // Without the send_gift_flower privilege.
    await server.db.query(
      `UPDATE members SET priv = jsonb_set(priv, '{send_gift_flower}', '0') WHERE userid = 'M9103'`,
    );
    const before = await credit('M9103');
    expect((await give(poor, { gift_id: 'G104' })).body.errno).toBe(Errno.NO_PRIVILEGE);
    expect(await credit('M9103')).toBe(before);
    expect(await heldOf('M9103', 'G104')).toBe(2);
    // She does not take gifts now.
    await server.db.query(
      `UPDATE anchors SET priv = jsonb_set(priv, '{flower_sent}', '0') WHERE userid = $1`,
      [ANCHOR],
    );
    const jamesBefore = await credit('M1001');
    expect((await give(james, { gift_id: 'G107' })).body.errno).toBe(GiftErrno.NOT_ACCEPTED);
    expect(await credit('M1001')).toBe(jamesBefore);
    await server.db.query(
      `UPDATE anchors SET priv = jsonb_set(priv, '{flower_sent}', '1') WHERE userid = $1`,
      [ANCHOR],
    );
    // A member may not call her list; she may not give.
    expect((await james.form(RoomGiftApi.getReceivedRoomGifts, {})).body.errno).toBe(Errno.FORBIDDEN);
  });

  it('lists her gifts newest first with what they earned', async () => {
    const her = await server.sessionOf(ANCHOR);
    const list = await her.call<ReceivedRoomGifts>(RoomGiftApi.getReceivedRoomGifts, { start: 0, step: 10 });
    expect(list).toMatchObject({ total: 2, gifts: 4, credit: 1.56 });
    expect(list.list.map((g) => g.giftid)).toEqual(['G107', 'G106']);
    expect(list.list[1]).toMatchObject({
      from_id: 'M1001',
      nickname: 'James',
      name: 'Rose',
      num: 3,
      credit: 0.06,
      from_backpack: 2,
    });
    expect(typeof list.list[0]?.at).toBe('number');
    // His credit history names the gift's broadcaster.
    const history = await server.services.histories.credit('M1001', 0, 5);
    expect(history.list[0]).toMatchObject({
      reason: 'room_gift',
      amount: -1.5,
      anchor: { anchor_id: ANCHOR },
    });
  });
});

describe('a gift in a hang-out', () => {
  it('reaches the host and him in the hang-out, charged once through the ledger', async () => {
    await server.db.query(
      `UPDATE anchors SET face_verified_until = now() + interval '1 day', priv = jsonb_set(priv, '{hangout}', '1')
        WHERE userid = 'A2003'`,
    );
    const host = await server.loginAs('A2003');
    const hostSocket = await server.socketFor(host);
    sockets.push(hostSocket);
    const member = await server.loginAs('M9105');
    const request = await member.call<HangoutRequestAnswer>(InviteApi.hangoutRequest, { anchor_id: 'A2003' });
    const pc = new RTCPeerConnection();
    peers.push(pc);
    pc.addTransceiver(new MediaStreamTrack({ kind: 'video' }), { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const started = await host.call<HangoutStartAnswer>(HangoutApi.start, {
      invite_id: request.invite_id,
      sdp: pc.localDescription?.sdp ?? '',
    });
    await pc.setRemoteDescription({ type: 'answer', sdp: started.sdp });
    await member.call<HangoutRoom>(HangoutApi.enter, { anchorid: 'A2003' });
    const before = await credit('M9105');
    const heard = hostSocket.waitFor((m) => m.route === ROOM_GIFT_EVENT);
    const answer = await member.call<RoomGiftSent>(RoomGiftApi.sendRoomGift, {
      anchor_id: 'A2003',
      gift_id: 'G115',
      num: 3,
      key: newKey(),
    });
    expect(answer).toMatchObject({ room_id: started.room_id, from_backpack: 0, credit_paid: 0.3 });
    expect((await heard).req_data).toMatchObject({ room_id: started.room_id, name: 'Star', num: 3 });
    expect(await credit('M9105')).toBe(before - 30);
  });
});
