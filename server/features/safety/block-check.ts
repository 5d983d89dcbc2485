/**
 * The one "is blocked" check other features apply (invitations, messages, lists): a list asks for
 * his whole block set (hiddenFrom), a single delivery about one pair (blocks). Both read a short
 * per-member cache, because a delivery's fast path (an invitation reaches his socket before its
 * row is stored) must not wait on the database; a change drops his entry here at once and on
 * every other process through the bus, and the TTL bounds a lost bus message.
 *
 * Invitations go to a different member each time, so that cache alone missed almost always (one
 * query per invitation, the costliest statement of the path). Most members block nobody: the set
 * of members who block anyone is read once per TTL, and only they cost a query of their own.
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
  /** Members who block anyone, as last read (with those changed since); undefined until read. */
  let blockers: Set<string> | undefined;
  let blockersAt = 0;
  let loading: Promise<Set<string>> | undefined;
  /** Members changed while a read of the blockers was running: added to what it answers. */
  const changedMeanwhile = new Set<string>();

  const readBlockers = (): Promise<Set<string>> => {
    changedMeanwhile.clear();
    const read = rows.blockers().then(
      (set) => {
        for (const id of changedMeanwhile) set.add(id);
        if (loading === read) {
          blockers = set;
          blockersAt = now();
          loading = undefined;
        }
        return set;
      },
      (error) => {
        if (loading === read) loading = undefined;
        throw error;
      },
    );
    loading = read;
    return read;
  };

  /** Whether he may block anyone (true sends him to his own entry); stale reads are refreshed. */
  const mayBlock = async (userid: string): Promise<boolean> => {
    if (blockers && now() - blockersAt < BLOCK_CACHE_TTL_MS) return blockers.has(userid);
    return (await (loading ?? readBlockers())).has(userid);
  };

  const noteChanged = (memberId: string) => {
    entries.delete(memberId);
    blockers?.add(memberId);
    changedMeanwhile.add(memberId);
  };

  const hiddenFrom = async (userid: string): Promise<Set<string>> => {
    if (!(await mayBlock(userid))) return new Set();
    return ownBlocks(userid);
  };

  const ownBlocks = (userid: string) => {
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
      noteChanged(memberId);
      await bus?.publish(BLOCKS_CHANGED_CHANNEL, { userid: memberId }).catch(() => undefined);
    },
    async follow(to) {
      bus = to;
      const off = await to.subscribe(BLOCKS_CHANGED_CHANNEL, (message) => {
        const userid = (message as { userid?: unknown } | null)?.userid;
        if (typeof userid === 'string') noteChanged(userid);
      });
      return async () => {
        bus = undefined;
        await off();
      };
    },
  };
}
