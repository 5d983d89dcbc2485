import { describe, expect, it } from 'vitest';
import type { OrderInfo } from '../../../protocol/payments/payments';
import { waitForOrder } from './order-wait';

const order = (state: OrderInfo['state']): OrderInfo => ({
  order_id: 'O1',
  pack_id: 'credits_25',
  kind: 'credits',
  credits: 25,
  minutes: 0,
  price_cents: 2299,
  currency: 'usd',
  state,
  failure: state === 'failed' ? 'Your card was declined.' : '',
  created_at: 0,
});

/** A clock that moves only when the wait sleeps. */
function clock() {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
  };
}

describe('waitForOrder', () => {
  it('asks again until the webhook has settled the order', async () => {
    const answers = [order('created'), order('created'), order('paid')];
    let reads = 0;
    const result = await waitForOrder(async () => answers[reads++] as OrderInfo, clock());
    expect(result).toEqual({ settled: true, order: order('paid') });
    expect(reads).toBe(3);
  });

  it('answers a failure at once, with its reason', async () => {
    const result = await waitForOrder(async () => order('failed'), clock());
    expect(result.settled && result.order.failure).toBe('Your card was declined.');
  });

  it('gives up after its time, with the order as it last read', async () => {
    let reads = 0;
    const result = await waitForOrder(
      async () => {
        reads++;
        return order('created');
      },
      { ...clock(), intervalMs: 1_000, timeoutMs: 5_000 },
    );
    expect(result).toEqual({ settled: false, order: order('created') });
    expect(reads).toBe(6);
  });

  it('rides out a failed read, and throws only when none succeeded', async () => {
    let reads = 0;
    const result = await waitForOrder(async () => {
      if (reads++ === 0) throw new Error('offline');
      return order('paid');
    }, clock());
    expect(result.settled).toBe(true);
    await expect(
      waitForOrder(async () => Promise.reject(new Error('offline')), { ...clock(), timeoutMs: 2_000 }),
    ).rejects.toThrow('offline');
  });
});
