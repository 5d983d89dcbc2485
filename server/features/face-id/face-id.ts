/**
 * The broadcaster's face-ID check (protocol/face-id/face-id.ts): a check is started with the identity
 * provider and recorded; its result, once passed, makes her verified for FACE_ID_VALID_S, which
 * going live requires.
 */
import { Errno } from '../../../protocol/errors';
import {
  FACE_ID_VALID_S,
  type FaceIdResultAnswer,
  type FaceIdStartAnswer,
  type FaceIdStatus,
  FaceIdText,
} from '../../../protocol/face-id/face-id';
import { ApiError } from '../../core/errors';
import type { IdentityProvider } from '../../providers/identity/provider';
import type { Db } from '../../storage/contract';

export class FaceIdService {
  constructor(
    private readonly db: Db,
    /** Undefined: no provider in this deployment, and the check says it is unavailable. */
    private readonly provider: IdentityProvider | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async start(anchorId: string, roomType: number): Promise<FaceIdStartAnswer> {
    if (!this.provider) throw new ApiError(Errno.FACE_ID_FAILED, FaceIdText.unavailable);
    const check = await this.provider.start(anchorId);
    await this.db.query('INSERT INTO face_checks (ref_id, anchor_id, room_type) VALUES ($1, $2, $3)', [
      check.refId,
      anchorId,
      roomType,
    ]);
    return { result: 1, identify_url: check.identifyUrl, ref_id: check.refId };
  }

  /** 1 once she passed (and she is verified from now on); 0 while pending or failed. */
  async result(anchorId: string, refId: string): Promise<FaceIdResultAnswer> {
    const [row] = await this.db.query<{ anchor_id: string }>(
      'SELECT anchor_id FROM face_checks WHERE ref_id = $1',
      [refId],
    );
    // Spec 000 §7: a failed result call returns 0; so does another broadcaster's check.
    if (!row || row.anchor_id !== anchorId || !this.provider) return { result: 0 };
    const verdict = await this.provider.verdict(refId);
    if (verdict !== 'passed') return { result: 0 };
    await this.db.query('UPDATE anchors SET face_verified_until = $2 WHERE userid = $1', [
      anchorId,
      new Date(this.now() + FACE_ID_VALID_S * 1000),
    ]);
    return { result: 1 };
  }

  async status(anchorId: string): Promise<FaceIdStatus> {
    const [row] = await this.db.query<{ until: unknown }>(
      'SELECT face_verified_until AS until FROM anchors WHERE userid = $1',
      [anchorId],
    );
    const until = row?.until ? new Date(row.until as string).getTime() : 0;
    const left = Math.max(0, Math.floor((until - this.now()) / 1000));
    return { verified: left > 0 ? 1 : 0, left_seconds: left };
  }

  async verified(anchorId: string): Promise<boolean> {
    return (await this.status(anchorId)).verified === 1;
  }
}
