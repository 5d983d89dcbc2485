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

/** Whether a dialog (another pop-up, a price confirmation) is open now. */
export const dialogOpen = () => document.querySelector('dialog[open]') !== null;

/**
 * Whether a pop-up must wait now: a dialog is open, or the page holds pop-ups off. Pages mark
 * themselves with `data-popups-hold` while the member is busy there: a live room, a hang-out or a
 * live chat, a payment, a letter or message with text in it (spec 002 §2, "one pop-up at a time";
 * ours: never over a room, a payment or what he is writing). A page's own guide (the room's intro)
 * waits for dialogs only.
 */
export const popupsHeld = () =>
  dialogOpen() || document.querySelector('[data-popups-hold]') !== null || writing();

/** He is typing: the focused text box has words in it (a comment, a reply, a care ticket). */
function writing(): boolean {
  const el = document.activeElement;
  return el instanceof HTMLTextAreaElement && el.value.trim() !== '';
}

/**
 * Resolves once nothing holds pop-ups off (`held`, checked every half second), or false when
 * `gone()` says to stop.
 */
export function whenNoDialogOpen(gone: () => boolean, held: () => boolean = popupsHeld): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      if (gone()) resolve(false);
      else if (!held()) resolve(true);
      else setTimeout(check, 500);
    };
    check();
  });
}
