/** The gift catalogue's rows (migrations 001, 043), as the rest of the server reads them. */
import type { Db, GiftRecord } from '../../storage/contract';
import { toInt } from '../../storage/rows';

export interface CatalogueGift extends GiftRecord {
  /** The Intimacy Level needed to give it (0: anyone). */
  intimacyLevel: number;
}

interface GiftRow {
  giftid: string;
  name: string;
  credit: unknown;
  imgurl: string;
  new_user_num: unknown;
  intimacy_level: unknown;
}

const SELECT_GIFTS = 'SELECT giftid, name, credit, imgurl, new_user_num, intimacy_level FROM gifts';

export function giftFromRow(row: GiftRow): CatalogueGift {
  return {
    giftid: row.giftid,
    name: row.name,
    creditHundredths: toInt(row.credit),
    imgurl: row.imgurl,
    newUserNum: toInt(row.new_user_num),
    intimacyLevel: toInt(row.intimacy_level),
  };
}

export function giftsRepository(db: Db) {
  return {
    /** The whole catalogue in the store's order. */
    async all(): Promise<CatalogueGift[]> {
      const rows = await db.query<GiftRow>(`${SELECT_GIFTS} ORDER BY sort_order, giftid`);
      return rows.map(giftFromRow);
    },

    async find(giftid: string): Promise<CatalogueGift | undefined> {
      const [row] = await db.query<GiftRow>(`${SELECT_GIFTS} WHERE giftid = $1`, [giftid]);
      return row ? giftFromRow(row) : undefined;
    },
  };
}

export type GiftsRepository = ReturnType<typeof giftsRepository>;
