/**
 * Private messages (Intimacy Level and contacts are contacts.ts). Members write to broadcasters and broadcasters to
 * members through the same calls (to_id is the other side). The rules and their order: empty
 * (10003), too long (10094), unknown recipient (10007), his block of her (his send 10741, hers
 * dropped: server/features/safety), then in the send's transaction a retried
 * key answers its first result, Intimacy Level 1 (16157), the reply rule (16158–16160, with the
 * other side's name), the charge after the free ones (10025). A sent message reaches both sides at
 * once (imShare/sendPrivateMessageNotice through the bus), and a charge tells the member's tabs his
 * balance. Demo robot broadcasters answer by themselves after a delay (config robotReplies).
 * A member's comment on one of her shots (dynamics_id) is a private message under the same rules,
 * but at most MAX_SHOT_COMMENT_LENGTH (140), about a shot of hers (10007 otherwise); it keeps the
 * shot's id, and history shows the shot beside it.
 */

import { randomBytes } from 'node:crypto';
import {
  MAX_SHOT_COMMENT_LENGTH,
  ONLINE_STATUS_OFFLINE,
  ONLINE_STATUS_ONLINE,
} from '../../../protocol/constants';
import { Errno } from '../../../protocol/errors';
import {
  BROADCASTER_OPENER_MAX,
  BROADCASTER_UNANSWERED_MAX,
  FREE_PRIVATE_MESSAGES,
  INTIMACY_GAIN,
  INTIMACY_LEVEL_UP_ROUTE,
  type IntimacyLevelUpNotice,
  intimacyLevel,
  MEMBER_UNANSWERED_MAX,
  MessageErrno,
  MessageTexts,
  messageProblem,
  PRIVATE_MESSAGE_NOTICE_ROUTE,
  type PrivateMessage,
  type PrivateMessageHistoryData,
  type PrivateMessageHistoryItem,
  type PrivateMessageListData,
  type PrivateMessageListItem,
  type PrivateMessageNotice,
  type SendPrivateMessageAnswer,
  type SetReadedAnswer,
} from '../../../protocol/messages/messages';
import { toHundredths } from '../../../protocol/money';
import { SafetyErrno, SafetyText } from '../../../protocol/safety/safety';
import { ShotMessages } from '../../../protocol/shots/shots';
import { filterChatText } from '../../../protocol/text-filter';
import { ApiError, notFound } from '../../core/errors';
import type { StorageRepositories } from '../../storage/contract';
import type { Caller } from '../discover';
import { SEND_PRIVATE_MESSAGE_CREDIT, visibleAnchor } from '../discover';
import type { RealtimeDeps } from '../invitations';
import { creditOf, notifyCredit } from '../money';
import { droppedMessage } from '../safety';
import type { ShotService } from '../shots';
import type { ConversationRow, ConversationView, MessageRow } from './messages-repository';

/** What messages need of her shots: whether a comment's shot is hers, and how comments show it. */
export type ShotLookup = Pick<ShotService, 'isShotOf' | 'commentShots'>;

export interface RobotReplyConfig {
  /** ROBOT_REPLIES=0 turns them off. */
  enabled: boolean;
  /** How long a robot "types" before answering (ROBOT_REPLY_MS). */
  delayMs: number;
}

/** What demo robots say, in turn (the n-th reply of a conversation picks the n-th line). */
export const ROBOT_LINES = [
  'Hi! Thank you for your message [img:3]',
  'That sounds lovely. Tell me more about your day?',
  'I am online now — come and say hello in my room [img:13]',
  'Haha, you made me smile [img:2]',
];

const fail = (errno: number, errmsg: string) => new ApiError(errno, errmsg);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The pair a message belongs to, from the caller and the other side's id. */
interface Pair {
  memberId: string;
  anchorId: string;
  fromMember: boolean;
}

function messageOf(m: MessageRow, senderKeyPrefixLength: number): PrivateMessage {
  return {
    msg_id: m.id,
    from_id: m.fromMember ? m.memberId : m.anchorId,
    to_id: m.fromMember ? m.anchorId : m.memberId,
    content: m.content,
    add_time: seconds(m.at),
    charge: creditOf(m.charge),
    is_read: m.isRead ? 1 : 0,
    msg_key: m.key.slice(senderKeyPrefixLength),
    ...(m.dynamicsId === null ? {} : { dynamics_id: m.dynamicsId }),
  };
}
/** Stored keys are `<sender>:<client key>` so two users' keys never meet; answers give the client's. */
const toWire = (m: MessageRow) => messageOf(m, m.key.indexOf(':') + 1);

