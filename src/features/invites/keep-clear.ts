/**
 * Keeps the invitation stack off what the member is using: whatever carries `data-keep-clear` (the
 * header, the bottom tab bar, a conversation's composer) and the control that has focus. The stack
 * is measured and moved (placement.ts) whenever the screen, the page or the focus changes. Its
 * bubbles are compact on a phone, and on a wider screen when they would not fit in full.
 */
import { placeStack, type Span } from './placement';

const NARROW = '(max-width: 759.98px)';

/** The controls a member uses; focus elsewhere (the main region, the page) is not "in use". */
const CONTROLS = 'input, textarea, select, button, a[href], summary, [contenteditable]';

function obstacles(stack: HTMLElement): Element[] {
  const found: Element[] = Array.from(document.querySelectorAll('[data-keep-clear]'));
  const active = document.activeElement;
  if (active && active !== document.body && !stack.contains(active) && active.matches(CONTROLS))
    found.push(active);
  return found;
}

/** Starts keeping `stack` clear; returns the stop. */
export function keepClear(stack: HTMLElement): () => void {
  let frame = 0;
  const sizes = new ResizeObserver(() => schedule());

  const place = () => {
    frame = 0;
    const column = stack.getBoundingClientRect();
    const spans: Span[] = [];
    for (const el of obstacles(stack)) {
      sizes.observe(el);
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= column.left || box.left >= column.right) continue;
      spans.push({ top: box.top, bottom: box.bottom });
    }
    // The safe area at the bottom (a phone's home indicator), read through the stack's CSS.
    const safe = Number.parseFloat(getComputedStyle(stack).getPropertyValue('--safe-bottom')) || 0;
    const screen = { top: 0, bottom: window.innerHeight - safe };
    // Measured unbounded (compact on a phone, else in full and made compact when that does not
    // fit), all within this frame, so the member never sees the steps.
    const narrow = window.matchMedia(NARROW).matches;
    stack.style.maxHeight = 'none';
    stack.toggleAttribute('data-compact', narrow);
    let placement = placeStack(screen, spans, stack.scrollHeight);
    if (!narrow && placement.room < stack.scrollHeight) {
      stack.setAttribute('data-compact', '');
      placement = placeStack(screen, spans, stack.scrollHeight);
    }
    const { edge, room } = placement;
    // Scrolling only when even compact bubbles do not fit: a scroller would clip their shadows.
    const scroll = room < stack.scrollHeight;
    stack.style.bottom = `${window.innerHeight - edge}px`;
    stack.style.maxHeight = `${room}px`;
    stack.style.overflowY = scroll ? 'auto' : 'visible';
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(place);
  };

  place();
  sizes.observe(stack);
  // Pages and panels come and go (a conversation opens, the emoticons show): place again after.
  const changes = new MutationObserver(schedule);
  changes.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('resize', schedule);
  window.addEventListener('scroll', schedule, { passive: true });
  document.addEventListener('focusin', schedule);
  document.addEventListener('focusout', schedule);
  return () => {
    cancelAnimationFrame(frame);
    sizes.disconnect();
    changes.disconnect();
    window.removeEventListener('resize', schedule);
    window.removeEventListener('scroll', schedule);
    document.removeEventListener('focusin', schedule);
    document.removeEventListener('focusout', schedule);
  };
}
