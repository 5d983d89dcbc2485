/** The live-chat engine's invitations and members' invitation blocks (migration 028). */
import type { Db } from '../../storage/contract';
import { toDate } from '../../storage/rows';

export interface LiveChatInviteRow {
  inviteId: string;
  anchorId: string;
  userId: string;
  inviteType: number;
  automatic: boolean;
  robot: boolean;
  contact: boolean;
  msg: string;
  createdAt: Date;
  expiresAt: Date;
  status: 'sent' | 'shown' | 'ignored';
}

interface Raw {
  invite_id: string;
  anchor_id: string;
  user_id: string;
  invite_type: number;
  automatic: boolean;
  robot: boolean;
  contact: boolean;
  msg: string;
  created_at: unknown;
  expires_at: unknown;
  status: LiveChatInviteRow['status'];
}

const rowOf = (r: Raw): LiveChatInviteRow => ({
  inviteId: r.invite_id,
  anchorId: r.anchor_id,
  userId: r.user_id,
  inviteType: Number(r.invite_type),
  automatic: r.automatic,
  robot: r.robot,
  contact: r.contact,
  msg: r.msg,
  createdAt: toDate(r.created_at),
  expiresAt: toDate(r.expires_at),
  status: r.status,
});

export function livechatInvitesRepository(db: Db) {
  return {
    async create(row: LiveChatInviteRow): Promise<void> {
      await db.query(
        `INSERT INTO livechat_invites (invite_id, anchor_id, user_id, invite_type, automatic, robot, contact, msg,
           created_at, expires_at, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          row.inviteId,
          row.anchorId,
          row.userId,
          row.inviteType,
          row.automatic,
          row.robot,
          row.contact,
          row.msg,
          row.createdAt,
          row.expiresAt,
          row.status,
        ],
      );
    },

    /** Broadcasters who invited him (sent or ignored) since `since`: not again within 10 minutes. */
    async anchorsSince(userId: string, since: Date): Promise<Set<string>> {
      const rows = await db.query<{ anchor_id: string }>(
        'SELECT DISTINCT anchor_id FROM livechat_invites WHERE user_id = $1 AND created_at > $2',
        [userId, since],
      );
      return new Set(rows.map((r) => r.anchor_id));
    },

    /** Her newest invitation to him still alive at `now` and not ignored (showInvite). */
    async liveOf(userId: string, anchorId: string, now: Date): Promise<LiveChatInviteRow | undefined> {
      const [row] = await db.query<Raw>(
        `SELECT * FROM livechat_invites WHERE user_id = $1 AND anchor_id = $2 AND expires_at > $3
           AND status <> 'ignored' ORDER BY created_at DESC LIMIT 1`,
        [userId, anchorId, now],
      );
      return row ? rowOf(row) : undefined;
    },

    async markShown(inviteId: string): Promise<void> {
      await db.query(
        `UPDATE livechat_invites SET status = 'shown' WHERE invite_id = $1 AND status = 'sent'`,
        [inviteId],
      );
    },

    /** Broadcasters (of `anchorIds`) he chatted with before: his chat contacts. */
    async contacts(userId: string, anchorIds: readonly string[]): Promise<Set<string>> {
      if (anchorIds.length === 0) return new Set();
      const rows = await db.query<{ anchor_id: string }>(
        'SELECT DISTINCT anchor_id FROM livechat_sessions WHERE member_id = $1 AND anchor_id = ANY($2::text[])',
        [userId, [...anchorIds]],
      );
      return new Set(rows.map((r) => r.anchor_id));
    },

    async blocked(userId: string): Promise<Set<string>> {
      const rows = await db.query<{ anchor_id: string }>(
        'SELECT anchor_id FROM livechat_invite_blocks WHERE user_id = $1',
        [userId],
      );
      return new Set(rows.map((r) => r.anchor_id));
    },

    async setBlock(userId: string, anchorId: string, block: boolean): Promise<void> {
      if (block)
        await db.query(
          'INSERT INTO livechat_invite_blocks (user_id, anchor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [userId, anchorId],
        );
      else
        await db.query('DELETE FROM livechat_invite_blocks WHERE user_id = $1 AND anchor_id = $2', [
          userId,
          anchorId,
        ]);
    },

    /** Of these ids (sockets online), the broadcasters shown online and not suspended. */
    async shownOnline(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<{ userid: string }>(
        `SELECT userid FROM anchors WHERE userid = ANY($1::text[]) AND state <> 'offline' AND account_status <> 3`,
        [[...ids]],
      );
      return rows.map((r) => r.userid);
    },

    /** Whether the anchors (of `anchorIds`) take live chats (anchors.livechat_accept, migration 027). */
    async accepting(anchorIds: readonly string[]): Promise<Set<string>> {
      if (anchorIds.length === 0) return new Set();
      const rows = await db.query<{ userid: string }>(
        'SELECT userid FROM anchors WHERE userid = ANY($1::text[]) AND livechat_accept',
        [[...anchorIds]],
      );
      return new Set(rows.map((r) => r.userid));
    },
  };
}

export type LiveChatInvitesRepository = ReturnType<typeof livechatInvitesRepository>;
