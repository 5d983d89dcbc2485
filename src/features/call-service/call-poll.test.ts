import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallStatus } from '../../../protocol/call-service/call-service';
import { balancesState } from '../../state/balances';
import { startCallPoll } from './call-poll';

const status = (credit: number, is_end: 0 | 1 = 0): CallStatus => ({
  ref_no: 'CO0123456789',
  man_connected: 1,
  press1: 1,
  anchor_connected: 1,
  is_end,
  need_transaction: 0,
  translator_connected: 0,
  display: is_end ? 'ended' : 'calling',
  duration: 0,
  cost: 0,
  credit,
  end_reason: '',
});

beforeEach(() => {
  vi.useFakeTimers();
  balancesState.credit = 10;
});
afterEach(() => vi.useRealTimers());

describe('the call status poll', () => {
  it('asks at once and every 5 s until is_end, the header balance following each answer', async () => {
    const answers = [status(8), status(6), status(6, 1)];
    const load = vi.fn(async () => answers.shift() ?? status(0, 1));
    const seen: number[] = [];
    startCallPoll(load, { status: (s) => seen.push(s.credit), error: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(balancesState.credit).toBe(8);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(balancesState.credit).toBe(6);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([8, 6, 6]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('an error stops it', async () => {
    const load = vi.fn().mockResolvedValueOnce(status(8)).mockRejectedValueOnce(new Error('down'));
    const errors: unknown[] = [];
    startCallPoll(load, { status: () => {}, error: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stopped (the pop-up closed), it asks no more and drops an answer still on its way', async () => {
    let answer: (s: CallStatus) => void = () => {};
    const load = vi.fn(() => new Promise<CallStatus>((resolve) => (answer = resolve)));
    const seen: CallStatus[] = [];
    const stop = startCallPoll(load, { status: (s) => seen.push(s), error: () => {} });
    stop();
    answer(status(1));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seen).toEqual([]);
    expect(balancesState.credit).toBe(10);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