export class MessageService {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly priceHundredths: number;

  constructor(
    private readonly repos: StorageRepositories,
    private readonly rt: RealtimeDeps,
    private readonly robots: RobotReplyConfig,
    private readonly shots?: ShotLookup,
    /** The configured price (MONEY_KEYS send_private_message_credit): what getUserConfig shows is what is charged. */
    creditPerMessage: number = SEND_PRIVATE_MESSAGE_CREDIT,
  ) {
    this.priceHundredths = toHundredths(creditPerMessage);
  }

  /** Whether the member blocks the broadcaster (server/features/safety, wired in services.ts). */
  blocks?: (memberId: string, anchorId: string) => Promise<boolean>;

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** The conversation's pair; 10007 when the other side is not someone the caller can write to. */
  private async pair(caller: Caller, toId: string): Promise<Pair> {
    if (caller.role === 'man') {
      await visibleAnchor(this.repos, toId);
      return { memberId: caller.userid, anchorId: toId, fromMember: true };
    }
    const member = await this.repos.members.find(toId);
    if (!member) throw notFound();
    return { memberId: toId, anchorId: caller.userid, fromMember: false };
  }

  async send(
    caller: Caller,
    toId: string,
    content: string,
    clientKey?: string,
    dynamicsId?: number,
  ): Promise<SendPrivateMessageAnswer> {
    const comment = dynamicsId !== undefined;
    const max = comment ? MAX_SHOT_COMMENT_LENGTH : undefined;
    const problem = messageProblem(content, max);
    if (problem === 'empty') throw fail(MessageErrno.EMPTY, MessageTexts.empty);
    if (problem === 'too_long') throw fail(MessageErrno.TOO_LONG, MessageTexts.tooLong(max));
    const pair = await this.pair(caller, toId);
    if (await this.blocks?.(pair.memberId, pair.anchorId)) {
      if (pair.fromMember) throw fail(SafetyErrno.YOU_BLOCKED, SafetyText.youBlocked);
      return droppedMessage(caller.userid, pair.memberId, filterChatText(content), clientKey);
    }
    // A comment is a member's, about a shot of the broadcaster he writes to.
    if (comment && (!pair.fromMember || !(await this.shots?.isShotOf(pair.anchorId, dynamicsId)))) {
      throw fail(Errno.NOT_FOUND, ShotMessages.notFound);
    }
    const key = `${caller.userid}:${clientKey ?? randomBytes(12).toString('base64url')}`;
    const result = await this.repos.messages.send(
      // Stored filtered, so both sides and every client show the same masked text.
      { ...pair, content: filterChatText(content), key, dynamicsId },
      {
        freeMessages: FREE_PRIVATE_MESSAGES,
        priceHundredths: this.priceHundredths,
        memberRunMax: MEMBER_UNANSWERED_MAX,
        anchorRunMax: BROADCASTER_UNANSWERED_MAX,
        anchorOpenerMax: BROADCASTER_OPENER_MAX,
        gain: {
          free: INTIMACY_GAIN.freeMessage,
          paid: INTIMACY_GAIN.paidMessage,
          her: INTIMACY_GAIN.herMessage,
        },
      },
    );
    switch (result.status) {
      case 'intimacy':
        throw fail(MessageErrno.INTIMACY, MessageTexts.intimacy);
      case 'no_credit':
        throw fail(MessageErrno.NO_CREDIT, MessageTexts.noCredit.replace('{credits}', 'credits'));
      case 'wait_member':
      case 'wait_anchor':
      case 'wait_opener': {
        const errno =
          result.status === 'wait_member'
            ? MessageErrno.WAIT_REPLY_MEMBER
            : result.status === 'wait_anchor'
              ? MessageErrno.WAIT_REPLY_BROADCASTER
              : MessageErrno.WAIT_REPLY_OPENER;
        throw fail(errno, MessageTexts.waitReply(await this.nicknameOf(toId)));
      }
      case 'sent':
      case 'duplicate': {
        // A comment's answer shows its shot, as the notice and history do.
        const msg = await this.withShot(caller, pair.anchorId, toWire(result.message));
        if (result.status === 'sent') {
          if (result.message.charge > 0 && result.creditHundredths !== null) {
            await notifyCredit(this.rt.notifier, pair.memberId, result.creditHundredths);
          }
          await this.announce(pair, result.message, result.conversation);
          await this.tellLevelUp(pair, result.message.charge);
          if (pair.fromMember) this.maybeRobotReply(pair, result.conversation);
        }
        return {
          credit: result.creditHundredths === null ? 0 : creditOf(result.creditHundredths),
          msg,
          free_left: pair.fromMember
            ? Math.max(0, FREE_PRIVATE_MESSAGES - result.conversation.memberSent)
            : 0,
        };
      }
    }
  }

