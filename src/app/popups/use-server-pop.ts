/**
 * A pop-up the server decides on and remembers (the gift package, the voucher pop, an ad): for a
 * signed-in member who has agreed to the terms, it asks `load`, and when the answer is due it waits
 * for nothing to hold pop-ups off, takes the start-up turn `kind` when it has one, opens, and tells
 * the server (`markShown`) so it is not offered again. A failed load leaves it for the next visit.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { StartupPopKind } from '../../../protocol/guides/guides';
import { sessionState } from '../../state/session';
import { userState } from '../../state/user';
import { requestStartupTurn, startupPopShown, whenNoDialogOpen, withdrawStartupTurn } from './startup-pop';

export interface ServerPop<T> {
  /** The start-up turn it takes; none for a page's own pop-up. */
  kind?: StartupPopKind;
  load(): Promise<T>;
  due(answer: T): boolean;
  markShown(answer: T): Promise<unknown>;
  /** What it waits for (default: popupsHeld). */
  held?: () => boolean;
}

/** The answer while the pop-up is open, and its close. `deps` name what `load` reads. */
export function useServerPop<T>(pop: ServerPop<T>, deps: readonly unknown[] = []): [T | null, () => void] {
  const { me } = useSnapshot(userState);
  const { status, offline } = useSnapshot(sessionState);
  const [open, setOpen] = useState<T | null>(null);
  const memberId =
    me?.role === 'man' && status === 'signed-in' && !offline && me.agree_provision !== 0 ? me.userid : '';

  // `pop` is rebuilt each render: `deps` says what it reads.
  useEffect(() => {
    const { kind } = pop;
    if (!memberId || (kind && startupPopShown())) return;
    let gone = false;
    void (async () => {
      const answer = await pop.load().then(
        (a) => a,
        () => null,
      );
      if (gone || answer === null || !pop.due(answer)) return;
      if (!(await whenNoDialogOpen(() => gone, pop.held))) return;
      if (kind && !(await requestStartupTurn(kind))) return;
      if (gone) return;
      setOpen(answer);
      pop.markShown(answer).catch(() => undefined);
    })();
    return () => {
      gone = true;
      if (kind) withdrawStartupTurn(kind);
    };
  }, [memberId, ...deps]);

  return [open, () => setOpen(null)];
}
