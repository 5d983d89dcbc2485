/** Call-me authorization rows (migration 056, table call_authorizations). */
import type { CallMeStatus } from '../../../protocol/call-service/call-service';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import { dateOrNull, type Row, str } from './calls-repository';

export interface AuthorizationRecord {
  refNo: string;
  anchorId: string;
  anchorNickname: string;
  anchorAvatar: string;
  memberId: string;
  status: CallMeStatus;
  message: string;
  used: number;
  createdAt: Date;
  answeredAt: Date | null;
}

const AUTH_SELECT = `SELECT a.*, u.nickname, u.photourl FROM call_authorizations a JOIN users u ON u.userid = a.anchor_id`;

const authorizationOf = (r: Row): AuthorizationRecord => ({
  refNo: str(r.ref_no),
  anchorId: str(r.anchor_id),
  anchorNickname: str(r.nickname),
  anchorAvatar: str(r.photourl),
  memberId: str(r.member_id),
  status: str(r.status) as CallMeStatus,
  message: str(r.message),
  used: toInt(r.used),
  createdAt: toDate(r.created_at),
  answeredAt: dateOrNull(r.answered_at),
});

export function callMeRepository(db: Db) {
  return {
    async insertAuthorization(a: {
      refNo: string;
      anchorId: string;
      memberId: string;
      message: string;
      at: Date;
    }) {
      await db.query(
        `INSERT INTO call_authorizations (ref_no, anchor_id, member_id, status, message, created_at)
         VALUES ($1, $2, $3, 'waiting', $4, $5)`,
        [a.refNo, a.anchorId, a.memberId, a.message, a.at],
      );
    },

    async authorization(refNo: string, lock = false): Promise<AuthorizationRecord | undefined> {
      const [r] = await db.query<Row>(`${AUTH_SELECT} WHERE a.ref_no = $1${lock ? ' FOR UPDATE OF a' : ''}`, [
        refNo,
      ]);
      return r && authorizationOf(r);
    },

    /** The granted authorization of this pair, locked, if any. */
    async grantedFor(memberId: string, anchorId: string): Promise<AuthorizationRecord | undefined> {
      const [r] = await db.query<Row>(
        `${AUTH_SELECT} WHERE a.member_id = $1 AND a.anchor_id = $2 AND a.status = 'success' FOR UPDATE OF a`,
        [memberId, anchorId],
      );
      return r && authorizationOf(r);
    },

    async setAuthorization(refNo: string, status: CallMeStatus, at: Date): Promise<void> {
      await db.query('UPDATE call_authorizations SET status = $2, answered_at = $3 WHERE ref_no = $1', [
        refNo,
        status,
        at,
      ]);
    },

    async useAuthorization(refNo: string): Promise<void> {
      await db.query('UPDATE call_authorizations SET used = used + 1 WHERE ref_no = $1', [refNo]);
    },

    async memberAuthorizations(memberId: string): Promise<AuthorizationRecord[]> {
      const rows = await db.query<Row>(
        `${AUTH_SELECT} WHERE a.member_id = $1 AND a.status <> 'removed' ORDER BY a.created_at DESC LIMIT 100`,
        [memberId],
      );
      return rows.map(authorizationOf);
    },
  };
}

/** Her authorizations with the member's name (her Calls section), newest first. */
export async function anchorAuthorizations(
  db: Db,
  anchorId: string,
): Promise<(AuthorizationRecord & { memberNickname: string })[]> {
  const rows = await db.query<Row>(
    `SELECT a.*, u.nickname, u.photourl, m.nickname AS member_nickname
       FROM call_authorizations a JOIN users u ON u.userid = a.anchor_id JOIN users m ON m.userid = a.member_id
      WHERE a.anchor_id = $1 AND a.status <> 'removed' ORDER BY a.created_at DESC LIMIT 100`,
    [anchorId],
  );
  return rows.map((r) => ({ ...authorizationOf(r), memberNickname: str(r.member_nickname) }));
}

/** He grants her an authorization at once (callEditAuthorization): a waiting one of the pair becomes it. */
export async function grantAuthorization(
  db: Db,
  a: { refNo: string; anchorId: string; memberId: string; message: string; at: Date },
): Promise<string> {
  const [waiting] = await db.query<Row>(
    `UPDATE call_authorizations SET status = 'success', answered_at = $3
      WHERE member_id = $1 AND anchor_id = $2 AND status = 'waiting' RETURNING ref_no`,
    [a.memberId, a.anchorId, a.at],
  );
  if (waiting) return str(waiting.ref_no);
  await db.query(
    `INSERT INTO call_authorizations (ref_no, anchor_id, member_id, status, message, created_at, answered_at)
     VALUES ($1, $2, $3, 'success', $4, $5, $5)`,
    [a.refNo, a.anchorId, a.memberId, a.message, a.at],
  );
  return a.refNo;
}