  /** The message's experience took him to a new level with her: he is told (as other interactions do). */
  private async tellLevelUp(pair: Pair, charge: number): Promise<void> {
    const { paidMessage, freeMessage, herMessage } = INTIMACY_GAIN;
    const gain = pair.fromMember ? (charge > 0 ? paidMessage : freeMessage) : herMessage;
    const after = await this.repos.messages.experience(pair.memberId, pair.anchorId);
    const level = intimacyLevel(after);
    if (level <= intimacyLevel(after - gain)) return;
    const her = await this.repos.users.find(pair.anchorId);
    await this.rt.notifier.deliver(pair.memberId, INTIMACY_LEVEL_UP_ROUTE, {
      anchor_id: pair.anchorId,
      anchor_nickname: her?.nickname ?? '',
      anchor_avatar: her?.photourl ?? '',
      intimacy: level,
      intimacy_experience: after,
    } satisfies IntimacyLevelUpNotice);
  }

  private async nicknameOf(userid: string): Promise<string> {
    return (await this.repos.users.find(userid))?.nickname ?? userid;
  }

  /** Both sides hear of the message at once: the recipient and the sender's other tabs. */
  private async announce(pair: Pair, message: MessageRow, conv: ConversationRow): Promise<void> {
    const msg = toWire(message);
    const memberMsg = await this.withShot({ userid: pair.memberId, role: 'man' }, pair.anchorId, msg);
    const anchorMsg = await this.withShot({ userid: pair.anchorId, role: 'lady' }, pair.anchorId, msg);
    const [memberView] = await this.repos.messages.conversations(
      'member',
      pair.memberId,
      { start: 0, step: 1 },
      false,
      pair.anchorId,
    );
    const [anchorView] = await this.repos.messages.conversations(
      'anchor',
      pair.anchorId,
      { start: 0, step: 1 },
      false,
      pair.memberId,
    );
    const sends: Promise<void>[] = [];
    if (memberView) {
      sends.push(
        this.rt.notifier.deliver(pair.memberId, PRIVATE_MESSAGE_NOTICE_ROUTE, {
          msg: memberMsg,
          conversation: await this.listItem('member', memberView),
          total_unread: await this.repos.messages.totalUnread('member', pair.memberId),
        } satisfies PrivateMessageNotice),
      );
    }
    if (anchorView) {
      sends.push(
        this.rt.notifier.deliver(pair.anchorId, PRIVATE_MESSAGE_NOTICE_ROUTE, {
          msg: anchorMsg,
          conversation: await this.listItem('anchor', anchorView),
          total_unread: await this.repos.messages.totalUnread('anchor', pair.anchorId),
        } satisfies PrivateMessageNotice),
      );
    }
    void conv;
    await Promise.all(sends);
  }

  /** A comment's message with its shot as `viewer` may see it (others unchanged). */
  private async withShot(viewer: Caller, anchorId: string, msg: PrivateMessage): Promise<PrivateMessage> {
    const id = msg.dynamics_id;
    if (id === undefined || !this.shots) return msg;
    const shot = (await this.shots.commentShots(viewer, anchorId, [id])).get(id);
    return shot
      ? { ...msg, dynamics_img: shot.img, dynamics_content: shot.content, dynamics_type: shot.type }
      : msg;
  }

