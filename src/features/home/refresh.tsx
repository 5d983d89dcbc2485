/**
 * The transition routes /n1 and /n2 (spec 002 §2 nullrouter, §4 "a transition only"): they refresh
 * the page they were opened from (it unmounts and mounts again, so it loads afresh) instead of
 * going Home. The page is the `from` query when it names one of ours, else the last page shown.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';

let lastPage = '';
const TRANSITIONS = /^\/n[12](?:[/?#]|$)/;

/** The shell tells this of every page it shows (transition routes excepted). */
export function rememberPage(href: string): void {
  if (!TRANSITIONS.test(href)) lastPage = href;
}

/** Where a transition goes back to: an app path (no other origin, no '//'), else the last page, else Home. */
export function refreshTarget(from: unknown, last = lastPage): string {
  const ok = (p: unknown): p is string =>
    typeof p === 'string' &&
    p.startsWith('/') &&
    !p.startsWith('//') &&
    !p.includes('\\') &&
    !TRANSITIONS.test(p);
  if (ok(from)) return from;
  return ok(last) ? last : '/home';
}

export function RefreshPage() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { from?: unknown };
  useEffect(() => {
    void navigate({ href: refreshTarget(search.from), replace: true });
  }, [navigate, search.from]);
  return null;
}
