/** The offers' rows (migration 047): holidays, the broadcasters taking part, her birthday and flags. */

import { dateFromIso } from '../../storage/birthday';
import type { Db } from '../../storage/contract';
import { toInt } from '../../storage/rows';

export interface HolidayRow {
  key: string;
  name: string;
  /** 'YYYY-MM-DD', first and last day (UTC). */
  startsOn: string;
  endsOn: string;
  percentOff: number;
}

export interface OfferAnchor {
  birthday: Date;
  /** Her flower_sent privilege. */
  takesFlowers: boolean;
}

type Row = Record<string, unknown>;
const str = (v: unknown) => (v == null ? '' : String(v));

export function offersRepository(db: Db) {
  return {
    async anchor(anchorId: string): Promise<OfferAnchor | undefined> {
      const [row] = await db.query<Row>(
        `SELECT to_char(birthday, 'YYYY-MM-DD') AS birthday, priv->>'flower_sent' AS flower_sent FROM anchors WHERE userid = $1`,
        [anchorId],
      );
      return row
        ? { birthday: dateFromIso(str(row.birthday)), takesFlowers: str(row.flower_sent) === '1' }
        : undefined;
    },

    /** Her holidays that have not ended by `day` ('YYYY-MM-DD'), soonest first. */
    async holidays(anchorId: string, day: string): Promise<HolidayRow[]> {
      const rows = await db.query<Row>(
        `SELECT h.holiday_key, h.name, to_char(h.starts_on, 'YYYY-MM-DD') AS starts_on,
                to_char(h.ends_on, 'YYYY-MM-DD') AS ends_on, h.percent_off
           FROM holidays h JOIN holiday_anchors ha ON ha.holiday_key = h.holiday_key
          WHERE ha.anchor_id = $1 AND h.ends_on >= $2::date
          ORDER BY h.starts_on, h.holiday_key`,
        [anchorId, day],
      );
      return rows.map((r) => ({
        key: str(r.holiday_key),
        name: str(r.name),
        startsOn: str(r.starts_on),
        endsOn: str(r.ends_on),
        percentOff: toInt(r.percent_off),
      }));
    },

    /** His send_gift_flower privilege. */
    async maySend(memberId: string): Promise<boolean> {
      const [row] = await db.query<Row>(
        `SELECT priv->>'send_gift_flower' AS p FROM members WHERE userid = $1`,
        [memberId],
      );
      return str(row?.p) === '1';
    },

    /** Whether he ordered flowers for her (not cancelled) since `since`. */
    async orderedSince(memberId: string, anchorId: string, since: Date): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM flower_orders WHERE member_id = $1 AND anchor_id = $2 AND status <> 'cancelled'
            AND ordered_at >= $3 LIMIT 1`,
        [memberId, anchorId, since],
      );
      return rows.length > 0;
    },
  };
}

export type OffersRepository = ReturnType<typeof offersRepository>;
