/**
 * Each broadcaster once per Discover screen: a woman shown in an earlier section (Featured, then
 * Online now, then Hot) is left out of the later ones.
 */
import type { AnchorCard } from '../../../protocol/types';

/** The ids shown by the sections above, in order; undefined while one of them is still loading. */
export function shownAbove(...sections: (readonly AnchorCard[] | undefined)[]): Set<string> {
  const ids = new Set<string>();
  for (const list of sections) for (const a of list ?? []) ids.add(a.userid);
  return ids;
}

/** `list` without the broadcasters already shown, and without repeats inside it. */
export function notShown(list: readonly AnchorCard[], shown: ReadonlySet<string>): AnchorCard[] {
  const seen = new Set(shown);
  return list.filter((a) => {
    if (seen.has(a.userid)) return false;
    seen.add(a.userid);
    return true;
  });
}
