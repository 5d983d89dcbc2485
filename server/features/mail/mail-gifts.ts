/**
 * A virtual gift sent with a letter (protocol/mail "Gifts in a letter"): checked like a room gift
 * before the send's transaction; inside it, his backpack's gifts of that kind first and the rest one
 * ledger charge keyed by the send's key (a double click gives once), and the gift recorded as hers
 * (her workspace's Gifts card, the letter). After commit: her tabs hear it, it earns Intimacy.
 */
import { Errno, Messages } from '../../../protocol/errors';
import { ROOM_GIFT_EVENT, type RoomGiftLine } from '../../../protocol/room-gifts/room-gifts';
import { ApiError } from '../../core/errors';
import type { Notifier } from '../../realtime/deliver';
import type { Db, StorageRepositories } from '../../storage/contract';
import type { CatalogueGift } from '../gifts';
import type { EarnIntimacy } from '../intimacy';
import { creditOf, ledgerRepository } from '../money';
import { checkAttachedGift, recordGiven, takeAttachedGifts } from '../room-gifts';

export interface LetterGiftInput {
  giftId: string;
  num: number;
  useBackpack: boolean;
}

export interface LetterGiftPlan extends LetterGiftInput {
  gift: CatalogueGift;
}

/** Before the send's transaction: he may give it her (a room gift's rules). */
export async function planLetterGift(
  db: Db,
  repos: StorageRepositories,
  memberId: string,
  anchorId: string,
  input: LetterGiftInput,
): Promise<LetterGiftPlan> {
  const gift = await checkAttachedGift(db, repos, memberId, anchorId, input.giftId);
  return { ...input, gift };
}

/**
 * Inside the send's transaction (his row locked): backpack first, the rest through the ledger
 * (reason 'letter_gift'), the gift recorded as hers. Throws NO_CREDIT (rolling the letter back)
 * when his credits do not cover it. Answers whether credits moved.
 */
export async function giveLetterGift(
  tx: Db,
  plan: LetterGiftPlan,
  g: { memberId: string; anchorId: string; emfId: string; sendKey: string },
): Promise<boolean> {
  const held = plan.useBackpack
    ? await takeAttachedGifts(tx, g.memberId, plan.gift.giftid, plan.num)
    : { taken: 0, until: null };
  const price = (plan.num - held.taken) * plan.gift.creditHundredths;
  if (price > 0) {
    const moved = await ledgerRepository(tx).move({
      userId: g.memberId,
      delta: -price,
      reason: 'letter_gift',
      ref: g.emfId,
      payee: g.anchorId,
      key: `${g.sendKey}:gift`,
    });
    if (moved.status === 'insufficient')
      throw new ApiError(Errno.NO_CREDIT, Messages.noCredit, {
        credit: creditOf(moved.balance),
        credit_needed: creditOf(price),
      });
  }
  await recordGiven(tx, {
    orderId: `RG${g.emfId}`,
    source: 'letter',
    memberId: g.memberId,
    anchorId: g.anchorId,
    roomId: g.emfId,
    giftid: plan.gift.giftid,
    num: plan.num,
    creditPaid: price,
    fromBackpack: held.taken,
    key: `letter_gift:${g.emfId}`,
  });
  return price > 0;
}

/** After commit: her Gifts card hears it and the gift earns Intimacy (once, by the letter). */
export async function announceLetterGift(
  deps: { db: Db; notifier: Notifier; earnIntimacy?: EarnIntimacy },
  plan: LetterGiftPlan,
  g: { memberId: string; anchorId: string; emfId: string },
): Promise<void> {
  const [user] = await deps.db.query<{ nickname: string | null }>(
    'SELECT nickname FROM users WHERE userid = $1',
    [g.memberId],
  );
  const line: RoomGiftLine = {
    room_id: g.emfId,
    from_id: g.memberId,
    nickname: user?.nickname ?? '',
    giftid: plan.gift.giftid,
    name: plan.gift.name,
    small_imgurl: plan.gift.imgurl,
    num: plan.num,
    at: Math.floor(Date.now() / 1000),
  };
  await deps.notifier.deliver(g.anchorId, ROOM_GIFT_EVENT, line);
  await deps.earnIntimacy?.({
    memberId: g.memberId,
    anchorId: g.anchorId,
    source: 'gift',
    key: `letter_gift:${g.emfId}`,
    units: plan.num,
  });
}
