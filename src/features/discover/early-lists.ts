/**
 * Discover's first lists, asked for the moment the session is known rather than after React has
 * rendered the page: on a slow phone the render takes a while, and the lists (and the first
 * portrait, the page's largest paint) need not wait for it. A list taken here once is asked for
 * afresh the next time (a retry, a later visit).
 */
import { FEATURED_ANCHOR_NUM } from '../../../protocol/constants';
import type { AnchorListData } from '../../../protocol/types';
import { getFeaturedAnchors, getOnlineAnchors } from '../../api/anchors';

type ListName = 'featured' | 'online';

const LOADERS: Record<ListName, () => Promise<AnchorListData>> = {
  featured: () => getFeaturedAnchors(FEATURED_ANCHOR_NUM),
  online: () => getOnlineAnchors(),
};

/** Answers asked for early and not yet taken, with when they were asked. */
const early = new Map<ListName, { answer: Promise<AnchorListData>; at: number }>();
/** An early answer older than this is not used: the page asks again. */
const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/** Asks for the lists now (a signed-in member is opening Discover). */
export function askDiscoverListsEarly() {
  for (const name of Object.keys(LOADERS) as ListName[]) {
    const answer = LOADERS[name]();
    answer.catch(() => {}); // The page reports a failure when it takes the answer.
    early.set(name, { answer, at: Date.now() });
  }
}

/** The list: the early answer if there is a fresh one, else a new call. */
export function loadDiscoverList(name: ListName): Promise<AnchorListData> {
  const kept = early.get(name);
  early.delete(name);
  if (kept && Date.now() - kept.at < EARLY_ANSWER_MAX_AGE_MS) return kept.answer;
  return LOADERS[name]();
}
