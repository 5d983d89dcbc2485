import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeLocks } from './test-fakes';
import { holdLock, LOCK_RETRY_MS } from './web-lock';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('holdLock', () => {
  it('holds the lock from its grant until released, then the next tab gets it', async () => {
    const locks = new FakeLocks();
    const led: string[] = [];
    const first = holdLock(locks, 'lead', () => led.push('a'));
    holdLock(locks, 'lead', () => led.push('b'));
    await vi.advanceTimersByTimeAsync(0);
    expect(led).toEqual(['a']);
    first.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(led).toEqual(['a', 'b']);
  });

  it('asks again when the browser drops the grant, and leads then', async () => {
    const locks = new FakeLocks();
    locks.dropGrants = 1;
    const log = vi.fn();
    const led = vi.fn();
    holdLock(locks, 'lead', led, log);
    await vi.advanceTimersByTimeAsync(0);
    expect(led).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('the lead lock failed; asking again', expect.any(DOMException));
    await vi.advanceTimersByTimeAsync(LOCK_RETRY_MS);
    expect(led).toHaveBeenCalledOnce();
  });

  it('stops asking once cancelled, even after a dropped grant', async () => {
    const locks = new FakeLocks();
    locks.dropGrants = 1;
    const led = vi.fn();
    const lock = holdLock(locks, 'lead', led);
    await vi.advanceTimersByTimeAsync(0);
    lock.cancel();
    await vi.advanceTimersByTimeAsync(LOCK_RETRY_MS * 3);
    expect(led).not.toHaveBeenCalled();
    // Nobody holds it: another tab leads at once.
    const other = vi.fn();
    holdLock(locks, 'lead', other);
    await vi.advanceTimersByTimeAsync(0);
    expect(other).toHaveBeenCalledOnce();
  });
});
