/**
 * Start-up pop-ups take turns (spec 002 §4): opening one sets a session cookie, so only one shows per
 * session, and none opens over another dialog ("one pop-up at a time", spec 002 §2). A start-up
 * pop-up asks `claimStartupPop()` right before it opens and stays closed when it answers false.
 */
import { STARTUP_POP_COOKIE } from '../../../protocol/around';

export function startupPopShown(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${STARTUP_POP_COOKIE}=`));
}

/** Takes this session's start-up turn; false when a pop-up had it already. */
export function claimStartupPop(): boolean {
  if (startupPopShown()) return false;
  // No Max-Age: a session cookie, gone when the browser closes (the spec's cookie, read by every pop-up).
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value, nothing to escape; the Cookie Store API is not everywhere.
  document.cookie = `${STARTUP_POP_COOKIE}=1; path=/; SameSite=Lax`;
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
