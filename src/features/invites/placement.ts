/**
 * Where the invitation stack sits in its column of the screen, pure: below everything the member
 * must keep in view (the header, the bottom tab bar, a conversation's composer, the control in use),
 * as low as it fits, and never over any of them. When no free stretch is tall enough for the whole
 * stack, it takes the tallest one and scrolls inside it.
 */

/** A vertical stretch of the screen, in px from its top. */
export interface Span {
  top: number;
  bottom: number;
}

export interface Placement {
  /** Where the stack's bottom edge goes (px from the screen's top). */
  edge: number;
  /** How tall the stack may grow (px). */
  room: number;
}

/** The gap kept between the stack and what it keeps clear of, and the screen's edges. */
export const STACK_MARGIN_PX = 8;
/** Room for one compact bubble: the stack never shrinks below it, even on a tiny screen. */
export const MIN_STACK_ROOM_PX = 72;

/**
 * @param screen the usable height of the screen (its bottom edge above the safe area)
 * @param obstacles what the stack must not cover, already limited to those in its column
 * @param height the stack's full height with every bubble
 */
export function placeStack(screen: Span, obstacles: readonly Span[], height: number): Placement {
  const gaps: Span[] = [];
  let top = screen.top;
  for (const o of [...obstacles].sort((a, b) => a.top - b.top)) {
    if (o.bottom <= top) continue;
    if (o.top > top) gaps.push({ top, bottom: Math.min(o.top, screen.bottom) });
    top = Math.max(top, o.bottom);
  }
  if (top < screen.bottom) gaps.push({ top, bottom: screen.bottom });

  const rooms = gaps
    .map((g) => ({ top: g.top + STACK_MARGIN_PX, bottom: g.bottom - STACK_MARGIN_PX }))
    .filter((g) => g.bottom > g.top);
  const size = (g: Span) => g.bottom - g.top;
  // The lowest stretch that holds the whole stack, else the tallest there is.
  const chosen =
    [...rooms].reverse().find((g) => size(g) >= height) ??
    rooms.reduce<Span | undefined>((best, g) => (!best || size(g) > size(best) ? g : best), undefined);
  if (!chosen) {
    // Everything is taken (a tiny screen): one bubble's room at the bottom.
    return { edge: screen.bottom - STACK_MARGIN_PX, room: MIN_STACK_ROOM_PX };
  }
  const room = Math.max(size(chosen), MIN_STACK_ROOM_PX);
  // A stretch shorter than one bubble grows downwards, so the stack stays on the screen.
  const edge = Math.min(Math.max(chosen.bottom, chosen.top + room), screen.bottom - STACK_MARGIN_PX);
  return { edge: Math.round(edge), room: Math.round(room) };
}
