/** Vouchers and Say Hi allowances: counts for the header, grants, and the once-only expiry claim. */
import type { VoucherCounts, VoucherKind } from '../../../protocol/vouchers/vouchers';
import type { Db } from '../../storage/contract';
import { toDate, toInt, toIntArray } from '../../storage/rows';

const LIVE = 'used_at IS NULL AND expired_at IS NULL AND expires_at > now()';
/** A broadcast voucher good for room type $2 (none named: every paid room). */
const FOR_ROOM = `kind = 'broadcast' AND (room_types IS NULL OR $2 = ANY (room_types)) AND ${LIVE}`;

/** Claims his broadcast voucher for a room type (the one expiring first): its id, or undefined. */
export async function claimRoomVoucher(
  db: Db,
  userId: string,
  roomType: number,
): Promise<string | undefined> {
  const [row] = await db.query<{ voucher_id: string }>(
    `UPDATE vouchers SET used_at = now() WHERE voucher_id = (
       SELECT voucher_id FROM vouchers WHERE user_id = $1 AND ${FOR_ROOM}
       ORDER BY expires_at, voucher_id LIMIT 1 FOR UPDATE SKIP LOCKED
     ) RETURNING voucher_id`,
    [userId, roomType],
  );
  return row?.voucher_id;
}

/** A voucher he holds (neither used nor expired), as the backpack lists it. */
export interface HeldVoucher {
  voucherId: string;
  grantedAt: Date;
  expiresAt: Date;
  /** Broadcast vouchers: the room types it is good for (empty: every paid room). */
  roomTypes: number[];
}

export function vouchersRepository(db: Db) {
  return {
    /** His live vouchers of a kind, soonest to expire first. */
    async held(userId: string, kind: VoucherKind): Promise<HeldVoucher[]> {
      const rows = await db.query<{
        voucher_id: string;
        granted_at: unknown;
        expires_at: unknown;
        room_types: unknown;
      }>(
        `SELECT voucher_id, granted_at, expires_at, room_types FROM vouchers
         WHERE user_id = $1 AND kind = $2 AND ${LIVE} ORDER BY expires_at, voucher_id`,
        [userId, kind],
      );
      return rows.map((r) => ({
        voucherId: r.voucher_id,
        grantedAt: toDate(r.granted_at),
        expiresAt: toDate(r.expires_at),
        roomTypes: toIntArray(r.room_types),
      }));
    },

    async counts(userId: string): Promise<VoucherCounts> {
      const rows = await db.query<{ kind: VoucherKind; n: unknown }>(
        `SELECT kind, count(*) AS n FROM vouchers WHERE user_id = $1 AND ${LIVE} GROUP BY kind`,
        [userId],
      );
      const of = (kind: VoucherKind) => toInt(rows.find((r) => r.kind === kind)?.n ?? 0);
      return { coupon_num: of('broadcast'), chat_voucher_num: of('chat'), left_say_hi_num: of('say_hi') };
    },

    /** Adds vouchers; new ones bring the banner back (its close is forgotten). Idempotent by id. */
    async grant(
      userId: string,
      grants: { voucherId: string; kind: VoucherKind; expiresAt: Date }[],
    ): Promise<number> {
      let added = 0;
      for (const g of grants) {
        const rows = await db.query(
          `INSERT INTO vouchers (voucher_id, user_id, kind, expires_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (voucher_id) DO NOTHING RETURNING voucher_id`,
          [g.voucherId, userId, g.kind, g.expiresAt],
        );
        added += rows.length;
      }
      if (added > 0) {
        await db.query('UPDATE members SET coupon_notice_closed_at = NULL WHERE userid = $1', [userId]);
      }
      return added;
    },

    /** He holds a broadcast voucher good for this room type. */
    async hasRoomVoucher(userId: string, roomType: number): Promise<boolean> {
      const rows = await db.query(`SELECT 1 FROM vouchers WHERE user_id = $1 AND ${FOR_ROOM} LIMIT 1`, [
        userId,
        roomType,
      ]);
      return rows.length > 0;
    },

    /** Uses one live voucher of a kind (the one expiring first); false when he has none. */
    async useOne(userId: string, kind: VoucherKind): Promise<boolean> {
      const rows = await db.query(
        `UPDATE vouchers SET used_at = now() WHERE voucher_id = (
           SELECT voucher_id FROM vouchers WHERE user_id = $1 AND kind = $2 AND ${LIVE}
           ORDER BY expires_at, voucher_id LIMIT 1 FOR UPDATE SKIP LOCKED
         ) RETURNING voucher_id`,
        [userId, kind],
      );
      return rows.length > 0;
    },

    /** Claims every voucher past its time (once, across processes); answers whose counts changed. */
    async claimExpired(): Promise<string[]> {
      const rows = await db.query<{ user_id: string }>(
        `UPDATE vouchers SET expired_at = now()
         WHERE used_at IS NULL AND expired_at IS NULL AND expires_at <= now() RETURNING user_id`,
      );
      return [...new Set(rows.map((r) => r.user_id))];
    },

    async closeNotice(userId: string): Promise<Date | undefined> {
      const [row] = await db.query<{ at: unknown }>(
        'UPDATE members SET coupon_notice_closed_at = now() WHERE userid = $1 RETURNING coupon_notice_closed_at AS at',
        [userId],
      );
      return row ? toDate(row.at) : undefined;
    },

    /** When the voucher pop was last shown to him (broadcast vouchers granted later are new). */
    async popSeenAt(userId: string): Promise<Date | null> {
      const [row] = await db.query<{ at: unknown }>(
        'SELECT voucher_pop_seen_at AS at FROM members WHERE userid = $1',
        [userId],
      );
      return row?.at ? toDate(row.at) : null;
    },

    async setPopSeen(userId: string): Promise<void> {
      await db.query('UPDATE members SET voucher_pop_seen_at = now() WHERE userid = $1', [userId]);
    },

    async noticeClosedAt(userId: string): Promise<Date | null> {
      const [row] = await db.query<{ at: unknown }>(
        'SELECT coupon_notice_closed_at AS at FROM members WHERE userid = $1',
        [userId],
      );
      return row?.at ? toDate(row.at) : null;
    },
  };
}

export type VouchersRepository = ReturnType<typeof vouchersRepository>;
