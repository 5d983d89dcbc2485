/**
 * Start-up pop-ups take turns (spec 002 §4): opening one sets a session cookie, so only one shows per
 * session, and none opens over another dialog ("one pop-up at a time", spec 002 §2). A start-up
 * pop-up waits for no dialog to be open, then asks `requestStartupTurn(kind)` and stays closed when
 * it answers false; those asking together are ordered by STARTUP_ORDER (pop-rule.ts).
 */
import { STARTUP_POP_COOKIE } from '../../../protocol/anchor-profile/around';
import type { StartupPopKind } from '../../../protocol/guides/guides';
import { StartupTurns } from './pop-rule';

export function startupPopShown(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${STARTUP_POP_COOKIE}=`));
}

function setStartupCookie() {
  // No Max-Age: a session cookie, gone when the browser closes (the spec's cookie, read by every pop-up).
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value, nothing to escape; the Cookie Store API is not everywhere.
  document.cookie = `${STARTUP_POP_COOKIE}=1; path=/; SameSite=Lax`;
}

const turns = new StartupTurns({
  taken: startupPopShown,
  take: setStartupCookie,
  later: (run, ms) => setTimeout(run, ms),
});

/** Asks for this session's start-up turn; true for the first in the spec's order among those asking. */
export const requestStartupTurn = (kind: StartupPopKind): Promise<boolean> => turns.ask(kind);

/** A pop-up that no longer wants the turn (its page closed before the turn was decided). */
export const withdrawStartupTurn = (kind: StartupPopKind): void => turns.withdraw(kind);

/** The terms overlay: takes the session's turn at once. */
export const takeStartupTurn = (): void => turns.takeNow();

/** Takes this session's start-up turn now, whatever else asks; false when a pop-up had it already. */
export function claimStartupPop(): boolean {
  if (startupPopShown()) return false;
  turns.takeNow();
  return true;
}

/** Whether a dialog (another pop-up) is open now. */
export const dialogOpen = () => document.querySelector('dialog[open]') !== null;

/** Resolves once no dialog is open (checked every half second), or false when `gone()` says to stop. */
export function whenNoDialogOpen(gone: () => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      if (gone()) resolve(false);
      else if (!dialogOpen()) resolve(true);
      else setTimeout(check, 500);
    };
    check();
  });
}
