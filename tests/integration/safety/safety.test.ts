/**
 * Safety through the real HTTP API and socket: a member blocks a broadcaster and her invitations
 * (One-on-One, live chat) answer her as sent but never reach him, her message is dropped and his
 * to her refused, she is gone from his Discover lists, search and recommendations; unblocking brings
 * it all back. A report takes a reason from the list and text up to 500 characters, once while open;
 * the trust team reads open reports newest first and marks one handled; members and operators
 * without `trust` are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECOMMEND_PAGE_TYPE } from '../../../protocol/anchor-profile/around';
import { SearchApi } from '../../../protocol/discover/search';
import { Errno } from '../../../protocol/errors';
import { LiveChatInviteApi } from '../../../protocol/livechat/livechat-invites';
import { MailApi } from '../../../protocol/mail/mail';
import { MessageApi, type SendPrivateMessageAnswer } from '../../../protocol/messages/messages';
import { OperatorErrno } from '../../../protocol/operator/operator';
import { Api } from '../../../protocol/paths';
import { EventRoute, type InstantInviteAnswer, InviteApi } from '../../../protocol/realtime';
import {
  REPORT_TEXT_MAX,
  SafetyApi,
  SafetyErrno,
  type SafetyReport,
  type SafetyStatus,
} from '../../../protocol/safety/safety';
import { SayHiApi } from '../../../protocol/sayhi/sayhi';
import { type Client, startServer, type TestServer, type TestSocket } from '../harness';

let server: TestServer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer({ config: { operatorRoles: { M9001: ['trust'], M1004: ['support'] } } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
});

type Card = { userid: string };
const ids = (list: Card[]) => list.map((c) => c.userid);

/** Every list a member finds broadcasters in, as ids. */
async function listsOf(member: Client) {
  const hot = await member.call<{ list: Card[] }>(Api.getAnchorList, { start: 0, step: 100 });
  const online = await member.call<{ list: Card[] }>(Api.getOnlineAnchors, { type: 0, num: 100 });
  const search = await member.call<{ list: Card[] }>(SearchApi.searchAnchorList, {
    query: 'A2001',
    start: 0,
    step: 20,
  });
  const recommended = await member.call<{ list: { anchor_id: string }[] }>(Api.getPageRecommendAnchorList, {
    type: RECOMMEND_PAGE_TYPE.messages,
  });
  return {
    hot: ids(hot.list),
    online: ids(online.list),
    search: ids(search.list),
    recommended: recommended.list.map((r) => r.anchor_id),
  };
}

const isEvent = (route: string) => (m: { route: string; req_data?: unknown }) =>
  m.route === route && m.req_data !== undefined;

