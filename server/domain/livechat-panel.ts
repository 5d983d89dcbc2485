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
} from '../../protocol/livechat';
import type { FreeChatTicketInfo } from '../../protocol/vouchers';
import type { Db } from '../storage/contract';
import type { StorageRepositories } from '../storage/repositories';
import { toInt } from '../storage/repositories/rows';
import { notFound } from './errors';
import type { LiveChatService } from './livechat';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

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
   * with the spec's flags (isInChat, isInOneonone, oneononeInvite, chatNum).
   */
  async contacts(memberId: string): Promise<{ list: LiveChatContact[] }> {
    const { list: chats } = await this.chats.chatList({ userid: memberId, role: 'man' });
    const anchorIds = [...new Set(chats.map((c) => c.anchor.userid))];
    if (anchorIds.length === 0) return { list: [] };
    const [followed, counts, oneOnOne, invites] = await Promise.all([
      this.repos.follows.followed(memberId, anchorIds),
      this.chats.rows.lineCounts(memberId),
      this.db.query<{ anchor_id: string }>(
        `SELECT DISTINCT anchor_id FROM live_sessions WHERE member_id = $1 AND ended_at IS NULL
           AND room_type IN (2, 4) AND anchor_id = ANY($2::text[])`,
        [memberId, anchorIds],
      ),
      this.db.query<{ anchor_id: string; n: unknown }>(
        `SELECT anchor_id, count(*) AS n FROM invitations WHERE user_id = $1 AND kind = 'instant'
           AND status IN ('sent', 'shown') AND expires_at > now() AND anchor_id = ANY($2::text[]) GROUP BY anchor_id`,
        [memberId, anchorIds],
      ),
    ]);
    const follows = new Set(followed);
    const inOneOnOne = new Set(oneOnOne.map((r) => r.anchor_id));
    const invited = new Set(invites.filter((r) => toInt(r.n) > 0).map((r) => r.anchor_id));
    const list: LiveChatContact[] = [];
    for (const anchorId of anchorIds) {
      const chat = chats.find((c) => c.anchor.userid === anchorId);
      const anchor = await this.repos.anchors.find(anchorId);
      if (!chat || !anchor) continue;
      list.push({
        userId: anchorId,
        userName: anchor.nickname,
        avatarImg: anchor.photourl,
        status: chat.anchor.status,
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
    return { list };
  }
}
