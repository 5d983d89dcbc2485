import type { Db, GiftRecord, Repositories } from '../../storage/contract';
import { toInt } from '../../storage/rows';

interface GiftRow {
  giftid: string;
  name: string;
  credit: unknown;
  imgurl: string;
  new_user_num: unknown;
}

export function giftFromRow(row: GiftRow): GiftRecord {
  return {
    giftid: row.giftid,
    name: row.name,
    creditHundredths: toInt(row.credit),
    imgurl: row.imgurl,
    newUserNum: toInt(row.new_user_num),
  };
}

export function giftsRepository(db: Db): Repositories['gifts'] {
  return {
    async all() {
      const rows = await db.query<GiftRow>(
        'SELECT giftid, name, credit, imgurl, new_user_num FROM gifts ORDER BY sort_order, giftid',
      );
      return rows.map(giftFromRow);
    },
  };
}
