/**
 * Live chat's side calls: the member's free chat tickets (countFreeChatTicketInfo's data.chat and
 * check_ticket), his chat vouchers (getChatVoucherList), the chat contacts side panel data, and the
 * invite she shows him when he opens her chat (showInvite), the seam for the engine's invitations.
 */
import {
  type ChatVoucherListAnswer,
  type CheckTicketAnswer,
  INVITE_TYPE_CHAT,
  LIVECHAT_TICKET_MINUTES,
  LIVECHAT_VOUCHER_MINUTES,
  type LiveChatContact,
  type LiveChatInvite,
} from '../../../protocol/livechat/livechat';
import type { FreeChatTicketInfo } from '../../../protocol/vouchers/vouchers';
import { notFound } from '../../core/errors';
import type { Db, StorageRepositories } from '../../storage/contract';
import { toInt } from '../../storage/rows';
import type { LiveChatService } from './livechat';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** Ours: the followed broadcasters the side panel lists, newest follows first. */
const CONTACTS_FOLLOWS_MAX = 100;

export class LiveChatPanel {
  constructor(
    private readonly db: Db,
    private readonly repos: StorageRepositories,
    private readonly chats: LiveChatService,
  ) {}

  /** countFreeChatTicketInfo: data.chat his free chat tickets, data.live his broadcast vouchers. */
  async freeTickets(userid: string): Promise<FreeChatTicketInfo> {
    const [chat, counts] = await Promise.all([
      this.chats.rows.ticketCount(userid),
      this.repos.vouchers.counts(userid),
    ]);
    return { chat, live: counts.coupon_num };
  }

  /** check_ticket: whether a free ticket would pay a chat with her (womanid). */
  async checkTicket(userid: string, anchorId: string): Promise<CheckTicketAnswer> {
    const tickets = await this.chats.rows.ticketCount(userid, anchorId);
    return { status: tickets > 0 ? 1 : 0, tickets, minutes: LIVECHAT_TICKET_MINUTES };
  }

  /** getChatVoucherList: his chat vouchers, a page of them and their total. */
  async chatVouchers(userid: string, start: number, step: number): Promise<ChatVoucherListAnswer> {
    const page = await this.chats.rows.chatVouchers(userid, start, step);
    return {
      result: { status: 1 },
      total: page.total,
      list: page.list.map((v) => ({
        voucher_id: v.voucherId,
        expires_at: seconds(v.expiresAt),
        minutes: LIVECHAT_VOUCHER_MINUTES,
      })),
    };
  }

  /**
   * showInvite: the opening line she shows him when he opens her chat from his contacts. Today it is
   * her introduction's first sentence as a chat invite (not automatic, not a robot); the engine's
   * automatic invitations will answer theirs here.
   */
  async showInvite(userid: string, anchorId: string): Promise<LiveChatInvite> {
    const anchor = await this.repos.anchors.find(anchorId);
    if (!anchor) throw notFound();
    const tickets = await this.chats.rows.ticketCount(userid, anchorId);
    const first = anchor.introduction.split(/(?<=[.!?])\s/)[0] ?? '';
    return {
      inviteId: `LCI-${anchorId}-${userid}`,
      charge: tickets > 0 ? 0 : 1,
      response: 0,
      msg: first || `Hi, I am ${anchor.nickname}.`,
      msgType: 0,
      inviteType: INVITE_TYPE_CHAT,
      automaticInvite: 0,
      robot: 0,
      free: tickets > 0 ? 1 : 0,
    };
  }

  /**
   * The chat contacts side panel: broadcasters he chatted with in the last 10 minutes or has open,
   * those he follows, and those inviting him now, with the spec's flags (isInChat, isInOneonone,
   * oneononeInvite) and chatNum, her lines he has not read yet. Those in chat with him come first.
   */
  async contacts(memberId: string): Promise<{ list: LiveChatContact[] }> {
    const { list: chats } = await this.chats.chatList({ userid: memberId, role: 'man' });
    const [followRows, inviteRows] = await Promise.all([
      this.db.query<{ anchor_id: string }>(
        'SELECT anchor_id FROM follows WHERE member_id = $1 ORDER BY created_at DESC LIMIT $2',
        [memberId, CONTACTS_FOLLOWS_MAX],
      ),
      this.db.query<{ anchor_id: string }>(
        `SELECT DISTINCT anchor_id FROM invitations WHERE user_id = $1 AND kind = 'instant'
           AND status IN ('sent', 'shown') AND expires_at > now()`,
        [memberId],
      ),
    ]);
    const anchorIds = [
      ...new Set([
        ...chats.map((c) => c.anchor.userid),
        ...inviteRows.map((r) => r.anchor_id),
        ...followRows.map((r) => r.anchor_id),
      ]),
    ];
    if (anchorIds.length === 0) return { list: [] };
    const [oneOnOne, unread] = await Promise.all([
      this.db.query<{ anchor_id: string }>(
        `SELECT DISTINCT anchor_id FROM live_sessions WHERE member_id = $1 AND ended_at IS NULL
           AND room_type IN (2, 4) AND anchor_id = ANY($2::text[])`,
        [memberId, anchorIds],
      ),
      this.db.query<{ anchor_id: string; n: unknown }>(
        `SELECT m.anchor_id, count(*) AS n FROM livechat_messages m
           WHERE m.member_id = $1 AND m.from_id = m.anchor_id AND m.msg_id > COALESCE((
             SELECT max(s.member_read_id) FROM livechat_sessions s
              WHERE s.member_id = m.member_id AND s.anchor_id = m.anchor_id), 0)
           GROUP BY m.anchor_id`,
        [memberId],
      ),
    ]);
    const follows = new Set(followRows.map((r) => r.anchor_id));
    const inOneOnOne = new Set(oneOnOne.map((r) => r.anchor_id));
    const invited = new Set(inviteRows.map((r) => r.anchor_id));
    const counts = new Map(unread.map((r) => [r.anchor_id, toInt(r.n)]));
    const list: LiveChatContact[] = [];
    for (const anchorId of anchorIds) {
      const anchor = await this.repos.anchors.find(anchorId);
      if (!anchor) continue;
      const chat = chats.find((c) => c.anchor.userid === anchorId);
      const status = chat
        ? chat.anchor.status
        : (await this.chats.userInfo({ userid: memberId, role: 'man' }, anchorId)).status;
      list.push({
        userId: anchorId,
        userName: anchor.nickname,
        avatarImg: anchor.photourl,
        status,
        follows: follows.has(anchorId) ? 1 : 0,
        birthday_tip: 0,
        anchor_priv: { ...anchor.priv },
        isInChat: chats.some((c) => c.anchor.userid === anchorId && c.ended_at === 0) ? 1 : 0,
        isInOneonone: inOneOnOne.has(anchorId) ? 1 : 0,
        isInviteToHi: 0,
        oneononeInvite: invited.has(anchorId) ? 1 : 0,
        chatNum: counts.get(anchorId) ?? 0,
      });
    }
    const busy = (c: LiveChatContact) => c.isInChat + c.isInOneonone + c.oneononeInvite;
    return { list: list.sort((x, y) => busy(y) - busy(x)) };
  }
}
