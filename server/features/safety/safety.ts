/**
 * Safety (protocol/safety/safety.ts): his blocks and his reports, and the trust team's queue. The
 * "is blocked" check other features apply is BlockCheck (block-check.ts), told of every change here.
 */
import { Errno } from '../../../protocol/errors';
import {
  type BlockedAnchor,
  REPORT_LIST_MAX,
  SafetyErrno,
  type SafetyReason,
  type SafetyReport,
  type SafetyStatus,
  SafetyText,
} from '../../../protocol/safety/safety';
import { ApiError, notFound } from '../../core/errors';
import { type Db, isUniqueViolation, type StorageRepositories } from '../../storage/contract';
import type { BlockCheck } from './block-check';
import { type SafetyRepository, safetyRepository } from './safety-repository';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export class SafetyService {
  private readonly rows: SafetyRepository;

  constructor(
    db: Db,
    private readonly repos: Pick<StorageRepositories, 'anchors'>,
    private readonly check?: Pick<BlockCheck, 'changed'>,
  ) {
    this.rows = safetyRepository(db);
  }

  /** She must exist; a suspended broadcaster can still be unblocked or reported. */
  private async anchorOf(anchorId: string): Promise<string> {
    const anchor = await this.repos.anchors.find(anchorId);
    if (!anchor) throw notFound();
    return anchor.userid;
  }

  async setBlock(
    memberId: string,
    anchorId: string,
    block: boolean,
  ): Promise<{ anchor_id: string; block: 0 | 1 }> {
    const id = await this.anchorOf(anchorId);
    await this.rows.setBlock(memberId, id, block);
    await this.check?.changed(memberId);
    return { anchor_id: id, block: block ? 1 : 0 };
  }

  async blockList(memberId: string): Promise<{ list: BlockedAnchor[] }> {
    const rows = await this.rows.blockList(memberId);
    return {
      list: rows.map((r) => ({
        anchor_id: r.anchorId,
        nick_name: r.nickname,
        photourl: r.photourl,
        time: seconds(r.createdAt),
      })),
    };
  }

  async status(memberId: string, anchorId: string): Promise<SafetyStatus> {
    const id = await this.anchorOf(anchorId);
    const [blocked, reported] = await Promise.all([
      this.rows.blocks(memberId, id),
      this.rows.openReportExists(memberId, id),
    ]);
    return { anchor_id: id, blocked: blocked ? 1 : 0, reported: reported ? 1 : 0 };
  }

  /** One open report per pair: a second while it is open answers ALREADY_REPORTED and stores nothing. */
  async report(
    memberId: string,
    anchorId: string,
    reason: SafetyReason,
    text: string,
  ): Promise<{ report_id: number }> {
    const id = await this.anchorOf(anchorId);
    const already = () => new ApiError(SafetyErrno.ALREADY_REPORTED, SafetyText.alreadyReported);
    if (await this.rows.openReportExists(memberId, id)) throw already();
    try {
      return { report_id: await this.rows.createReport(memberId, id, reason, text) };
    } catch (error) {
      // Two reports at once: the unique index lets one in.
      if (isUniqueViolation(error)) throw already();
      throw error;
    }
  }

  /** The trust team's queue: open reports, newest first. */
  async openReports(): Promise<{ list: SafetyReport[] }> {
    const rows = await this.rows.openReports(REPORT_LIST_MAX);
    return {
      list: rows.map((r) => ({
        report_id: r.id,
        member_id: r.memberId,
        member_nickname: r.memberNickname,
        anchor_id: r.anchorId,
        anchor_nickname: r.anchorNickname,
        reason: r.reason,
        text: r.body,
        time: seconds(r.createdAt),
        status: r.status,
      })),
    };
  }

  async handle(
    operatorId: string,
    reportId: number,
    note: string,
  ): Promise<{ report_id: number; status: 'handled' }> {
    const outcome = await this.rows.handle(reportId, operatorId, note);
    if (outcome === 'none') throw new ApiError(Errno.NOT_FOUND, SafetyText.reportNotFound);
    if (outcome === 'already') throw new ApiError(SafetyErrno.REPORT_HANDLED, SafetyText.reportHandled);
    return { report_id: reportId, status: 'handled' };
  }
}