describe('a block', () => {
  it('keeps her invitations and messages from him and her from his lists, until he unblocks her', async () => {
    const member = await server.loginAs('M1001');
    const socket = await server.socketFor(member);
    sockets.push(socket);
    const her = await server.loginAs('A2001');
    const other = await server.loginAs('A2002');

    const before = await listsOf(member);
    expect(before.hot).toContain('A2001');
    expect(before.online).toContain('A2001');
    expect(before.search).toEqual(['A2001']);
    expect(before.recommended).toContain('A2001');

    expect(await member.call(SafetyApi.block, { anchor_id: 'A2001', block: 1 })).toEqual({
      anchor_id: 'A2001',
      block: 1,
    });
    expect(await member.call<SafetyStatus>(SafetyApi.status, { anchor_id: 'A2001' })).toEqual({
      anchor_id: 'A2001',
      blocked: 1,
      reported: 0,
    });
    const blocks = await member.call<{ list: { anchor_id: string; nick_name: string }[] }>(
      SafetyApi.blockList,
    );
    expect(blocks.list.map((b) => b.anchor_id)).toEqual(['A2001']);
    expect(blocks.list[0]?.nick_name).not.toBe('');

    // Gone from every list he finds broadcasters in; the others stay.
    const during = await listsOf(member);
    expect(during.hot).not.toContain('A2001');
    expect(during.hot).toContain('A2002');
    expect(during.online).not.toContain('A2001');
    expect(during.search).toEqual([]);
    expect(during.recommended).not.toContain('A2001');
    // A page stays full: one more is read in her place (a short page would end his list).
    const at = before.hot.indexOf('A2001');
    const page = await member.call<{ list: Card[] }>(Api.getAnchorList, { start: 0, step: at + 1 });
    expect(ids(page.list)).toEqual(before.hot.filter((id) => id !== 'A2001').slice(0, at + 1));
    // Another member still finds her.
    expect((await listsOf(await server.loginAs('M1002'))).hot).toContain('A2001');

    // Her One-on-One invitation answers as sent but is neither stored nor delivered.
    const blocked = await her.call<InstantInviteAnswer>(InviteApi.instantInviteUser, { user_id: 'M1001' });
    expect(blocked.invite_id).toMatch(/^I/);
    const open = await other.call<InstantInviteAnswer>(InviteApi.instantInviteUser, { user_id: 'M1001' });
    const arrived = await socket.waitFor(isEvent(EventRoute.instantInvite), 2_000);
    expect(arrived.req_data).toMatchObject({ invite_id: open.invite_id, anchor_id: 'A2002' });
    expect(
      socket.received.filter(
        (m) =>
          isEvent(EventRoute.instantInvite)(m) && (m.req_data as { anchor_id: string }).anchor_id === 'A2001',
      ),
    ).toHaveLength(0);
    const stored = await server.db.query(
      `SELECT 1 FROM invitations WHERE anchor_id = 'A2001' AND user_id = 'M1001'`,
    );
    expect(stored).toHaveLength(0);

    // Her live-chat invitation too (a full block includes it), kept as ignored.
    await her.call(LiveChatInviteApi.invite, { user_id: 'M1001' });
    const chatInvites = await server.db.query<{ status: string }>(
      `SELECT status FROM livechat_invites WHERE anchor_id = 'A2001' AND user_id = 'M1001'`,
    );
    expect(chatInvites.map((r) => r.status)).toEqual(['ignored']);
    // The lighter invitation block's own list is unchanged.
    expect((await member.call<{ list: unknown[] }>(LiveChatInviteApi.blockList)).list).toEqual([]);

    // Her message is dropped (answered as sent, never stored); his to her is refused.
    const dropped = await her.call<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
      to_id: 'M1001',
      content: 'Are you there?',
    });
    expect(dropped.msg.msg_id).toBe(0);
    const kept = await server.db.query(
      `SELECT 1 FROM private_messages WHERE anchor_id = 'A2001' AND member_id = 'M1001'`,
    );
    expect(kept).toHaveLength(0);
    const refused = await member.form(MessageApi.sendPrivateMessage, { to_id: 'A2001', content: 'Hi' });
    expect(refused.body).toMatchObject({ errno: SafetyErrno.YOU_BLOCKED });

    // Unblocked: she is back in his lists and her message reaches him.
    expect(await member.call(SafetyApi.block, { anchor_id: 'A2001', block: 0 })).toEqual({
      anchor_id: 'A2001',
      block: 0,
    });
    const after = await listsOf(member);
    expect(after.hot).toContain('A2001');
    expect(after.search).toEqual(['A2001']);
    const sent = await her.call<SendPrivateMessageAnswer>(MessageApi.sendPrivateMessage, {
      to_id: 'M1001',
      content: 'Hello again',
    });
    expect(sent.msg.msg_id).toBeGreaterThan(0);
    expect((await member.call<{ list: unknown[] }>(SafetyApi.blockList)).list).toEqual([]);
  });

  it('takes her conversation, letters and Say Hi out of his lists while she is blocked', async () => {
    const member = await server.loginAs('M1005');
    const her = await server.loginAs('A2003');
    await her.call(MessageApi.sendPrivateMessage, { to_id: 'M1005', content: 'Hello there' });
    await her.call(MailApi.ladySendMail, { man_id: 'M1005', kind: 'emf', content: 'A letter for you' });
    await her.call(MailApi.ladySendMail, { man_id: 'M1005', kind: 'loi', content: 'About me' });
    await server.services.vouchers.grant('M1005', [
      { voucherId: 'T-safety-hi', kind: 'say_hi', expiresAt: new Date(Date.now() + 86_400_000) },
    ]);
    await member.call(SayHiApi.sendSayHi, { anchor_id: 'A2003', greeting: 0, theme: 0 });

    const hers = async () => {
      const pm = await member.call<{ list: { user_id: string }[]; total_unread: number }>(
        MessageApi.getPrivateMessageList,
        { start: 0, step: 50 },
      );
      const inbox = await member.call<{ list: { anchor_id: string }[]; unread: number }>(
        MailApi.getInboxList,
        { start: 0, step: 50 },
      );
      const loi = await member.call<{ list: { anchor_id: string }[] }>(MailApi.getLoiList, {
        start: 0,
        step: 50,
      });
      const unread = await member.call<{ num: number }>(MailApi.getEmfUnreadNum);
      const hi = await member.call<{ list: { anchor_id: string }[] }>(SayHiApi.getSayHiList, { type: 'all' });
      return {
        conversation: pm.list.some((c) => c.user_id === 'A2003'),
        unreadMessages: pm.total_unread,
        letter: inbox.list.some((m) => m.anchor_id === 'A2003'),
        unreadLetters: unread.num,
        intro: loi.list.some((m) => m.anchor_id === 'A2003'),
        sayHi: hi.list.some((h) => h.anchor_id === 'A2003'),
      };
    };
    const before = await hers();
    expect(before).toMatchObject({ conversation: true, letter: true, intro: true, sayHi: true });
    expect(before.unreadMessages).toBeGreaterThan(0);
    expect(before.unreadLetters).toBeGreaterThan(0);

    await member.call(SafetyApi.block, { anchor_id: 'A2003', block: 1 });
    const during = await hers();
    expect(during).toMatchObject({ conversation: false, letter: false, intro: false, sayHi: false });
    // Her unread messages and letters no longer count on his badges.
    expect(during.unreadMessages).toBeLessThan(before.unreadMessages);
    expect(during.unreadLetters).toBeLessThan(before.unreadLetters);

    await member.call(SafetyApi.block, { anchor_id: 'A2003', block: 0 });
    expect(await hers()).toEqual(before);
  });

  it('checks who may block whom', async () => {
    const member = await server.loginAs('M1003');
    expect((await member.form(SafetyApi.block, { anchor_id: 'A9999', block: 1 })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
    expect((await member.form(SafetyApi.block, { anchor_id: 'A2001;--', block: 1 })).body.errno).toBe(
      Errno.INVALID_PARAMS,
    );
    const lady = await server.loginAs('A2003');
    expect((await lady.form(SafetyApi.block, { anchor_id: 'A2001', block: 1 })).body.errno).toBe(
      Errno.FORBIDDEN,
    );
    expect((await server.client().form(SafetyApi.blockList)).body.errno).toBe(Errno.LOGIN_TIMEOUT);
  });
});

