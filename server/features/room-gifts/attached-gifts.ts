/**
 * A gift that goes with something else (a booking, a letter), not given in a room: the same rules
 * as a room gift (his send_gift_flower, her flower_sent and priv_mb_h5_show_gift, Intimacy Level 4
 * for a limited gift), his backpack's gifts of that kind first, and, once it is hers, a row of her
 * received gifts (room_gifts, with its source) so her workspace's Gifts card lists it. The writes
 * run in the caller's transaction; the caller charges the rest through the ledger with its own key.
 */
import { Errno, Messages } from '../../../protocol/errors';
import { GiftErrno, GiftMessages, mayGive } from '../../../protocol/gifts/gifts';
import { intimacyLevel } from '../../../protocol/messages/messages';
import { ApiError, notFound } from '../../core/errors';
import type { Db, StorageRepositories } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';
import { type CatalogueGift, giftsRepository } from '../gifts';
import { roomGiftsRepository } from './room-gifts-repository';

export type GiftSource = 'booking' | 'letter';

/** The checks before a gift goes with a booking or a letter; answers the catalogue's gift. */
export async function checkAttachedGift(
  db: Db,
  repos: StorageRepositories,
  memberId: string,
  anchorId: string,
  giftid: string,
): Promise<CatalogueGift> {
  const member = await repos.members.find(memberId);
  if (!member) throw notFound();
  if (member.priv.send_gift_flower !== 1) throw new ApiError(Errno.NO_PRIVILEGE, Messages.noPrivilege);
  const gift = await giftsRepository(db).find(giftid);
  if (!gift) throw new ApiError(GiftErrno.UNKNOWN_GIFT, GiftMessages.unknownGift);
  const anchor = await repos.anchors.find(anchorId);
  if (!anchor) throw notFound();
  if (anchor.priv.flower_sent !== 1 || anchor.priv.priv_mb_h5_show_gift !== 1)
    throw new ApiError(GiftErrno.NOT_ACCEPTED, GiftMessages.notAccepted);
  const level = intimacyLevel(await roomGiftsRepository(db).experience(memberId, anchorId));
  if (!mayGive({ intimacy_level: gift.intimacyLevel }, level))
    throw new ApiError(GiftErrno.LIMITED, GiftMessages.limited);
  return gift;
}

/**
 * Takes up to `num` of this gift from his backpack (soonest to expire first), inside the caller's
 * transaction: how many, and the soonest expiry among them (they go back with it on a refund).
 */
export async function takeAttachedGifts(
  tx: Db,
  memberId: string,
  giftid: string,
  num: number,
): Promise<{ taken: number; until: Date | null }> {
  const [soonest] = await tx.query<{ expires_at: unknown }>(
    `SELECT expires_at FROM backpack_items
      WHERE user_id = $1 AND kind = 'gift' AND giftid = $2 AND quantity > 0 AND expires_at > now()
      ORDER BY expires_at LIMIT 1`,
    [memberId, giftid],
  );
  const taken = await roomGiftsRepository(tx).takeFromBackpack(memberId, giftid, num);
  return { taken, until: taken > 0 && soonest ? toDate(soonest.expires_at) : null };
}

/** Puts a refunded order's backpack gifts back, once (keyed by `itemId`). */
export async function returnAttachedGifts(
  tx: Db,
  r: { itemId: string; memberId: string; giftid: string; num: number; until: Date | null },
): Promise<void> {
  if (r.num <= 0) return;
  await tx.query(
    `INSERT INTO backpack_items (item_id, user_id, kind, giftid, quantity, expires_at)
     VALUES ($1, $2, 'gift', $3, $4, GREATEST(COALESCE($5::timestamptz, now()), now() + interval '1 day'))
     ON CONFLICT (item_id) DO NOTHING`,
    [r.itemId, r.memberId, r.giftid, r.num, r.until],
  );
}

/** Records the gift as hers (her Gifts card), once per key; whether it was recorded now. */
export async function recordGiven(
  tx: Db,
  g: {
    orderId: string;
    source: GiftSource;
    memberId: string;
    anchorId: string;
    /** The booking's room or the letter's id: where it was given. */
    roomId: string;
    giftid: string;
    num: number;
    creditPaid: number;
    fromBackpack: number;
    key: string;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO room_gifts (order_id, member_id, anchor_id, room_id, giftid, num, credit_paid,
                             from_backpack, idem_key, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (idem_key) DO NOTHING RETURNING order_id`,
    [
      g.orderId,
      g.memberId,
      g.anchorId,
      g.roomId,
      g.giftid,
      g.num,
      g.creditPaid,
      g.fromBackpack,
      g.key,
      g.source,
    ],
  );
  return rows.length > 0;
}

/** The gift given with a letter or a booking (by where it was given), if any. */
export async function attachedGiftOf(
  db: Db,
  source: GiftSource,
  roomId: string,
): Promise<{ giftid: string; name: string; imgurl: string; num: number } | undefined> {
  const [row] = await db.query<{ giftid: string; name: string; imgurl: string; num: unknown }>(
    `SELECT r.giftid, g.name, g.imgurl, r.num FROM room_gifts r JOIN gifts g ON g.giftid = r.giftid
      WHERE r.room_id = $1 AND r.source = $2 LIMIT 1`,
    [roomId, source],
  );
  return row && { giftid: row.giftid, name: row.name, imgurl: row.imgurl, num: toInt(row.num) };
}
