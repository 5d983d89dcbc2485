/**
 * Private messages, conversations and Intimacy experience. A send runs in one transaction: it locks
 * the conversation row (so two sends of one conversation serialise and the free count holds),
 * finds an earlier send with the same key (a retry answers that one: nothing sent or charged
 * twice), checks the rules, charges through the ledger with the message's own key, and writes the
 * message with the counters. The rules' numbers come from the caller (protocol/messages/messages.ts).
 */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import { ledgerRepository } from '../money';
import { notBlocked } from '../safety';

export interface MessageRow {
  id: number;
  memberId: string;
  anchorId: string;
  fromMember: boolean;
  content: string;
  charge: number;
  key: string;
  isRead: boolean;
  at: Date;
  /** The shot a comment is about (sendPrivateMessage's dynamics_id), else null. */
  dynamicsId: number | null;
}

export interface ConversationRow {
  memberId: string;
  anchorId: string;
  memberSent: number;
  anchorSent: number;
  memberRun: number;
  anchorRun: number;
  memberUnread: number;
  anchorUnread: number;
  lastMsgId: number | null;
  updatedAt: Date;
}

/** A conversation joined with the other side's name and state, and the last message. */
export interface ConversationView extends ConversationRow {
  lastContent: string;
  /** The other side (her for a member, him for a broadcaster). */
  otherNickname: string;
  otherPhoto: string;
  /** Broadcasters only: her stored state; members: always 'offline' here (presence is live). */
  anchorState: string;
  isFollow: boolean;
}

export interface SendRules {
  freeMessages: number;
  priceHundredths: number;
  memberRunMax: number;
  anchorRunMax: number;
  anchorOpenerMax: number;
  /** Experience the sender's message adds (by kind). */
  gain: { free: number; paid: number; her: number };
}

export interface SendInput {
  memberId: string;
  anchorId: string;
  fromMember: boolean;
  content: string;
  /** Unique per send, scoped to the sender by the caller. */
  key: string;
  /** The shot a comment is about. */
  dynamicsId?: number | undefined;
}

export type SendResult =
  | { status: 'sent'; message: MessageRow; conversation: ConversationRow; creditHundredths: number | null }
  | {
      status: 'duplicate';
      message: MessageRow;
      conversation: ConversationRow;
      creditHundredths: number | null;
    }
  | { status: 'intimacy' }
  | { status: 'wait_member' | 'wait_anchor' | 'wait_opener' }
  | { status: 'no_credit'; balance: number };

interface RawMessage {
  id: unknown;
  member_id: string;
  anchor_id: string;
  from_member: boolean;
  content: string;
  charge: unknown;
  msg_key: string;
  is_read: boolean;
  created_at: unknown;
  dynamics_id: unknown;
}
const MESSAGE_COLUMNS =
  'id, member_id, anchor_id, from_member, content, charge, msg_key, is_read, created_at, dynamics_id';
const messageOf = (r: RawMessage): MessageRow => ({
  id: toInt(r.id),
  memberId: r.member_id,
  anchorId: r.anchor_id,
  fromMember: r.from_member,
  content: r.content,
  charge: toInt(r.charge),
  key: r.msg_key,
  isRead: r.is_read,
  at: toDate(r.created_at),
  dynamicsId: r.dynamics_id == null ? null : toInt(r.dynamics_id),
});

type RawConversation = Record<string, unknown> & { member_id: string; anchor_id: string };
const CONVERSATION_COLUMNS =
  'c.member_id, c.anchor_id, c.member_sent, c.anchor_sent, c.member_run, c.anchor_run, c.member_unread, c.anchor_unread, c.last_msg_id, c.updated_at';
const conversationOf = (r: RawConversation): ConversationRow => ({
  memberId: r.member_id,
  anchorId: r.anchor_id,
  memberSent: toInt(r.member_sent),
  anchorSent: toInt(r.anchor_sent),
  memberRun: toInt(r.member_run),
  anchorRun: toInt(r.anchor_run),
  memberUnread: toInt(r.member_unread),
  anchorUnread: toInt(r.anchor_unread),
  lastMsgId: r.last_msg_id == null ? null : toInt(r.last_msg_id),
  updatedAt: toDate(r.updated_at),
});

