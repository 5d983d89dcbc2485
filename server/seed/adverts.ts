/**
 * The demo members have seen every ad pop-up (migration 048 writes the adverts) but ADVERTS_DEMO_MEMBER,
 * so the demo and the other tests open on their page rather than on an advert, while he meets them.
 */
import type { Db } from '../storage/contract';

export const ADVERTS_DEMO_MEMBER = 'M1015';

export async function seedAdvertViews(tx: Db): Promise<void> {
  await tx.query(
    `INSERT INTO advert_views (advert_id, member_id)
     SELECT a.id, m.userid FROM adverts a CROSS JOIN members m
     WHERE a.kind = 'popup' AND m.userid <> $1
     ON CONFLICT (advert_id, member_id) DO NOTHING`,
    [ADVERTS_DEMO_MEMBER],
  );
}
