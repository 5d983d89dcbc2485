/** Live chat's rows (migration 027): chats, their lines and read marks, free chat tickets. */
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface ChatRow {
  chatId: string;
  memberId: string;
  anchorId: string;
  timer: string;
  rate: number;
  startedAt: Date;
  minutesPaid: number;
  lastSource: string;
  memberReadId: number;
  anchorReadId: number;
  endedAt: Date | undefined;
  endCode: number;
}

export interface LineRow {
  msgId: number;
  chatId: string;
  memberId: string;
  anchorId: string;
  fromId: string;
  content: string;
  msgKey: string;
  sendTime: Date;
}

interface RawChat {
  chat_id: string;
  member_id: string;
  anchor_id: string;
  timer: string;
  rate: unknown;
  started_at: unknown;
  minutes_paid: unknown;
  last_source: string;
  member_read_id: unknown;
  anchor_read_id: unknown;
  ended_at: unknown;
  end_code: unknown;
}

interface RawLine {
  msg_id: unknown;
  chat_id: string;
  member_id: string;
  anchor_id: string;
  from_id: string;
  content: string;
  msg_key: string;
  send_time: unknown;
}

const CHAT = `chat_id, member_id, anchor_id, timer, rate, started_at, minutes_paid, last_source,
  member_read_id, anchor_read_id, ended_at, end_code`;
const LINE = 'msg_id, chat_id, member_id, anchor_id, from_id, content, msg_key, send_time';

const chatOf = (r: RawChat): ChatRow => ({
  chatId: r.chat_id,
  memberId: r.member_id,
  anchorId: r.anchor_id,
  timer: r.timer,
  rate: toInt(r.rate),
  startedAt: toDate(r.started_at),
  minutesPaid: toInt(r.minutes_paid),
  lastSource: r.last_source,
  memberReadId: toInt(r.member_read_id),
  anchorReadId: toInt(r.anchor_read_id),
  endedAt: r.ended_at ? toDate(r.ended_at) : undefined,
  endCode: toInt(r.end_code),
});

const lineOf = (r: RawLine): LineRow => ({
  msgId: toInt(r.msg_id),
  chatId: r.chat_id,
  memberId: r.member_id,
  anchorId: r.anchor_id,
  fromId: r.from_id,
  content: r.content,
  msgKey: r.msg_key,
  sendTime: toDate(r.send_time),
});

