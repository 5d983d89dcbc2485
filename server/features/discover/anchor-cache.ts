/**
 * A small per-process cache of broadcasters' records for the invitation hot path, where only their
 * public face (nickname, photo, type, featured, weight) goes into the notice. Names and photos
 * rarely change, so a record may be up to ANCHOR_CACHE_TTL_MS old there. Anything that decides a
 * rule (state, privileges, suspension: the display checks, requests, the engine) reads the
 * database, never this cache.
 */

import type { AnchorRecord, StorageRepositories } from '../../storage/contract';

/** How stale a cached broadcaster's public data may be. */
export const ANCHOR_CACHE_TTL_MS = 5_000;
/** Past this many entries the cache starts over (there are few broadcasters; this bounds memory). */
const ANCHOR_CACHE_MAX = 10_000;

interface Entry {
  at: number;
  record: Promise<AnchorRecord | undefined>;
}

export class AnchorCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly repos: StorageRepositories,
    private readonly ttlMs = ANCHOR_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The broadcaster as read at most ttlMs ago; concurrent misses share one query. */
  find(userid: string): Promise<AnchorRecord | undefined> {
    const now = this.now();
    const hit = this.entries.get(userid);
    if (hit && now - hit.at < this.ttlMs) return hit.record;
    if (this.entries.size >= ANCHOR_CACHE_MAX) this.entries.clear();
    const record = this.repos.anchors.find(userid);
    const entry = { at: now, record };
    this.entries.set(userid, entry);
    // A failed read is not kept.
    record.catch(() => {
      if (this.entries.get(userid) === entry) this.entries.delete(userid);
    });
    return record;
  }
}
