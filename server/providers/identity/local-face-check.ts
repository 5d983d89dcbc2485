/**
 * The local stand-in for a face-ID provider: the check page is /dev/face-check on this server (a
 * development page: dev-tools.ts says who may open it), which shows her camera and lets an
 * operator pass or fail her. Verdicts are rows of face_checks, so any process can read them.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../storage/contract';
import { toDate } from '../../storage/rows';
import type { IdentityCheck, IdentityProvider, IdentityVerdict } from './provider';

export const FACE_CHECK_PAGE = '/dev/face-check';

export class LocalFaceCheck implements IdentityProvider {
  constructor(private readonly db: Db) {}

  async start(): Promise<IdentityCheck> {
    const refId = randomBytes(12).toString('base64url');
    return { refId, identifyUrl: `${FACE_CHECK_PAGE}?ref=${refId}` };
  }

  async verdict(refId: string): Promise<IdentityVerdict> {
    const [row] = await this.db.query<{ status: IdentityVerdict }>(
      'SELECT status FROM face_checks WHERE ref_id = $1',
      [refId],
    );
    return row?.status ?? 'failed';
  }

  /** The operator's decision on the check page; false when there is no such pending check. */
  async decide(refId: string, passed: boolean): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE face_checks SET status = $2, decided_at = now() WHERE ref_id = $1 AND status = 'pending' RETURNING ref_id`,
      [refId, passed ? 'passed' : 'failed'],
    );
    return rows.length > 0;
  }

  /** The checks waiting for a verdict, newest first (the operator console lists them). */
  async pendingList(limit = 20): Promise<{ refId: string; anchorId: string; createdAt: Date }[]> {
    const rows = await this.db.query<{ ref_id: string; anchor_id: string; created_at: unknown }>(
      `SELECT ref_id, anchor_id, created_at FROM face_checks WHERE status = 'pending'
       ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({ refId: r.ref_id, anchorId: r.anchor_id, createdAt: toDate(r.created_at) }));
  }

  async pending(refId: string): Promise<{ anchorId: string } | undefined> {
    const [row] = await this.db.query<{ anchor_id: string }>(
      `SELECT anchor_id FROM face_checks WHERE ref_id = $1 AND status = 'pending'`,
      [refId],
    );
    return row ? { anchorId: row.anchor_id } : undefined;
  }
}