export function livechatRepository(db: Db) {
  return {
    async find(chatId: string): Promise<ChatRow | undefined> {
      const [row] = await db.query<RawChat>(`SELECT ${CHAT} FROM livechat_sessions WHERE chat_id = $1`, [
        chatId,
      ]);
      return row ? chatOf(row) : undefined;
    },

    async openOf(memberId: string, anchorId: string): Promise<ChatRow | undefined> {
      const [row] = await db.query<RawChat>(
        `SELECT ${CHAT} FROM livechat_sessions WHERE member_id = $1 AND anchor_id = $2 AND ended_at IS NULL`,
        [memberId, anchorId],
      );
      return row ? chatOf(row) : undefined;
    },

    /** Inserts a chat; undefined when the pair has one open already (the unique index). */
    async insert(chat: {
      chatId: string;
      memberId: string;
      anchorId: string;
      timer: string;
      rate: number;
      startedAt: Date;
    }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO livechat_sessions (chat_id, member_id, anchor_id, timer, rate, started_at, heard_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING RETURNING chat_id`,
        [chat.chatId, chat.memberId, chat.anchorId, chat.timer, chat.rate, chat.startedAt],
      );
      return rows.length > 0;
    },

    /** Ends an open chat; false when it had ended already. */
    async end(chatId: string, code: number, at: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE livechat_sessions SET ended_at = $2, end_code = $3
          WHERE chat_id = $1 AND ended_at IS NULL RETURNING chat_id`,
        [chatId, at, code],
      );
      return rows.length > 0;
    },

    /** The caller's chats open now or ended since `since`, newest first. */
    async listOf(userid: string, role: 'man' | 'lady', since: Date): Promise<ChatRow[]> {
      const column = role === 'man' ? 'member_id' : 'anchor_id';
      const rows = await db.query<RawChat>(
        `SELECT ${CHAT} FROM livechat_sessions WHERE ${column} = $1 AND (ended_at IS NULL OR ended_at >= $2)
          ORDER BY started_at DESC LIMIT 50`,
        [userid, since],
      );
      return rows.map(chatOf);
    },

    async heard(chatIds: string[], at: Date): Promise<void> {
      if (chatIds.length === 0) return;
      await db.query(
        'UPDATE livechat_sessions SET heard_at = $2 WHERE chat_id = ANY($1) AND ended_at IS NULL',
        [chatIds, at],
      );
    },

    /** Open chats nobody has heard from since `before`: ended with `code`, answered. */
    async endUnheard(before: Date, code: number, at: Date): Promise<ChatRow[]> {
      const rows = await db.query<RawChat>(
        `UPDATE livechat_sessions SET ended_at = $2, end_code = $3
          WHERE ended_at IS NULL AND heard_at < $1 RETURNING ${CHAT}`,
        [before, at, code],
      );
      return rows.map(chatOf);
    },

    async setRead(chatId: string, side: 'member' | 'anchor', msgId: number): Promise<void> {
      const column = side === 'member' ? 'member_read_id' : 'anchor_read_id';
      await db.query(`UPDATE livechat_sessions SET ${column} = GREATEST(${column}, $2) WHERE chat_id = $1`, [
        chatId,
        msgId,
      ]);
    },

    /** Stores a line once per sender's key; the stored line (an earlier one for a repeated key). */
    async addLine(line: Omit<LineRow, 'msgId'>): Promise<LineRow> {
      const [row] = await db.query<RawLine>(
        `INSERT INTO livechat_messages (chat_id, member_id, anchor_id, from_id, content, msg_key, send_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (chat_id, from_id, msg_key) DO NOTHING RETURNING ${LINE}`,
        [line.chatId, line.memberId, line.anchorId, line.fromId, line.content, line.msgKey, line.sendTime],
      );
      if (row) return lineOf(row);
      const [earlier] = await db.query<RawLine>(
        `SELECT ${LINE} FROM livechat_messages WHERE chat_id = $1 AND from_id = $2 AND msg_key = $3`,
        [line.chatId, line.fromId, line.msgKey],
      );
      return lineOf(earlier as RawLine);
    },

    /** The pair's lines older than `beforeId` (all when 0), newest first. */
    async lines(memberId: string, anchorId: string, beforeId: number, step: number): Promise<LineRow[]> {
      const rows = await db.query<RawLine>(
        `SELECT ${LINE} FROM livechat_messages WHERE member_id = $1 AND anchor_id = $2 AND ($3::bigint = 0 OR msg_id < $3)
          ORDER BY msg_id DESC LIMIT $4`,
        [memberId, anchorId, beforeId, step],
      );
      return rows.map(lineOf);
    },

    /** Lines per broadcaster for the member (the side panel's chatNum). */
    async lineCounts(memberId: string): Promise<Map<string, number>> {
      const rows = await db.query<{ anchor_id: string; n: unknown }>(
        'SELECT anchor_id, count(*) AS n FROM livechat_messages WHERE member_id = $1 GROUP BY anchor_id',
        [memberId],
      );
      return new Map(rows.map((r) => [r.anchor_id, toInt(r.n)]));
    },

    /** His free chat tickets not used or expired (good with `anchorId` when named). */
    async ticketCount(memberId: string, anchorId?: string): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        `SELECT count(*) AS n FROM livechat_tickets WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()
           AND ($2::text IS NULL OR anchor_id IS NULL OR anchor_id = $2)`,
        [memberId, anchorId ?? null],
      );
      return toInt(row?.n ?? 0);
    },

    async grantTicket(ticketId: string, memberId: string, expiresAt: Date, anchorId?: string) {
      await db.query(
        `INSERT INTO livechat_tickets (ticket_id, user_id, anchor_id, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (ticket_id) DO NOTHING`,
        [ticketId, memberId, anchorId ?? null, expiresAt],
      );
    },

    /** His chat vouchers not used or expired, first to expire first. */
    async chatVouchers(memberId: string, start: number, step: number) {
      const rows = await db.query<{ voucher_id: string; expires_at: unknown }>(
        `SELECT voucher_id, expires_at FROM vouchers WHERE user_id = $1 AND kind = 'chat'
           AND used_at IS NULL AND expired_at IS NULL AND expires_at > now()
         ORDER BY expires_at, voucher_id LIMIT $2 OFFSET $3`,
        [memberId, step, start],
      );
      const [count] = await db.query<{ n: unknown }>(
        `SELECT count(*) AS n FROM vouchers WHERE user_id = $1 AND kind = 'chat'
           AND used_at IS NULL AND expired_at IS NULL AND expires_at > now()`,
        [memberId],
      );
      return {
        total: toInt(count?.n ?? 0),
        list: rows.map((r) => ({ voucherId: r.voucher_id, expiresAt: toDate(r.expires_at) })),
      };
    },

    async anchorAccepts(anchorId: string): Promise<boolean> {
      const [row] = await db.query<{ livechat_accept: boolean }>(
        'SELECT livechat_accept FROM anchors WHERE userid = $1',
        [anchorId],
      );
      return row?.livechat_accept !== false;
    },

    /** Development tools: the chat began a minute earlier (its next minute falls due now). */
    async shiftMinute(chatId: string): Promise<void> {
      await db.query(
        `UPDATE livechat_sessions SET started_at = started_at - interval '1 minute' WHERE chat_id = $1 AND ended_at IS NULL`,
        [chatId],
      );
    },
  };
}

export type LivechatRepository = ReturnType<typeof livechatRepository>;
