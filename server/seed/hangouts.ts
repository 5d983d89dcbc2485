/**
 * Demo hang-outs: A2001 hosts them with two of her seeded friends, A2011 and A2033 (online in the
 * demo); all three have the hang-out privilege (the hang-out story signs in as each), whatever the
 * drawn privileges said. Friendships stay as seed/friends.ts draws them.
 */
import type { Db } from '../storage/contract';

export const HANGOUT_HOST = 'A2001';
export const HANGOUT_FRIENDS = ['A2011', 'A2033'];

export async function seedHangouts(tx: Db): Promise<void> {
  await tx.query(`UPDATE anchors SET priv = jsonb_set(priv, '{hangout}', '1') WHERE userid = ANY($1)`, [
    [HANGOUT_HOST, ...HANGOUT_FRIENDS],
  ]);
}