describe('a report', () => {
  it('takes a listed reason and short text, once while it is open; the trust team handles it', async () => {
    const member = await server.loginAs('M1002');
    const bad = await member.form(SafetyApi.report, { anchor_id: 'A2002', reason: 'rude' });
    expect(bad.body.errno).toBe(Errno.INVALID_PARAMS);
    const long = await member.form(SafetyApi.report, {
      anchor_id: 'A2002',
      reason: 'other',
      text: 'x'.repeat(REPORT_TEXT_MAX + 1),
    });
    expect(long.body.errno).toBe(Errno.INVALID_PARAMS);
    expect((await server.db.query('SELECT 1 FROM safety_reports')).length).toBe(0);

    const first = await member.call<{ report_id: number }>(SafetyApi.report, {
      anchor_id: 'A2002',
      reason: 'money',
      text: 'She asked me to pay her outside Glimmer.',
    });
    expect(first.report_id).toBeGreaterThan(0);
    const again = await member.form(SafetyApi.report, { anchor_id: 'A2002', reason: 'fake' });
    expect(again.body).toMatchObject({ errno: SafetyErrno.ALREADY_REPORTED });
    expect((await member.call<SafetyStatus>(SafetyApi.status, { anchor_id: 'A2002' })).reported).toBe(1);
    await member.call(SafetyApi.report, { anchor_id: 'A2003', reason: 'underage' });

    // The trust team: open reports, newest first.
    const trust = await server.loginAs('M9001');
    const queue = await trust.call<{ list: SafetyReport[] }>(SafetyApi.operatorReports);
    expect(queue.list.map((r) => r.anchor_id)).toEqual(['A2003', 'A2002']);
    expect(queue.list[1]).toMatchObject({
      report_id: first.report_id,
      member_id: 'M1002',
      anchor_id: 'A2002',
      reason: 'money',
      text: 'She asked me to pay her outside Glimmer.',
      status: 'open',
    });
    expect(queue.list[1]?.member_nickname).not.toBe('');

    // Refused: a member, an operator without trust, a broadcaster.
    expect((await member.form(SafetyApi.operatorReports)).body.errno).toBe(Errno.NOT_OPERATOR);
    const support = await server.loginAs('M1004');
    expect((await support.form(SafetyApi.operatorReports)).body.errno).toBe(OperatorErrno.NO_ROLE);
    expect((await support.form(SafetyApi.operatorHandle, { report_id: first.report_id })).body.errno).toBe(
      OperatorErrno.NO_ROLE,
    );

    expect(
      await trust.call(SafetyApi.operatorHandle, { report_id: first.report_id, note: 'Warned her.' }),
    ).toEqual({ report_id: first.report_id, status: 'handled' });
    const twice = await trust.form(SafetyApi.operatorHandle, { report_id: first.report_id });
    expect(twice.body.errno).toBe(SafetyErrno.REPORT_HANDLED);
    expect((await trust.form(SafetyApi.operatorHandle, { report_id: 999_999 })).body.errno).toBe(
      Errno.NOT_FOUND,
    );
    const left = await trust.call<{ list: SafetyReport[] }>(SafetyApi.operatorReports);
    expect(left.list.map((r) => r.anchor_id)).toEqual(['A2003']);
    const [row] = await server.db.query<{ note: string; handled_by: string }>(
      'SELECT note, handled_by FROM safety_reports WHERE id = $1',
      [first.report_id],
    );
    expect(row).toEqual({ note: 'Warned her.', handled_by: 'M9001' });

    // Handled: he may report her again.
    expect((await member.form(SafetyApi.report, { anchor_id: 'A2002', reason: 'fake' })).body.errno).toBe(0);
  });
});
