/** Customer care threads and their messages (migration 036). */
import type { CareCategory, CareStatus } from '../../../protocol/care/care';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

export interface ThreadRow {
  id: number;
  memberId: string;
  memberNickname: string;
  subject: string;
  category: CareCategory;
  status: CareStatus;
  memberUnread: number;
  lastText: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface MessageRow {
  id: number;
  threadId: number;
  author: 'member' | 'care';
  body: string;
  screenshotKey: string | null;
  createdAt: Date;
}

interface RawThread {
  id: unknown;
  member_id: string;
  nickname: string | null;
  subject: string;
  category: CareCategory;
  status: CareStatus;
  member_unread: unknown;
  last_text: string | null;
  created_at: unknown;
  updated_at: unknown;
}

const THREAD_SELECT = `SELECT t.*, u.nickname,
    (SELECT body FROM care_messages m WHERE m.thread_id = t.id ORDER BY m.id DESC LIMIT 1) AS last_text
  FROM care_threads t LEFT JOIN users u ON u.userid = t.member_id`;

const toThread = (r: RawThread): ThreadRow => ({
  id: toInt(r.id),
  memberId: r.member_id,
  memberNickname: r.nickname ?? '',
  subject: r.subject,
  category: r.category,
  status: r.status,
  memberUnread: toInt(r.member_unread),
  lastText: r.last_text ?? '',
  createdAt: toDate(r.created_at),
  updatedAt: toDate(r.updated_at),
});

export function careRepository(db: Db) {
  return {
    async threadsOf(memberId: string): Promise<ThreadRow[]> {
      const rows = await db.query<RawThread>(
        `${THREAD_SELECT} WHERE t.member_id = $1 ORDER BY t.updated_at DESC, t.id DESC LIMIT 100`,
        [memberId],
      );
      return rows.map(toThread);
    },

    /** Care's list: waiting threads oldest first (who waited longest comes first), others newest. */
    async threadsByStatus(status: CareStatus | 'all'): Promise<ThreadRow[]> {
      const rows = await db.query<RawThread>(
        status === 'all'
          ? `${THREAD_SELECT} ORDER BY t.updated_at DESC LIMIT 200`
          : `${THREAD_SELECT} WHERE t.status = $1 ORDER BY t.updated_at ${status === 'open' ? 'ASC' : 'DESC'} LIMIT 200`,
        status === 'all' ? [] : [status],
      );
      return rows.map(toThread);
    },

    async thread(id: number): Promise<ThreadRow | undefined> {
      const [row] = await db.query<RawThread>(`${THREAD_SELECT} WHERE t.id = $1`, [id]);
      return row && toThread(row);
    },

    async messages(threadId: number): Promise<MessageRow[]> {
      const rows = await db.query<{
        id: unknown;
        thread_id: unknown;
        author: 'member' | 'care';
        body: string;
        screenshot_key: string | null;
        created_at: unknown;
      }>('SELECT * FROM care_messages WHERE thread_id = $1 ORDER BY id', [threadId]);
      return rows.map((r) => ({
        id: toInt(r.id),
        threadId: toInt(r.thread_id),
        author: r.author,
        body: r.body,
        screenshotKey: r.screenshot_key,
        createdAt: toDate(r.created_at),
      }));
    },

    async message(id: number): Promise<{ threadId: number; screenshotKey: string | null } | undefined> {
      const [row] = await db.query<{ thread_id: unknown; screenshot_key: string | null }>(
        'SELECT thread_id, screenshot_key FROM care_messages WHERE id = $1',
        [id],
      );
      return row && { threadId: toInt(row.thread_id), screenshotKey: row.screenshot_key };
    },

    async openCount(memberId: string): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        `SELECT count(*) AS n FROM care_threads WHERE member_id = $1 AND status = 'open'`,
        [memberId],
      );
      return toInt(row?.n ?? 0);
    },

    async unread(memberId: string): Promise<number> {
      const [row] = await db.query<{ n: unknown }>(
        'SELECT coalesce(sum(member_unread), 0) AS n FROM care_threads WHERE member_id = $1',
        [memberId],
      );
      return toInt(row?.n ?? 0);
    },

    async createThread(memberId: string, subject: string, category: CareCategory): Promise<number> {
      const [row] = await db.query<{ id: unknown }>(
        'INSERT INTO care_threads (member_id, subject, category) VALUES ($1, $2, $3) RETURNING id',
        [memberId, subject, category],
      );
      return toInt(row?.id);
    },

    async addMessage(
      threadId: number,
      author: 'member' | 'care',
      body: string,
      screenshotKey: string | null,
      operatorId: string | null,
    ): Promise<void> {
      await db.query(
        `INSERT INTO care_messages (thread_id, author, operator_id, body, screenshot_key)
         VALUES ($1, $2, $3, $4, $5)`,
        [threadId, author, operatorId, body, screenshotKey],
      );
    },

    /** After a message: the thread's new status; care's message counts as unread for him. */
    async touch(threadId: number, status: CareStatus, addUnread: number): Promise<number> {
      const [row] = await db.query<{ member_unread: unknown }>(
        `UPDATE care_threads SET status = $2, member_unread = member_unread + $3, updated_at = now()
         WHERE id = $1 RETURNING member_unread`,
        [threadId, status, addUnread],
      );
      return toInt(row?.member_unread ?? 0);
    },

    async markRead(threadId: number): Promise<void> {
      await db.query('UPDATE care_threads SET member_unread = 0 WHERE id = $1 AND member_unread > 0', [
        threadId,
      ]);
    },

    async close(threadId: number): Promise<void> {
      await db.query(`UPDATE care_threads SET status = 'closed', updated_at = now() WHERE id = $1`, [
        threadId,
      ]);
    },
  };
}
export type CareRepository = ReturnType<typeof careRepository>;
