import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionState } from '../state/session';
import type { RealtimeClient } from './contract';
import { linkRealtime } from './wiring';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function client() {
  return {
    status: 'idle',
    start: vi.fn(),
    stop: vi.fn(),
    on: () => () => {},
    answer: vi.fn(),
    request: vi.fn(),
    onStatus: () => () => {},
  } satisfies RealtimeClient;
}

beforeEach(() => {
  Object.assign(sessionState, { status: 'booting', offline: false, token: '' });
});

describe('realtime follows the session', () => {
  it('starts when signed in online with a token, again on a new token, and stops for a visitor', async () => {
    const c = client();
    const unlink = linkRealtime(c, { endSession: async () => {} });
    expect(c.start).not.toHaveBeenCalled();
    Object.assign(sessionState, { status: 'signed-in', offline: true, token: '' });
    await tick();
    expect(c.start).not.toHaveBeenCalled();
    Object.assign(sessionState, { offline: false, token: 't1' });
    await tick();
    expect(c.start).toHaveBeenCalledTimes(1);
    sessionState.token = 't2';
    await tick();
    expect(c.start).toHaveBeenCalledTimes(2);
    sessionState.status = 'visitor';
    await tick();
    expect(c.stop).toHaveBeenCalled();
    unlink();
  });
});
