/**
 * The one "is blocked" check other features apply (invitations, messages, lists): a list asks for
 * his whole block set (hiddenFrom), a single delivery about one pair (blocks). Both read a short
 * per-member cache, because a delivery's fast path (an invitation reaches his socket before its
 * row is stored) must not wait on the database; a change drops his entry here at once and on
 * every other process through the bus, and the TTL bounds a lost bus message.
 */
import type { Bus } from '../../bus/index';
import type { Db } from '../../storage/contract';
import { safetyRepository } from './safety-repository';

export const BLOCKS_CHANGED_CHANNEL = 'safety.blocks-changed';
export const BLOCK_CACHE_TTL_MS = 5_000;
/** Members kept at most; past it the cache starts over (a miss costs one small query). */
const BLOCK_CACHE_MAX = 10_000;

export interface BlockCheck {
  /** The broadcasters this member blocks (an empty set for a broadcaster or anyone else). */
  hiddenFrom(userid: string): Promise<Set<string>>;
  blocks(memberId: string, anchorId: string): Promise<boolean>;
  /** His blocks changed: every process reads them again. */
  changed(memberId: string): Promise<void>;
  /** Listens for changes made on other processes; the returned function stops listening. */
  follow(bus: Bus): Promise<() => Promise<void>>;
}

export function blockCheck(db: Db, now: () => number = Date.now): BlockCheck {
  const rows = safetyRepository(db);
  const entries = new Map<string, { at: number; set: Promise<Set<string>> }>();
  let bus: Bus | undefined;

  const hiddenFrom = (userid: string) => {
    const hit = entries.get(userid);
    if (hit && now() - hit.at < BLOCK_CACHE_TTL_MS) return hit.set;
    if (entries.size >= BLOCK_CACHE_MAX) entries.clear();
    // Only members block; a broadcaster's id has no rows, so the query answers empty for her.
    const entry = { at: now(), set: rows.blockedBy(userid) };
    entries.set(userid, entry);
    entry.set.catch(() => {
      if (entries.get(userid) === entry) entries.delete(userid);
    });
    return entry.set;
  };

  return {
    hiddenFrom,
    blocks: async (memberId, anchorId) => (await hiddenFrom(memberId)).has(anchorId),
    async changed(memberId) {
      entries.delete(memberId);
      await bus?.publish(BLOCKS_CHANGED_CHANNEL, { userid: memberId }).catch(() => undefined);
    },
    async follow(to) {
      bus = to;
      const off = await to.subscribe(BLOCKS_CHANGED_CHANNEL, (message) => {
        const userid = (message as { userid?: unknown } | null)?.userid;
        if (typeof userid === 'string') entries.delete(userid);
      });
      return async () => {
        bus = undefined;
        await off();
      };
    },
  };
}
