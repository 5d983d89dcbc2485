/**
 * Her room's moderation at the API, with real WebRTC peers: mute, remove, a ban for this broadcast
 * against a ban for good, bans ending and closing her live chat too, slow mode and the flood limit, and that
 * nobody but her moderates her rooms. The chat clock is moved by hand (the live clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { Errno } from '../../../protocol/errors';
import { HANGOUT_NOT_STARTED, HangoutApi } from '../../../protocol/hangouts/hangout';
import { LiveApi, LiveEvent, type WatchAnswer } from '../../../protocol/live/live';
import {
  FLOOD_LINES,
  FLOOD_WINDOW_MS,
  type HerModeration,
  type HisModeration,
  MODERATION_EVENT,
  ModerationErrno,
  ModerationText,
  RoomModerationApi,
} from '../../../protocol/live/room-moderation';
import {
  LiveChatApi,
  LiveChatEnd,
  LiveChatEvent,
  type LiveChatSession,
} from '../../../protocol/livechat/livechat';
import { type BookingRequestAnswer, EventRoute, InviteApi } from '../../../protocol/realtime';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';
import { liveTestConfig } from '../live/live-support';

let server: TestServer;
let now = Date.parse('2026-11-24T12:00:00Z');
const peers: RTCPeerConnection[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => now) } });
  await server.db.query(
    `UPDATE anchors SET face_verified_until = now() + interval '1 day' WHERE userid = 'A2005'`,
  );
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const pc of peers) await pc.close();
  await server?.close();
});

async function withSocket(userid: string) {
  const client = await server.loginAs(userid);
  const socket = await server.socketFor(client);
  sockets.push(socket);
  return { client, socket };
}
async function enter(member: Client, anchorid: string) {
  const offer = await member.call<WatchAnswer>(LiveApi.watch, { anchorid, type: 'public' });
  const pc = new RTCPeerConnection();
  peers.push(pc);
  await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await member.call(LiveApi.answer, { viewer_id: offer.viewer_id, sdp: pc.localDescription?.sdp ?? '' });
  return offer;
}
const say = (member: Client, viewer_id: string, text = 'hello') =>
  member.form(LiveApi.memberChat, { viewer_id, text }).then((a) => a.body);
const closeOf = (socket: TestSocket, status: string) =>
  socket.waitFor(
    (m) => m.route === EventRoute.roomClose && (m.req_data as { status: string }).status === status,
  );

describe('mute', () => {
  it('refuses his lines with a clear text while others talk on, tells him at once, and lifts', async () => {
    const lady = await server.loginAs('A2002');
    const james = await withSocket('M1001');
    const other = await server.loginAs('M1002');
    const his = await enter(james.client, 'A2002');
    const theirs = await enter(other, 'A2002');

    const told = james.socket.waitFor((m) => m.route === MODERATION_EVENT);
    const muted = await lady.call(RoomModerationApi.mute, { user_id: 'M1001', mute: 1 });
    expect(muted).toEqual({ user_id: 'M1001', muted: 1, ban: '' });
    expect((await told).req_data).toEqual({ anchor_id: 'A2002', muted: 1 });
    expect(await say(james.client, his.viewer_id)).toMatchObject({
      errno: ModerationErrno.MUTED,
      errmsg: ModerationText.muted,
    });
    expect((await say(other, theirs.viewer_id)).errno).toBe(0);
    // He is still in the room, and his room and her list say he is muted.
    expect(await james.client.call<HisModeration>(RoomModerationApi.his, { anchor_id: 'A2002' })).toEqual({
      anchor_id: 'A2002',
      muted: 1,
      slow_seconds: 0,
    });
    expect((await lady.call<HerModeration>(RoomModerationApi.mine)).muted).toEqual(['M1001']);

    await lady.call(RoomModerationApi.mute, { user_id: 'M1001', mute: 0 });
    expect((await say(james.client, his.viewer_id)).errno).toBe(0);
    expect((await lady.call<HerModeration>(RoomModerationApi.mine)).muted).toEqual([]);
  });
});

describe('flood limit and slow mode', () => {
  it(`lets ${FLOOD_LINES} lines in ${FLOOD_WINDOW_MS} ms through and refuses the rest of a flood with "Slow down"`, async () => {
    const member = await server.loginAs('M1003');
    const seat = await enter(member, 'A2002');
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push(await say(member, seat.viewer_id, `line ${i}`));
    expect(answers.filter((a) => a.errno === 0)).toHaveLength(FLOOD_LINES);
    expect(answers.at(-1)).toMatchObject({ errno: ModerationErrno.FLOOD, errmsg: ModerationText.flood });
    now += FLOOD_WINDOW_MS;
    expect((await say(member, seat.viewer_id)).errno).toBe(0);
  });

  it('slow mode spaces each member’s lines; he is told when she sets it; bad input changes nothing', async () => {
    const lady = await server.loginAs('A2002');
    const member = await withSocket('M1004');
    const seat = await enter(member.client, 'A2002');
    const told = member.socket.waitFor((m) => m.route === MODERATION_EVENT);
    expect(await lady.call(RoomModerationApi.slowMode, { seconds: 10 })).toEqual({ slow_seconds: 10 });
    expect((await told).req_data).toEqual({ anchor_id: 'A2002', slow_seconds: 10 });

    expect((await say(member.client, seat.viewer_id)).errno).toBe(0);
    now += 4_000;
    expect(await say(member.client, seat.viewer_id)).toMatchObject({
      errno: ModerationErrno.SLOW_MODE,
      errmsg: ModerationText.slowMode(10),
    });
    now += 6_000;
    expect((await say(member.client, seat.viewer_id)).errno).toBe(0);

    for (const seconds of ['7', '-5', 'x', '']) {
      const bad = await lady.form(RoomModerationApi.slowMode, { seconds });
      expect(bad.status).toBeLessThan(500);
      expect(bad.body.errno).toBe(Errno.INVALID_PARAMS);
    }
    expect((await lady.call<HerModeration>(RoomModerationApi.mine)).slow_seconds).toBe(10);
    await lady.call(RoomModerationApi.slowMode, { seconds: 0 });
    now += 1_000;
    expect((await say(member.client, seat.viewer_id)).errno).toBe(0);
  });
});

describe('remove', () => {
  it('closes his seat at once with the reason, and he may come back', async () => {
    const lady = await server.loginAs('A2002');
    const member = await withSocket('M1006');
    const seat = await enter(member.client, 'A2002');
    const closed = closeOf(member.socket, 'removed');
    await lady.call(RoomModerationApi.remove, { user_id: 'M1006' });
    expect((await closed).req_data).toMatchObject({ anchor_id: 'A2002', status: 'removed' });
    expect((await say(member.client, seat.viewer_id)).errno).toBe(Errno.LIVE_CONNECTION_GONE);
    const again = await enter(member.client, 'A2002');
    expect((await say(member.client, again.viewer_id)).errno).toBe(0);
  });
});

describe('bans', () => {
  async function goLive(lady: Client) {
    const pc = new RTCPeerConnection();
    peers.push(pc);
    pc.addTransceiver(new MediaStreamTrack({ kind: 'video' }), { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await lady.call<{ sdp: string }>(LiveApi.goLive, {
      sdp: pc.localDescription?.sdp ?? '',
      room_type: 1,
    });
    await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  }
  const watch = (member: Client) =>
    member.form(LiveApi.watch, { anchorid: 'A2005', type: 'public' }).then((a) => a.body);

  it('for this broadcast ends with her End; for good holds across broadcasts until she lifts it', async () => {
    const lady = await server.loginAs('A2005');
    const member = await withSocket('M1005');
    await goLive(lady);
    await enter(member.client, 'A2005');

    const closed = closeOf(member.socket, 'banned');
    expect(await lady.call(RoomModerationApi.ban, { user_id: 'M1005', scope: 'session' })).toEqual({
      user_id: 'M1005',
      muted: 0,
      ban: 'session',
    });
    await closed;
    expect(await watch(member.client)).toMatchObject({
      errno: ModerationErrno.BANNED_SESSION,
      errmsg: ModerationText.bannedSession,
    });
    expect((await lady.call<HerModeration>(RoomModerationApi.mine)).bans).toMatchObject([
      { user_id: 'M1005', scope: 'session', nickname: expect.any(String) },
    ]);
    // Her End closes the broadcast the ban was for: live again, he comes in.
    await lady.call(LiveApi.endLive);
    await goLive(lady);
    await enter(member.client, 'A2005');

    const closedForGood = closeOf(member.socket, 'banned');
    await lady.call(RoomModerationApi.ban, { user_id: 'M1005', scope: 'forever' });
    await closedForGood;
    await lady.call(LiveApi.endLive);
    await goLive(lady);
    expect(await watch(member.client)).toMatchObject({
      errno: ModerationErrno.BANNED,
      errmsg: ModerationText.banned,
    });
    expect((await lady.call<HerModeration>(RoomModerationApi.mine)).bans).toMatchObject([
      { user_id: 'M1005', scope: 'forever' },
    ]);
    await lady.call(RoomModerationApi.unban, { user_id: 'M1005' });
    expect((await lady.call<HerModeration>(RoomModerationApi.mine)).bans).toEqual([]);
    await enter(member.client, 'A2005');
    await lady.call(LiveApi.endLive);
  });

  it('a ban ends the live chat he has open with her and closes it to him until she lifts it', async () => {
    const lady = await withSocket('A2001');
    const { client: member, socket } = await withSocket('M1007');
    const open = await member.call<LiveChatSession>(LiveChatApi.start, { anchor_id: 'A2001' });
    const ended = socket.waitFor(
      (m) =>
        m.route === LiveChatEvent.status &&
        (m.req_data as LiveChatSession).chat_id === open.chat_id &&
        (m.req_data as LiveChatSession).end_code === LiveChatEnd.BY_ANCHOR,
    );
    await lady.client.call(RoomModerationApi.ban, { user_id: 'M1007', scope: 'forever' });
    await ended;
    const { list } = await member.call<{ list: LiveChatSession[] }>(LiveChatApi.chatList);
    expect(list.find((c) => c.chat_id === open.chat_id)).toMatchObject({ end_code: LiveChatEnd.BY_ANCHOR });
    const refused = await member.form(LiveChatApi.start, { anchor_id: 'A2001' });
    expect(refused.body).toMatchObject({ errno: ModerationErrno.BANNED, errmsg: ModerationText.banned });
    await lady.client.call(RoomModerationApi.unban, { user_id: 'M1007' });
    expect((await member.form(LiveChatApi.start, { anchor_id: 'A2001' })).body.errno).toBe(0);
  });
});

describe('in a hang-out', () => {
  it('a member she banned cannot come into her hang-out; once lifted, only the usual rules apply', async () => {
    const lady = await server.loginAs('A2001');
    const member = await server.loginAs('M1003');
    await server.db.query(`UPDATE members SET priv = priv || '{"hangout": 1}'::jsonb WHERE userid = 'M1003'`);
    await lady.call(RoomModerationApi.ban, { user_id: 'M1003', scope: 'session' });
    const refused = await member.form(HangoutApi.enter, { anchorid: 'A2001' });
    expect(refused.body.errno).toBe(ModerationErrno.BANNED_SESSION);
    await lady.call(RoomModerationApi.unban, { user_id: 'M1003' });
    const usual = await member.form(HangoutApi.enter, { anchorid: 'A2001' });
    expect(usual.body.errno).toBe(HANGOUT_NOT_STARTED);
  });
});

describe('in a One-on-One', () => {
  it('a ban for good ends it at once for both, and he cannot ask for another until she lifts it', async () => {
    const lady = await withSocket('A2001');
    const member = await withSocket('M1002');
    await server.db.query(
      `UPDATE members SET credit = 5000, priv = priv || '{"oneonone": 1}'::jsonb WHERE userid = 'M1002'`,
    );
    const accepted = async () => {
      const request = await member.client.call<BookingRequestAnswer>(InviteApi.sendBookingRequest, {
        userid: 'A2001',
      });
      await lady.client.call(InviteApi.handleBooking, { invitation_id: request.invitation_id, type: 1 });
      return `PV${request.invitation_id}`;
    };
    const roomid = await accepted();
    const offer = await member.client.call<WatchAnswer>(LiveApi.watch, {
      anchorid: 'A2001',
      type: 'private',
      roomid,
    });
    const left = lady.socket.waitFor((m) => m.route === LiveEvent.memberLeft);
    const closed = closeOf(member.socket, 'banned');
    await lady.client.call(RoomModerationApi.ban, { user_id: 'M1002', scope: 'forever' });
    expect((await closed).req_data).toMatchObject({ room_id: offer.room_id, status: 'banned' });
    expect((await left).req_data).toMatchObject({
      room_id: offer.room_id,
      user_id: 'M1002',
      status: 'banned',
    });

    // He cannot ask her again (nothing is held), nor enter a room from an old invitation.
    const held = await server.db.query(`SELECT credit FROM members WHERE userid = 'M1002'`);
    const asked = await member.client.form(InviteApi.sendBookingRequest, { userid: 'A2001' });
    expect(asked.body.errno).toBe(ModerationErrno.BANNED);
    expect(await server.db.query(`SELECT credit FROM members WHERE userid = 'M1002'`)).toEqual(held);
    const again = await member.client.form(LiveApi.watch, { anchorid: 'A2001', type: 'private', roomid });
    expect(again.body.errno).toBe(ModerationErrno.BANNED);
    await lady.client.call(RoomModerationApi.unban, { user_id: 'M1002' });
    expect((await member.client.form(InviteApi.sendBookingRequest, { userid: 'A2001' })).body.errno).toBe(0);
  });
});

describe('who may moderate', () => {
  it('only she moderates her rooms: another broadcaster’s mute is hers alone, a member may not call it', async () => {
    const elsewhere = await server.loginAs('A2001');
    await elsewhere.call(RoomModerationApi.mute, { user_id: 'M1008', mute: 1 });
    const member = await server.loginAs('M1008');
    const seat = await enter(member, 'A2002');
    expect((await say(member, seat.viewer_id)).errno).toBe(0);

    const asMember = await member.form(RoomModerationApi.ban, { user_id: 'M1001', scope: 'forever' });
    expect(asMember.body.errno).toBe(Errno.FORBIDDEN);
    expect(asMember.status).toBeLessThan(500);
    const standing = await server.db.query(`SELECT 1 FROM room_moderation WHERE member_id = 'M1001'`);
    expect(standing).toEqual([]);
  });

  it('answers bad input with an errno, never a 5xx, and changes nothing', async () => {
    const lady = await server.loginAs('A2002');
    const cases: [string, Record<string, string>, number][] = [
      [RoomModerationApi.ban, { user_id: 'M1009', scope: 'week' }, Errno.INVALID_PARAMS],
      [RoomModerationApi.ban, { user_id: 'M 1009', scope: 'forever' }, Errno.INVALID_PARAMS],
      [RoomModerationApi.ban, { user_id: 'M9999999', scope: 'forever' }, Errno.NOT_FOUND],
      [RoomModerationApi.ban, { user_id: 'A2001', scope: 'forever' }, ModerationErrno.NOT_A_MEMBER],
      [RoomModerationApi.mute, { user_id: 'A2002', mute: '1' }, ModerationErrno.NOT_A_MEMBER],
      [RoomModerationApi.mute, { user_id: 'M1009', mute: '2' }, Errno.INVALID_PARAMS],
      [RoomModerationApi.remove, {}, Errno.INVALID_PARAMS],
    ];
    for (const [path, fields, errno] of cases) {
      const answer = await lady.form(path, fields);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body.errno, `${path} ${JSON.stringify(fields)}`).toBe(errno);
    }
    const rows = await server.db.query(`SELECT 1 FROM room_moderation WHERE anchor_id = 'A2002'`);
    expect(rows).toEqual([]);
  });
});
