/** Blocks and reports (migration 042). */
import type { SafetyReason } from '../../../protocol/safety/safety';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

/**
 * A WHERE condition that keeps a row only when its member does not block its broadcaster: the
 * member's own lists (conversations, her letters, Say Hi) apply it so she leaves them once blocked.
 */
export const notBlocked = (memberColumn: string, anchorColumn: string) =>
  `NOT EXISTS (SELECT 1 FROM safety_blocks sb WHERE sb.member_id = ${memberColumn} AND sb.anchor_id = ${anchorColumn})`;

export interface BlockRow {
  anchorId: string;
  nickname: string;
  photourl: string;
  createdAt: Date;
}

export interface ReportRow {
  id: number;
  memberId: string;
  memberNickname: string;
  anchorId: string;
  anchorNickname: string;
  reason: SafetyReason;
  body: string;
  status: 'open' | 'handled';
  createdAt: Date;
}

interface RawReport {
  id: unknown;
  member_id: string;
  member_nickname: string | null;
  anchor_id: string;
  anchor_nickname: string | null;
  reason: SafetyReason;
  body: string;
  status: 'open' | 'handled';
  created_at: unknown;
}

const toReport = (r: RawReport): ReportRow => ({
  id: toInt(r.id),
  memberId: r.member_id,
  memberNickname: r.member_nickname ?? '',
  anchorId: r.anchor_id,
  anchorNickname: r.anchor_nickname ?? '',
  reason: r.reason,
  body: r.body,
  status: r.status,
  createdAt: toDate(r.created_at),
});

export function safetyRepository(db: Db) {
  return {
    /** The broadcasters he blocks: one query for a whole list's filtering. */
    /** The members who block anyone (few: most block nobody). */
    async blockers(): Promise<Set<string>> {
      const rows = await db.query<{ member_id: string }>('SELECT DISTINCT member_id FROM safety_blocks');
      return new Set(rows.map((r) => r.member_id));
    },

    async blockedBy(memberId: string): Promise<Set<string>> {
      const rows = await db.query<{ anchor_id: string }>(
        'SELECT anchor_id FROM safety_blocks WHERE member_id = $1',
        [memberId],
      );
      return new Set(rows.map((r) => r.anchor_id));
    },

    async blocks(memberId: string, anchorId: string): Promise<boolean> {
      const rows = await db.query<{ one: number }>(
        'SELECT 1 AS one FROM safety_blocks WHERE member_id = $1 AND anchor_id = $2',
        [memberId, anchorId],
      );
      return rows.length > 0;
    },

    async setBlock(memberId: string, anchorId: string, block: boolean): Promise<void> {
      if (block)
        await db.query(
          'INSERT INTO safety_blocks (member_id, anchor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [memberId, anchorId],
        );
      else
        await db.query('DELETE FROM safety_blocks WHERE member_id = $1 AND anchor_id = $2', [
          memberId,
          anchorId,
        ]);
    },

    /** His blocks with her name and photo, newest first. */
    async blockList(memberId: string): Promise<BlockRow[]> {
      const rows = await db.query<{
        anchor_id: string;
        nickname: string | null;
        photourl: string | null;
        created_at: unknown;
      }>(
        `SELECT b.anchor_id, u.nickname, u.photourl, b.created_at FROM safety_blocks b
           LEFT JOIN users u ON u.userid = b.anchor_id WHERE b.member_id = $1 ORDER BY b.created_at DESC, b.anchor_id`,
        [memberId],
      );
      return rows.map((r) => ({
        anchorId: r.anchor_id,
        nickname: r.nickname ?? '',
        photourl: r.photourl ?? '',
        createdAt: toDate(r.created_at),
      }));
    },

    async openReportExists(memberId: string, anchorId: string): Promise<boolean> {
      const rows = await db.query<{ one: number }>(
        `SELECT 1 AS one FROM safety_reports WHERE member_id = $1 AND anchor_id = $2 AND status = 'open'`,
        [memberId, anchorId],
      );
      return rows.length > 0;
    },

    /** Inserts an open report; a second open one for the pair fails on the unique index. */
    async createReport(
      memberId: string,
      anchorId: string,
      reason: SafetyReason,
      body: string,
    ): Promise<number> {
      const [row] = await db.query<{ id: unknown }>(
        'INSERT INTO safety_reports (member_id, anchor_id, reason, body) VALUES ($1, $2, $3, $4) RETURNING id',
        [memberId, anchorId, reason, body],
      );
      return toInt(row?.id);
    },

    async openReports(limit: number): Promise<ReportRow[]> {
      const rows = await db.query<RawReport>(
        `SELECT r.id, r.member_id, m.nickname AS member_nickname, r.anchor_id, a.nickname AS anchor_nickname,
           r.reason, r.body, r.status, r.created_at
         FROM safety_reports r LEFT JOIN users m ON m.userid = r.member_id LEFT JOIN users a ON a.userid = r.anchor_id
         WHERE r.status = 'open' ORDER BY r.created_at DESC, r.id DESC LIMIT $1`,
        [limit],
      );
      return rows.map(toReport);
    },

    /** 'handled' now, 'already' when it was, 'none' when there is no such report. */
    async handle(id: number, operatorId: string, note: string): Promise<'handled' | 'already' | 'none'> {
      const done = await db.query<{ id: unknown }>(
        `UPDATE safety_reports SET status = 'handled', handled_at = now(), handled_by = $2, note = $3
           WHERE id = $1 AND status = 'open' RETURNING id`,
        [id, operatorId, note],
      );
      if (done.length > 0) return 'handled';
      const found = await db.query<{ id: unknown }>('SELECT id FROM safety_reports WHERE id = $1', [id]);
      return found.length > 0 ? 'already' : 'none';
    },
  };
}

export type SafetyRepository = ReturnType<typeof safetyRepository>;