  private maybeRobotReply(pair: Pair, conv: ConversationRow): void {
    if (!this.robots.enabled) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void (async () => {
        if (!(await this.repos.messages.isRobot(pair.anchorId))) return;
        const now = await this.repos.messages.conversation(pair.memberId, pair.anchorId);
        // Answer once per run of his messages: not if she (or another timer) wrote since.
        if (!now || now.memberRun === 0 || now.lastMsgId !== conv.lastMsgId) return;
        const line = ROBOT_LINES[now.anchorSent % ROBOT_LINES.length] ?? ROBOT_LINES[0] ?? 'Hi!';
        await this.send(
          { userid: pair.anchorId, role: 'lady' },
          pair.memberId,
          line,
          `robot-${conv.lastMsgId}`,
        );
      })().catch(() => undefined);
    }, this.robots.delayMs);
    timer.unref?.();
    this.timers.add(timer);
  }

  private async listItem(side: 'member' | 'anchor', v: ConversationView): Promise<PrivateMessageListItem> {
    const otherId = side === 'member' ? v.anchorId : v.memberId;
    const online =
      side === 'member'
        ? v.anchorState !== 'offline'
        : await this.rt.presence.isOnline(otherId).catch(() => false);
    return {
      user_id: otherId,
      nick_name: v.otherNickname,
      avatar_img: v.otherPhoto,
      update_time: seconds(v.updatedAt),
      unread_num: side === 'member' ? v.memberUnread : v.anchorUnread,
      last_msg: v.lastContent,
      isFollow: v.isFollow ? 1 : 0,
      online_status: online ? ONLINE_STATUS_ONLINE : ONLINE_STATUS_OFFLINE,
    };
  }

  private side = (caller: Caller) => (caller.role === 'man' ? 'member' : 'anchor') as 'member' | 'anchor';

  async list(
    caller: Caller,
    start: number,
    step: number,
    followedOnly: boolean,
  ): Promise<PrivateMessageListData> {
    const side = this.side(caller);
    const views = await this.repos.messages.conversations(
      side,
      caller.userid,
      { start, step },
      followedOnly && side === 'member',
    );
    return {
      list: await Promise.all(views.map((v) => this.listItem(side, v))),
      total_unread: await this.repos.messages.totalUnread(side, caller.userid),
    };
  }

  /** One conversation's list item, or a fresh one for someone not written to yet. */
  async one(caller: Caller, toId: string): Promise<PrivateMessageListItem> {
    const side = this.side(caller);
    const pair = await this.pair(caller, toId);
    const [view] = await this.repos.messages.conversations(
      side,
      caller.userid,
      { start: 0, step: 1 },
      false,
      toId,
    );
    if (view) return this.listItem(side, view);
    const user = await this.repos.users.find(toId);
    const anchor = side === 'member' ? await this.repos.anchors.find(pair.anchorId) : undefined;
    const follows =
      side === 'member' ? await this.repos.follows.followed(pair.memberId, [pair.anchorId]) : new Set();
    const online = anchor
      ? anchor.state !== 'offline'
      : await this.rt.presence.isOnline(toId).catch(() => false);
    return {
      user_id: toId,
      nick_name: user?.nickname ?? '',
      avatar_img: user?.photourl ?? '',
      update_time: 0,
      unread_num: 0,
      last_msg: '',
      isFollow: follows.has(pair.anchorId) ? 1 : 0,
      online_status: online ? ONLINE_STATUS_ONLINE : ONLINE_STATUS_OFFLINE,
    };
  }

  async history(
    caller: Caller,
    toId: string,
    start: number,
    step: number,
    beforeId?: number,
  ): Promise<PrivateMessageHistoryData> {
    const pair = await this.pair(caller, toId);
    const rows = await this.repos.messages.history(pair.memberId, pair.anchorId, { start, step, beforeId });
    const [member, anchor] = await Promise.all([
      this.repos.users.find(pair.memberId),
      this.repos.users.find(pair.anchorId),
    ]);
    const ids = rows.flatMap((r) => (r.dynamicsId === null ? [] : [r.dynamicsId]));
    const shots =
      ids.length && this.shots ? await this.shots.commentShots(caller, pair.anchorId, ids) : new Map();
    return {
      list: rows.map((r): PrivateMessageHistoryItem => {
        const msg = toWire(r);
        const sender = r.fromMember ? member : anchor;
        const shot = r.dynamicsId === null ? undefined : shots.get(r.dynamicsId);
        return {
          ...msg,
          id: msg.msg_id,
          flag: msg.from_id === caller.userid ? 1 : 2,
          nick_name: sender?.nickname ?? '',
          avatar_img: sender?.photourl ?? '',
          // A comment whose shot is gone keeps its id, with nothing to show beside it.
          ...(r.dynamicsId === null
            ? {}
            : {
                dynamics_img: shot?.img ?? '',
                dynamics_content: shot?.content ?? '',
                dynamics_type: shot?.type ?? 0,
              }),
        };
      }),
    };
  }

  async markRead(caller: Caller, toId: string, msgId: number): Promise<SetReadedAnswer> {
    const pair = await this.pair(caller, toId);
    const side = this.side(caller);
    const unread = await this.repos.messages.markRead(side, pair.memberId, pair.anchorId, msgId);
    return { unread_num: unread, total_unread: await this.repos.messages.totalUnread(side, caller.userid) };
  }
}
