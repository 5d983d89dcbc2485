/**
 * The auto-invite lists (spec 000 §4): public and private each keep at most 100 entries, drop those
 * older than 10 minutes, and hold one invitation per anchor (a newer one replaces the earlier).
 * The hang-out list follows the same rules, so the queue treats all three alike.
 */
import { AUTO_INVITE_LIST_AGE_MS, AUTO_INVITE_LIST_MAX, type InviteData } from '../../../protocol/realtime';

export interface Candidate {
  id: string;
  data: InviteData;
  receivedAt: number;
}

export function pruneList(list: readonly Candidate[], now: number): Candidate[] {
  return list.filter((entry) => now - entry.receivedAt < AUTO_INVITE_LIST_AGE_MS);
}

/** Adds an entry: drops stale ones, replaces the same anchor's earlier one, keeps the newest 100. */
export function addToList(list: readonly Candidate[], entry: Candidate, now: number): Candidate[] {
  const kept = pruneList(list, now).filter(
    (other) => other.data.anchor_id !== entry.data.anchor_id && other.id !== entry.id,
  );
  kept.push(entry);
  return kept.length > AUTO_INVITE_LIST_MAX ? kept.slice(kept.length - AUTO_INVITE_LIST_MAX) : kept;
}