export function messagesRepository(db: Db) {
  async function experience(tx: Db, memberId: string, anchorId: string): Promise<number> {
    const [row] = await tx.query<{ experience: unknown }>(
      'SELECT experience FROM intimacy WHERE member_id = $1 AND anchor_id = $2',
      [memberId, anchorId],
    );
    return row ? toInt(row.experience) : 0;
  }

  async function gain(tx: Db, memberId: string, anchorId: string, points: number): Promise<void> {
    if (points <= 0) return;
    await tx.query(
      `INSERT INTO intimacy (member_id, anchor_id, experience) VALUES ($1, $2, $3)
       ON CONFLICT (member_id, anchor_id)
       DO UPDATE SET experience = intimacy.experience + $3, updated_at = now()`,
      [memberId, anchorId, points],
    );
  }

  async function conversation(tx: Db, memberId: string, anchorId: string) {
    const [row] = await tx.query<RawConversation>(
      `SELECT ${CONVERSATION_COLUMNS} FROM pm_conversations c WHERE c.member_id = $1 AND c.anchor_id = $2`,
      [memberId, anchorId],
    );
    return row && conversationOf(row);
  }

  async function balance(tx: Db, memberId: string): Promise<number> {
    const [m] = await tx.query<{ credit: unknown }>('SELECT credit FROM members WHERE userid = $1', [
      memberId,
    ]);
    return toInt(m?.credit ?? 0);
  }

  return {
    experience: (memberId: string, anchorId: string) => experience(db, memberId, anchorId),
    conversation: (memberId: string, anchorId: string) => conversation(db, memberId, anchorId),

    /** Adds experience (seed, and features that build intimacy). */
    gain: (memberId: string, anchorId: string, points: number) => gain(db, memberId, anchorId, points),

    async send(input: SendInput, rules: SendRules): Promise<SendResult> {
      return db.transaction(async (tx): Promise<SendResult> => {
        const { memberId, anchorId, fromMember } = input;
        await tx.query(
          `INSERT INTO pm_conversations (member_id, anchor_id) VALUES ($1, $2)
           ON CONFLICT (member_id, anchor_id) DO NOTHING`,
          [memberId, anchorId],
        );
        const [locked] = await tx.query<RawConversation>(
          `SELECT ${CONVERSATION_COLUMNS} FROM pm_conversations c
           WHERE c.member_id = $1 AND c.anchor_id = $2 FOR UPDATE`,
          [memberId, anchorId],
        );
        if (!locked) throw new Error('messages: conversation row missing');
        const conv = conversationOf(locked);
        const [earlier] = await tx.query<RawMessage>(
          `SELECT ${MESSAGE_COLUMNS} FROM private_messages WHERE msg_key = $1`,
          [input.key],
        );
        if (earlier) {
          return {
            status: 'duplicate',
            message: messageOf(earlier),
            conversation: conv,
            creditHundredths: fromMember ? await balance(tx, memberId) : null,
          };
        }
        if ((await experience(tx, memberId, anchorId)) < 1) return { status: 'intimacy' };
        if (fromMember) {
          if (conv.memberRun >= rules.memberRunMax) return { status: 'wait_member' };
        } else if (conv.memberSent === 0) {
          if (conv.anchorRun >= rules.anchorOpenerMax) return { status: 'wait_opener' };
        } else if (conv.anchorRun >= rules.anchorRunMax) {
          return { status: 'wait_anchor' };
        }
        let charge = 0;
        let creditHundredths: number | null = null;
        if (fromMember) {
          if (conv.memberSent >= rules.freeMessages && rules.priceHundredths > 0) {
            const move = await ledgerRepository(tx).move({
              userId: memberId,
              delta: -rules.priceHundredths,
              reason: 'private_message',
              ref: anchorId,
              key: `pm:${input.key}`,
              payee: anchorId,
            });
            if (move.status === 'insufficient') return { status: 'no_credit', balance: move.balance };
            charge = rules.priceHundredths;
            creditHundredths = move.entry.balanceAfter;
          } else {
            creditHundredths = await balance(tx, memberId);
          }
        }
        const [inserted] = await tx.query<RawMessage>(
          `INSERT INTO private_messages (member_id, anchor_id, from_member, content, charge, msg_key, dynamics_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${MESSAGE_COLUMNS}`,
          [memberId, anchorId, fromMember, input.content, charge, input.key, input.dynamicsId ?? null],
        );
        if (!inserted) throw new Error('messages: insert returned nothing');
        const message = messageOf(inserted);
        const [updated] = await tx.query<RawConversation>(
          fromMember
            ? `UPDATE pm_conversations c SET member_sent = member_sent + 1, member_run = member_run + 1,
                 anchor_run = 0, anchor_unread = anchor_unread + 1, last_msg_id = $3, updated_at = now()
               WHERE member_id = $1 AND anchor_id = $2 RETURNING ${CONVERSATION_COLUMNS}`
            : `UPDATE pm_conversations c SET anchor_sent = anchor_sent + 1, anchor_run = anchor_run + 1,
                 member_run = 0, member_unread = member_unread + 1, last_msg_id = $3, updated_at = now()
               WHERE member_id = $1 AND anchor_id = $2 RETURNING ${CONVERSATION_COLUMNS}`,
          [memberId, anchorId, message.id],
        );
        if (!updated) throw new Error('messages: conversation update returned nothing');
        await gain(
          tx,
          memberId,
          anchorId,
          fromMember ? (charge ? rules.gain.paid : rules.gain.free) : rules.gain.her,
        );
        return { status: 'sent', message, conversation: conversationOf(updated), creditHundredths };
      });
    },

    /** Newest first; by key (before an id) when given, else by offset. */
    async history(
      memberId: string,
      anchorId: string,
      page: { start: number; step: number; beforeId?: number | undefined },
    ): Promise<MessageRow[]> {
      const rows =
        page.beforeId !== undefined
          ? await db.query<RawMessage>(
              `SELECT ${MESSAGE_COLUMNS} FROM private_messages
               WHERE member_id = $1 AND anchor_id = $2 AND id < $3 ORDER BY id DESC LIMIT $4`,
              [memberId, anchorId, page.beforeId, page.step],
            )
          : await db.query<RawMessage>(
              `SELECT ${MESSAGE_COLUMNS} FROM private_messages
               WHERE member_id = $1 AND anchor_id = $2 ORDER BY id DESC OFFSET $3 LIMIT $4`,
              [memberId, anchorId, page.start, page.step],
            );
      return rows.map(messageOf);
    },

    /** Conversations of one side, latest first; `followedOnly` keeps a member's followed ones. */
    async conversations(
      side: 'member' | 'anchor',
      userId: string,
      page: { start: number; step: number },
      followedOnly = false,
      otherId?: string,
    ): Promise<ConversationView[]> {
      const mine = side === 'member' ? 'c.member_id' : 'c.anchor_id';
      const other = side === 'member' ? 'c.anchor_id' : 'c.member_id';
      const rows = await db.query<RawConversation>(
        `SELECT ${CONVERSATION_COLUMNS}, COALESCE(m.content, '') AS last_content,
           u.nickname AS other_nickname, u.photourl AS other_photo,
           COALESCE(a.state, 'offline') AS anchor_state,
           (f.member_id IS NOT NULL) AS is_follow
         FROM pm_conversations c
         JOIN users u ON u.userid = ${other}
         JOIN anchors a ON a.userid = c.anchor_id
         LEFT JOIN private_messages m ON m.id = c.last_msg_id
         LEFT JOIN follows f ON f.member_id = c.member_id AND f.anchor_id = c.anchor_id
         WHERE ${mine} = $1 AND c.last_msg_id IS NOT NULL
           ${side === 'member' ? `AND ${notBlocked('c.member_id', 'c.anchor_id')}` : ''}
           ${followedOnly ? 'AND f.member_id IS NOT NULL' : ''}
           ${otherId ? `AND ${other} = $4` : ''}
         ORDER BY c.updated_at DESC, c.last_msg_id DESC OFFSET $2 LIMIT $3`,
        otherId ? [userId, page.start, page.step, otherId] : [userId, page.start, page.step],
      );
      return rows.map((r) => ({
        ...conversationOf(r),
        lastContent: String(r.last_content ?? ''),
        otherNickname: String(r.other_nickname ?? ''),
        otherPhoto: String(r.other_photo ?? ''),
        anchorState: String(r.anchor_state ?? 'offline'),
        isFollow: Boolean(r.is_follow),
      }));
    },

    async totalUnread(side: 'member' | 'anchor', userId: string): Promise<number> {
      const [row] = await db.query<{ total: unknown }>(
        side === 'member'
          ? `SELECT COALESCE(SUM(member_unread), 0) AS total FROM pm_conversations c
             WHERE c.member_id = $1 AND ${notBlocked('c.member_id', 'c.anchor_id')}`
          : 'SELECT COALESCE(SUM(anchor_unread), 0) AS total FROM pm_conversations WHERE anchor_id = $1',
        [userId],
      );
      return toInt(row?.total ?? 0);
    },

    /** Marks the other side's messages up to msgId read; answers the conversation's unread count. */
    async markRead(side: 'member' | 'anchor', memberId: string, anchorId: string, msgId: number) {
      return db.transaction(async (tx) => {
        // Messages to the reader: from her when he reads, from him when she reads.
        await tx.query(
          `UPDATE private_messages SET is_read = true
           WHERE member_id = $1 AND anchor_id = $2 AND from_member = $3 AND id <= $4 AND NOT is_read`,
          [memberId, anchorId, side === 'anchor', msgId],
        );
        const [count] = await tx.query<{ n: unknown }>(
          `SELECT count(*)::int AS n FROM private_messages
           WHERE member_id = $1 AND anchor_id = $2 AND from_member = $3 AND NOT is_read`,
          [memberId, anchorId, side === 'anchor'],
        );
        const unread = toInt(count?.n ?? 0);
        await tx.query(
          `UPDATE pm_conversations SET ${side === 'member' ? 'member_unread' : 'anchor_unread'} = $3
           WHERE member_id = $1 AND anchor_id = $2`,
          [memberId, anchorId, unread],
        );
        return unread;
      });
    },

    /** Contacts: broadcasters he has Intimacy experience with, with her card and his follow. */
    async contacts(
      memberId: string,
      page: { start: number; step: number },
      sorting: 'recent' | 'online' | 'name',
    ) {
      const order =
        sorting === 'online'
          ? `(a.state <> 'offline') DESC, last_time DESC`
          : sorting === 'name'
            ? 'lower(u.nickname) ASC'
            : 'last_time DESC';
      const rows = await db.query<Record<string, unknown>>(
        `SELECT i.anchor_id, i.experience, GREATEST(i.updated_at, COALESCE(c.updated_at, i.updated_at)) AS last_time,
           (f.member_id IS NOT NULL) AS is_follow
         FROM intimacy i
         JOIN anchors a ON a.userid = i.anchor_id
         JOIN users u ON u.userid = i.anchor_id
         LEFT JOIN pm_conversations c ON c.member_id = i.member_id AND c.anchor_id = i.anchor_id
         LEFT JOIN follows f ON f.member_id = i.member_id AND f.anchor_id = i.anchor_id
         WHERE i.member_id = $1 AND a.account_status <> 3
         ORDER BY ${order}, i.anchor_id OFFSET $2 LIMIT $3`,
        [memberId, page.start, page.step],
      );
      const [total] = await db.query<{ n: unknown }>(
        `SELECT count(*)::int AS n FROM intimacy i JOIN anchors a ON a.userid = i.anchor_id
         WHERE i.member_id = $1 AND a.account_status <> 3`,
        [memberId],
      );
      return {
        total: toInt(total?.n ?? 0),
        rows: rows.map((r) => ({
          anchorId: String(r.anchor_id),
          experience: toInt(r.experience),
          lastTime: toDate(r.last_time),
          isFollow: Boolean(r.is_follow),
        })),
      };
    },

    /** Followed broadcasters, latest follow first. */
    async followed(memberId: string, page: { start: number; step: number }): Promise<string[]> {
      const rows = await db.query<{ anchor_id: string }>(
        `SELECT f.anchor_id FROM follows f JOIN anchors a ON a.userid = f.anchor_id
         WHERE f.member_id = $1 AND a.account_status <> 3
         ORDER BY f.created_at DESC, f.anchor_id OFFSET $2 LIMIT $3`,
        [memberId, page.start, page.step],
      );
      return rows.map((r) => r.anchor_id);
    },

    async isRobot(anchorId: string): Promise<boolean> {
      const [row] = await db.query<{ is_robot: boolean }>('SELECT is_robot FROM anchors WHERE userid = $1', [
        anchorId,
      ]);
      return Boolean(row?.is_robot);
    },
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
