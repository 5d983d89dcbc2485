/** Listeners to the socket subscribe once the page has painted, and can be undone before that. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const painted = vi.hoisted(() => {
  let paint = () => {};
  const promise = new Promise<void>((resolve) => {
    paint = resolve;
  });
  return { promise, paint: () => paint() };
});
const client = vi.hoisted(() => ({ listeners: 0 }));

vi.mock('./first-paint', () => ({ afterFirstPaint: painted.promise }));
vi.mock('../realtime', () => ({
  realtime: {
    on: () => {
      client.listeners++;
      return () => {
        client.listeners--;
      };
    },
  },
}));

const { onRealtime } = await import('./realtime-later');
const listen = () => onRealtime((realtime) => realtime.on('route', () => {}));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('onRealtime', () => {
  beforeEach(() => {
    client.listeners = 0;
  });

  it('subscribes only once the first screen has painted, and undoes it after', async () => {
    const off = listen();
    await settle();
    expect(client.listeners).toBe(0);
    painted.paint();
    await settle();
    expect(client.listeners).toBe(1);
    off();
    expect(client.listeners).toBe(0);
  });

  it('never subscribes when undone before the client is in', async () => {
    const off = listen();
    off();
    await settle();
    expect(client.listeners).toBe(0);
  });
});
