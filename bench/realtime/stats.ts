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
 * The k-th send to a key is matched with the k-th receipt at that key's socket. Only sends
 * `skip` to `end` (exclusive) are counted; the others (a warm-up, earlier or later phases) are
 * matched but not counted.
 */
export function latencies(
  log: SendLog,
  receipts: Map<string, number[]>,
  skip = 0,
  end = log.length,
): Latency {
  const seen = new Map<string, number>();
  const values: number[] = [];
  for (const [index, [key, at]] of log.entries()) {
    if (index >= end) break;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const got = receipts.get(key)?.[k];
    if (got !== undefined && index >= skip) values.push(got - at);
  }
  values.sort((a, b) => a - b);
  return {
    sent: end - skip,
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

/**
 * Latency in parts: for each counted send, the time from the send to the first stamp, from each
 * stamp to the next; sends missing a stamp are left out. Stamps are matched by key and order.
 */
export function splitLatency(log: SendLog, stamps: Map<string, number[]>[], skip = 0) {
  const seen = new Map<string, number>();
  const parts: number[][] = stamps.map(() => []);
  for (const [index, [key, at]] of log.entries()) {
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    if (index < skip) continue;
    const times = stamps.map((m) => m.get(key)?.[k]);
    if (times.some((t) => t === undefined)) continue;
    let previous = at;
    for (const [i, t] of (times as number[]).entries()) {
      parts[i]?.push(t - previous);
      previous = t;
    }
  }
  return parts.map((values) => {
    values.sort((a, b) => a - b);
    return { p50: percentile(values, 0.5), p99: percentile(values, 0.99) };
  });
}

/** Times by key, in order. */
export function byKey(log: SendLog): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const [key, at] of log) {
    const list = map.get(key);
    if (list) list.push(at);
    else map.set(key, [at]);
  }
  return map;
}
