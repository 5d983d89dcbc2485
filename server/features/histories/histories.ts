/** The member's credit and chat-minute histories (protocol/histories/histories.ts), from their ledgers. */

import type {
  ChatminHistoryAnswer,
  CreditHistoryAnswer,
  HistoryAnchor,
} from '../../../protocol/histories/histories';
import type { Db } from '../../storage/contract';
import { chatminLedgerRepository, creditOf } from '../money';
import { creditHistoryRepository } from './credit-history-repository';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const anchorOf = (anchorId: string, nickname: string): HistoryAnchor | null =>
  anchorId ? { anchor_id: anchorId, nickname } : null;

export class HistoryService {
  private readonly credits: ReturnType<typeof creditHistoryRepository>;
  private readonly chatmins: ReturnType<typeof chatminLedgerRepository>;

  constructor(db: Db) {
    this.credits = creditHistoryRepository(db);
    this.chatmins = chatminLedgerRepository(db);
  }

  async credit(memberId: string, start: number, step: number): Promise<CreditHistoryAnswer> {
    const rows = await this.credits.page(memberId, start, step);
    return {
      list: rows.map((r) => ({
        id: r.id,
        time: seconds(r.at),
        reason: r.reason,
        ref: r.ref,
        amount: creditOf(r.delta),
        balance: creditOf(r.balanceAfter),
        count: r.count,
        title: r.title,
        anchor: anchorOf(r.anchorId, r.anchorNickname),
        room_type: r.roomType,
      })),
    };
  }

  async chatmin(memberId: string, start: number, step: number): Promise<ChatminHistoryAnswer> {
    const rows = await this.chatmins.page(memberId, start, step);
    return {
      list: rows.map((r) => ({
        id: r.id,
        time: seconds(r.at),
        reason: r.reason,
        ref: r.ref,
        minutes: r.delta,
        balance: r.balanceAfter,
        anchor: anchorOf(r.anchorId, r.anchorNickname),
      })),
    };
  }
}
