import { describe, expect, it } from 'vitest';
import { MIN_STACK_ROOM_PX, placeStack } from './placement';

// A 390x844 phone: header 0–56, bottom tab bar 786–844.
const screen = { top: 0, bottom: 844 };
const header = { top: 0, bottom: 56 };
const tabBar = { top: 786, bottom: 844 };

describe('placeStack', () => {
  it('sits at the bottom, just above the bottom tab bar, and may grow up to the header', () => {
    expect(placeStack(screen, [header, tabBar], 250)).toEqual({ edge: 778, room: 778 - 64 });
  });

  it('with nothing to keep clear, sits at the bottom margin of the screen', () => {
    expect(placeStack({ top: 0, bottom: 800 }, [], 300)).toEqual({ edge: 792, room: 784 });
  });

  it('goes above a conversation composer pinned over the tab bar', () => {
    const composer = { top: 640, bottom: 786 };
    const placed = placeStack(screen, [header, composer, tabBar], 250);
    expect(placed.edge).toBe(632);
    expect(placed.edge - placed.room).toBeGreaterThanOrEqual(56);
  });

  it('keeps clear of a control in use in the middle, below it when the stack fits there', () => {
    const focused = { top: 300, bottom: 340 };
    expect(placeStack(screen, [header, focused, tabBar], 250).edge).toBe(778);
    // Too tall for below: it goes into the stretch above the control.
    const placed = placeStack(screen, [header, { top: 600, bottom: 640 }, tabBar], 250);
    expect(placed).toEqual({ edge: 592, room: 592 - 64 });
  });

  it('with no stretch tall enough, takes the tallest and scrolls there, never over an obstacle', () => {
    const placed = placeStack(screen, [header, { top: 400, bottom: 600 }, tabBar], 400);
    expect(placed).toEqual({ edge: 392, room: 392 - 64 });
  });

  it('ignores obstacles off the screen and overlapping ones', () => {
    const offScreen = { top: -120, bottom: -64 };
    const placed = placeStack(screen, [offScreen, { top: 700, bottom: 800 }, { top: 760, bottom: 844 }], 100);
    expect(placed).toEqual({ edge: 692, room: 692 - 8 });
  });

  it('on a screen that is all obstacles, keeps one bubble’s room at the bottom', () => {
    expect(placeStack({ top: 0, bottom: 300 }, [{ top: 0, bottom: 300 }], 200)).toEqual({
      edge: 292,
      room: MIN_STACK_ROOM_PX,
    });
  });
});
