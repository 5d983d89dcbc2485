/**
 * Intimacy from interactions other than messages: a member with no Intimacy with a broadcaster is
 * refused a private message (16157) until he has watched her public room WATCH_MIN_MINUTES on the
 * billing clock moved by hand; then he is told of his level-up and may write. Each interaction
 * counts once: ticks that find no new minute, a retried key, a Say Hi answered, a ticket.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { LiveApi } from '../../../protocol/live/live';
import {
  INTIMACY_GAIN,
  INTIMACY_LEVEL_UP_ROUTE,
  type IntimacyLevelUpNotice,
  MessageApi,
  MessageErrno,
  MessageTexts,
  type UserAnchorInfo,
  WATCH_MIN_MINUTES,
} from '../../../protocol/messages/messages';
import { startServer, type TestServer, type TestSocket } from '../harness';
import { liveTestConfig, openWindow } from '../live/live-support';

let server: TestServer;
let now = Date.parse('2026-11-24T12:00:00Z');
const peers: RTCPeerConnection[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer({ config: { live: liveTestConfig(() => now) } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const pc of peers) await pc.close();
  await server?.close();
});

const experienceOf = async (memberId: string, anchorId: string) => {
  const [row] = await server.db.query<{ experience: unknown }>(
    'SELECT experience FROM intimacy WHERE member_id = $1 AND anchor_id = $2',
    [memberId, anchorId],
  );
  return Number(row?.experience ?? 0);
};

it('lets a member write to her once he watched her public room for 2 minutes, and not before', async () => {
  const member = await server.sessionOf('M1002');
  const socket = await server.socketFor(member);
  sockets.push(socket);
  const write = async () =>
    (await member.form(MessageApi.sendPrivateMessage, { to_id: 'A2002', content: 'Hello from your room' }))
      .body;

  const refused = await write();
  expect(refused.errno).toBe(MessageErrno.INTIMACY);
  expect(refused.errmsg).toBe(MessageTexts.intimacy);

  const entered = await openWindow(member, { anchorid: 'A2002', type: 'public' }, peers);
  expect(entered.errno).toBe(0);
  // A glimpse earns nothing: one minute in, he still cannot write.
  now += 60_000;
  await server.services.live.tick();
  expect(await experienceOf('M1002', 'A2002')).toBe(0);
  expect((await write()).errno).toBe(MessageErrno.INTIMACY);

  now += (WATCH_MIN_MINUTES - 1) * 60_000;
  await server.services.live.tick();
  expect(await experienceOf('M1002', 'A2002')).toBe(WATCH_MIN_MINUTES * INTIMACY_GAIN.freeRoomMinute);
  const notice = await socket.waitFor((m) => m.route === INTIMACY_LEVEL_UP_ROUTE);
  expect(notice.req_data as IntimacyLevelUpNotice).toMatchObject({ anchor_id: 'A2002', intimacy: 1 });
  const info = await member.call<UserAnchorInfo>(MessageApi.getUserAnchorInfo, { anchor_id: 'A2002' });
  expect(info.intimacy).toBe(1);

  // The same minutes are not counted again, by this tick or another.
  await server.services.live.tick();
  await server.services.live.tick();
  expect(await experienceOf('M1002', 'A2002')).toBe(WATCH_MIN_MINUTES);

  expect((await write()).errno).toBe(0);
  // His minutes keep counting while he stays, one each.
  now += 60_000;
  await server.services.live.tick();
  expect(await experienceOf('M1002', 'A2002')).toBe(WATCH_MIN_MINUTES + 1 + INTIMACY_GAIN.freeMessage);
  await member.form(LiveApi.leave, { viewer_id: entered.viewerId });
});

it('counts each interaction once, by its key', async () => {
  const earn = server.services.intimacy.earn;
  const before = await experienceOf('M1003', 'A2040');
  await earn({ memberId: 'M1003', anchorId: 'A2040', source: 'mail', key: 'mail:TEST1' });
  await Promise.all([
    earn({ memberId: 'M1003', anchorId: 'A2040', source: 'mail', key: 'mail:TEST1' }),
    earn({ memberId: 'M1003', anchorId: 'A2040', source: 'mail', key: 'mail:TEST1' }),
  ]);
  expect(await experienceOf('M1003', 'A2040')).toBe(before + INTIMACY_GAIN.mail);
  // A chat's minutes grow under one key: only the new minutes add.
  await earn({ memberId: 'M1003', anchorId: 'A2040', source: 'liveChatMinute', key: 'livechat:T', units: 2 });
  await earn({ memberId: 'M1003', anchorId: 'A2040', source: 'liveChatMinute', key: 'livechat:T', units: 3 });
  await earn({ memberId: 'M1003', anchorId: 'A2040', source: 'liveChatMinute', key: 'livechat:T', units: 1 });
  expect(await experienceOf('M1003', 'A2040')).toBe(
    before + INTIMACY_GAIN.mail + 3 * INTIMACY_GAIN.liveChatMinute,
  );
});

it('rewards a Say Hi she answers, once', async () => {
  const sent = await server.services.sayHi.send('M1001', { anchorId: 'A2040', greeting: 0, theme: 0 });
  const before = await experienceOf('M1001', 'A2040');
  await server.services.sayHi.respond('A2040', sent.sayid, 'Hi there!');
  await expect(server.services.sayHi.respond('A2040', sent.sayid, 'Again')).rejects.toThrow();
  expect(await experienceOf('M1001', 'A2040')).toBe(before + INTIMACY_GAIN.sayHiAnswered);
  const member = await server.sessionOf('M1001');
  const answer = (await member.form(MessageApi.sendPrivateMessage, { to_id: 'A2040', content: 'Thanks!' }))
    .body;
  expect(answer.errno).toBe(0);
});

it('tells him of a level reached by a message too', async () => {
  await server.db.query(
    "UPDATE intimacy SET experience = 99 WHERE member_id = 'M1003' AND anchor_id = 'A2001'",
  );
  const member = await server.sessionOf('M1003');
  const socket = await server.socketFor(member);
  sockets.push(socket);
  const sent = await member.form(MessageApi.sendPrivateMessage, { to_id: 'A2001', content: 'Good evening!' });
  expect(sent.body.errno).toBe(0);
  const notice = await socket.waitFor((m) => m.route === INTIMACY_LEVEL_UP_ROUTE);
  expect(notice.req_data as IntimacyLevelUpNotice).toMatchObject({ anchor_id: 'A2001', intimacy: 2 });
});
