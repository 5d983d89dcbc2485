/**
 * The backpack's rows (migration 043): the gifts and rides he holds (one row per grant, keyed),
 * when he last opened each pack, and the new-user gift package — granted in one transaction with
 * its gifts, keyed by his id, so two sign-ins at once grant it once.
 */
import type { BackpackKind } from '../../../protocol/backpack/backpack';
import type { Db } from '../../storage/contract';
import { toDate, toInt } from '../../storage/rows';

/** A grant of a catalogue item he still holds. */
export interface HeldItem {
  itemId: string;
  giftid: string;
  name: string;
  imgurl: string;
  creditHundredths: number;
  intimacyLevel: number;
  quantity: number;
  grantedAt: Date;
  expiresAt: Date;
}

export interface PackageState {
  grantedAt: Date;
  shownAt: Date | null;
}

interface ItemRow {
  item_id: string;
  giftid: string;
  name: string;
  imgurl: string;
  credit: unknown;
  intimacy_level: unknown;
  quantity: unknown;
  granted_at: unknown;
  expires_at: unknown;
}

export function backpackRepository(db: Db) {
  return {
    /** His grants of a kind that are neither used up nor expired, soonest to expire first. */
    async held(userId: string, kind: 'gift' | 'ride'): Promise<HeldItem[]> {
      const rows = await db.query<ItemRow>(
        `SELECT b.item_id, b.giftid, g.name, g.imgurl, g.credit, g.intimacy_level, b.quantity,
                b.granted_at, b.expires_at
           FROM backpack_items b JOIN gifts g ON g.giftid = b.giftid
          WHERE b.user_id = $1 AND b.kind = $2 AND b.quantity > 0 AND b.expires_at > now()
          ORDER BY g.sort_order, b.giftid, b.expires_at, b.item_id`,
        [userId, kind],
      );
      return rows.map((r) => ({
        itemId: r.item_id,
        giftid: r.giftid,
        name: r.name,
        imgurl: r.imgurl,
        creditHundredths: toInt(r.credit),
        intimacyLevel: toInt(r.intimacy_level),
        quantity: toInt(r.quantity),
        grantedAt: toDate(r.granted_at),
        expiresAt: toDate(r.expires_at),
      }));
    },

    /** When he last opened each pack (a pack never opened is missing). */
    async readMarks(userId: string): Promise<Map<BackpackKind, Date>> {
      const rows = await db.query<{ kind: BackpackKind; read_at: unknown }>(
        'SELECT kind, read_at FROM backpack_reads WHERE user_id = $1',
        [userId],
      );
      return new Map(rows.map((r) => [r.kind, toDate(r.read_at)]));
    },

    async markRead(userId: string, kind: BackpackKind): Promise<void> {
      await db.query(
        `INSERT INTO backpack_reads (user_id, kind, read_at) VALUES ($1, $2, now())
         ON CONFLICT (user_id, kind) DO UPDATE SET read_at = now()`,
        [userId, kind],
      );
    },

    /**
     * Grants the package once: its row and its gifts (the catalogue's new_user_num of each) in one
     * transaction. True when this call granted it, false when he had it already.
     */
    async grantPackage(userId: string, validDays: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const granted = await tx.query(
          `INSERT INTO gift_packages (user_id) SELECT userid FROM members WHERE userid = $1
           ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
          [userId],
        );
        if (granted.length === 0) return false;
        await tx.query(
          `INSERT INTO backpack_items (item_id, user_id, kind, giftid, quantity, expires_at)
           SELECT $1 || '-PKG-' || giftid, $1, 'gift', giftid, new_user_num,
                  now() + make_interval(days => $2::int)
             FROM gifts WHERE new_user_num > 0
           ON CONFLICT (item_id) DO NOTHING`,
          [userId, validDays],
        );
        return true;
      });
    },

    async packageState(userId: string): Promise<PackageState | undefined> {
      const [row] = await db.query<{ granted_at: unknown; shown_at: unknown }>(
        'SELECT granted_at, shown_at FROM gift_packages WHERE user_id = $1',
        [userId],
      );
      return row
        ? { grantedAt: toDate(row.granted_at), shownAt: row.shown_at ? toDate(row.shown_at) : null }
        : undefined;
    },

    /** Its pop-up was shown; the first time counts. */
    async markPackageShown(userId: string): Promise<void> {
      await db.query('UPDATE gift_packages SET shown_at = now() WHERE user_id = $1 AND shown_at IS NULL', [
        userId,
      ]);
    },
  };
}

export type BackpackRepository = ReturnType<typeof backpackRepository>;
