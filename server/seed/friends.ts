/**
 * Demo friendships between broadcasters (the profile's My Friends, the friends a hang-out invites):
 * every demo broadcaster gets SEED_FRIENDS_MIN..SEED_FRIENDS_MAX friends, the same on every machine.
 * A2001 has 11, one of them the suspended A2064, so her profile shows 10 and Load More is needed.
 */
import { SEED_FRIENDS_MAX, SEED_FRIENDS_MIN } from '../../protocol/anchor-profile/around';
import type { Db } from '../storage/contract';
import { FIRST_ANCHOR_NUMBER, SUSPENDED_ANCHOR } from './anchors';
import { createPrng } from './prng';

const A2001_FRIENDS = 11;
const anchorId = (n: number) => `A${FIRST_ANCHOR_NUMBER - 1 + n}`;

/** Each friendship once, as [lower id, higher id]. */
export function demoFriendships(anchorCount: number): [string, string][] {
  const prng = createPrng(26_01);
  const numbers = Array.from({ length: anchorCount }, (_, i) => i + 1);
  const target = new Map(
    numbers.map((n) => [n, n === 1 ? A2001_FRIENDS : prng.int(SEED_FRIENDS_MIN, SEED_FRIENDS_MAX)]),
  );
  const friends = new Map(numbers.map((n) => [n, new Set<number>()]));
  const link = (a: number, b: number) => {
    friends.get(a)?.add(b);
    friends.get(b)?.add(a);
  };
  const degree = (n: number) => friends.get(n)?.size ?? 0;
  link(1, SUSPENDED_ANCHOR);

  for (const n of numbers) {
    const wanted = target.get(n) ?? SEED_FRIENDS_MIN;
    const others = prng.sample(
      numbers.filter((m) => m !== n),
      anchorCount - 1,
    );
    // Those still short of their own number first, then anyone with room under the cap.
    const passes = [
      (m: number) => degree(m) < (target.get(m) ?? 0),
      (m: number) => degree(m) < SEED_FRIENDS_MAX,
    ];
    for (const open of passes) {
      for (const m of others) {
        if (degree(n) >= wanted) break;
        if (m === 1 || friends.get(n)?.has(m) || !open(m)) continue;
        link(n, m);
      }
    }
  }

  const pairs: [string, string][] = [];
  for (const [n, set] of friends) {
    for (const m of set) if (n < m) pairs.push([anchorId(n), anchorId(m)]);
  }
  return pairs;
}

export async function seedFriends(tx: Db, anchorCount: number): Promise<void> {
  const pairs = demoFriendships(anchorCount);
  // Both directions, in one statement.
  const from = pairs.flat();
  const to = pairs.flatMap(([a, b]) => [b, a]);
  await tx.query(
    `INSERT INTO anchor_friends (anchor_id, friend_id)
     SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (anchor_id, friend_id) DO NOTHING`,
    [from, to],
  );
}
