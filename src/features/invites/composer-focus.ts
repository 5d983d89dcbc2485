/**
 * A composer in use raises the quiet moment (src/state/quiet-moment.ts): focus in a text area, an
 * editable region or a field marked `data-composer` (a message, a mail, a chat line). Run by the
 * bubble host, so the shell's start bundle does not carry it.
 */
import { holdQuiet } from '../../state/quiet-moment';

/** A composer in use: focus in a text area, an editable region or a field marked `data-composer`. */
const COMPOSER = 'textarea, [contenteditable=""], [contenteditable="true"], [data-composer]';

export const isComposer = (el: Element | null): boolean => Boolean(el?.closest?.(COMPOSER));

/** Holds 'composer' while focus is in a composer; returns the stop. */
export function watchComposerFocus(doc: Document): () => void {
  let release: (() => void) | undefined;
  const check = () => {
    const inUse = isComposer(doc.activeElement);
    if (inUse && !release) release = holdQuiet('composer');
    else if (!inUse && release) {
      release();
      release = undefined;
    }
  };
  // focusout fires before the next focusin: the check waits a tick so moving between fields of a
  // composer does not flicker a bubble in.
  const later = () => setTimeout(check, 0);
  doc.addEventListener('focusin', check);
  doc.addEventListener('focusout', later);
  check();
  return () => {
    doc.removeEventListener('focusin', check);
    doc.removeEventListener('focusout', later);
    release?.();
  };
}
