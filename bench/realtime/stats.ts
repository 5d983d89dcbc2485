/** Pairs sends with receipts and summarises latencies. */
import type { SendLog } from './ipc';

export interface Latency {
  sent: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * The k-th send to a key is matched with the k-th receipt at that key's socket. The first `skip`
 * sends (the warm-up) are matched but not counted.
 */
export function latencies(log: SendLog, receipts: Map<string, number[]>, skip = 0): Latency {
  const seen = new Map<string, number>();
  const values: number[] = [];
  for (const [index, [key, at]] of log.entries()) {
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const got = receipts.get(key)?.[k];
    if (got !== undefined && index >= skip) values.push(got - at);
  }
  values.sort((a, b) => a - b);
  return {
    sent: log.length - skip,
    delivered: values.length,
    p50: percentile(values, 0.5),
    p99: percentile(values, 0.99),
    max: values.at(-1) ?? Number.NaN,
  };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}
