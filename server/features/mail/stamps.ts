/**
 * Post stamps: the packs on sale, buying one with credits (both moves in one transaction, keyed by
 * the client's key so a double click buys once) and the member's stamp history.
 */
import {
  MailErrno,
  MailMessages,
  STAMP_PACKS,
  type StampHistory,
  type StampPack,
} from '../../../protocol/mail/mail';
import { ApiError, notFound } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { creditOf, ledgerRepository } from '../money';
import { announceBalances } from './mail-payment';
import { mailRepository } from './mail-repository';

export class StampService {
  constructor(private readonly deps: { db: Db; notifier: Notifier }) {}

  priceList(): { list: StampPack[] } {
    return {
      list: STAMP_PACKS.map((p) => ({
        item_code: p.item_code,
        item_name: `${p.stamps} Post Stamps`,
        discount_price: creditOf(p.price),
        original_price: creditOf(p.original),
        save_desc: p.save_desc,
        stamps: p.stamps,
      })),
    };
  }

  /** Buys a stamp pack with credits; a repeat of the same key answers the balances, moving nothing. */
  async buy(memberId: string, itemCode: string, key: string) {
    const pack = STAMP_PACKS.find((p) => p.item_code === itemCode);
    if (!pack) throw notFound();
    const idem = `stamps:${memberId}:${key}`;
    const paid = await this.deps.db.transaction(async (tx) => {
      const moved = await ledgerRepository(tx).move({
        userId: memberId,
        delta: -pack.price,
        reason: 'stamps',
        ref: pack.item_code,
        key: idem,
        payee: null,
      });
      if (moved.status === 'insufficient') {
        throw new ApiError(MailErrno.NO_CREDITS_STAMPS, MailMessages.noCreditsStamps);
      }
      if (moved.status === 'duplicate') return false;
      await mailRepository(tx).moveStamps({
        userId: memberId,
        delta: pack.stamps,
        reason: 'purchase',
        payee: null,
        ref: pack.item_code,
        key: idem,
      });
      return true;
    });
    // Both balances moved: his tabs hear each.
    return announceBalances(this.deps.db, this.deps.notifier, memberId, paid ? 'stamps' : 'none', paid);
  }

  async histories(memberId: string): Promise<{ list: StampHistory[] }> {
    const rows = await mailRepository(this.deps.db).stampHistory(memberId);
    return {
      list: rows.map((r) => ({
        id: r.id,
        delta: r.delta,
        balance_after: r.balanceAfter,
        reason: r.reason,
        ref: r.ref,
        time: Math.floor(r.at.getTime() / 1000),
      })),
    };
  }
}
