/**
 * Demo hang-outs: A2001 hosts them, with A2003 and A2004 among her friends; all three have the
 * hang-out privilege (the hang-out story signs in as each), whatever the drawn privileges said.
 */
import type { Db } from '../storage/contract';

export const HANGOUT_HOST = 'A2001';
export const HANGOUT_FRIENDS = ['A2003', 'A2004'];

export async function seedHangouts(tx: Db): Promise<void> {
  const ladies = [HANGOUT_HOST, ...HANGOUT_FRIENDS];
  await tx.query(`UPDATE anchors SET priv = jsonb_set(priv, '{hangout}', '1') WHERE userid = ANY($1)`, [
    ladies,
  ]);
  for (const friend of HANGOUT_FRIENDS)
    await tx.query(
      `INSERT INTO anchor_friends (anchor_id, friend_id) VALUES ($1, $2), ($2, $1)
       ON CONFLICT (anchor_id, friend_id) DO NOTHING`,
      [HANGOUT_HOST, friend],
    );
}
