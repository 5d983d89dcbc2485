/**
 * The demo holiday (protocol/offers): placed around the seed date, as birthdays are, so a discount
 * is on when the demo starts: 20% off flowers and gifts for A2009 and A2014 for two weeks.
 */
import { isoDate } from '../storage/birthday';
import type { Db } from '../storage/contract';

const DAY_MS = 24 * 3600 * 1000;
export const DEMO_HOLIDAY = { key: 'spring', anchors: ['A2009', 'A2014'], percentOff: 20 } as const;

export async function seedOffers(tx: Db, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO holidays (holiday_key, name, starts_on, ends_on, percent_off) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (holiday_key) DO NOTHING`,
    [
      DEMO_HOLIDAY.key,
      'Spring Flower Days',
      isoDate(new Date(now.getTime() - DAY_MS)),
      isoDate(new Date(now.getTime() + 13 * DAY_MS)),
      DEMO_HOLIDAY.percentOff,
    ],
  );
  for (const anchorId of DEMO_HOLIDAY.anchors) {
    await tx.query(
      'INSERT INTO holiday_anchors (holiday_key, anchor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [DEMO_HOLIDAY.key, anchorId],
    );
  }
}
