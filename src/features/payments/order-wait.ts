/**
 * After the checkout returns, the order may still read 'created': the provider's webhook can land
 * a moment after the browser. The page asks again until the order is settled or it has waited long
 * enough to say so.
 */
import type { OrderInfo } from '../../../protocol/payments/payments';

export const ORDER_POLL_MS = 1_000;
export const ORDER_WAIT_MS = 30_000;

export type OrderWait = { settled: true; order: OrderInfo } | { settled: false; order: OrderInfo | null };

export interface WaitOptions {
  intervalMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Asks `read` until the order is no longer 'created'. A failed read is tried again while time is
 * left (the network may blink); the last error is thrown if no read ever succeeded.
 */
export async function waitForOrder(
  read: () => Promise<OrderInfo>,
  options: WaitOptions = {},
): Promise<OrderWait> {
  const { intervalMs = ORDER_POLL_MS, timeoutMs = ORDER_WAIT_MS, signal } = options;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const until = now() + timeoutMs;
  let last: OrderInfo | null = null;
  let failure: unknown = null;
  for (;;) {
    if (signal?.aborted) return { settled: false, order: last };
    try {
      last = await read();
      failure = null;
      if (last.state !== 'created') return { settled: true, order: last };
    } catch (error) {
      failure = error;
    }
    if (now() + intervalMs > until) break;
    await sleep(intervalMs);
  }
  if (!last && failure) throw failure;
  return { settled: false, order: last };
}
