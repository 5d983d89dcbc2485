/**
 * The highest rate a server holds: after the measured run, with the same sockets open, short steps
 * at rising rates (a lead-in that is not counted, then the counted sends), stopping at the first
 * step whose p99 reaches the limit or that loses a send. Kept short so the whole bench stays within
 * a few minutes at 20,000 sockets.
 */
import type { SendLog } from './ipc';
import { pickTargets } from './pace';
import { latencies } from './stats';

/** A step is held when every send arrived and the p99 stayed under this. */
export const HELD_P99_MS = 100;
export const DEFAULT_STEPS = [250, 500, 750, 1_000, 1_500, 2_000, 3_000];

export interface Step {
  rate: number;
  sent: number;
  delivered: number;
  p99: number;
  held: boolean;
}

export interface Search {
  steps: Step[];
  /** The highest rate held (undefined: not even the first). */
  held: number | undefined;
  /** Every step was held: the real limit is higher. */
  allHeld: boolean;
}

export interface SearchOptions {
  rates: readonly number[];
  stepSeconds: number;
  leadSeconds: number;
  keys: readonly string[];
  /** Sends `keys` at `rate` and resolves once they went out (and, over HTTP, were answered). */
  drive(keys: string[], rate: number): Promise<SendLog>;
  /** Every receipt so far, by key. */
  receipts(): Promise<Map<string, number[]>>;
  /** Every send so far, in order (receipts are matched to it); the steps' sends are appended. */
  history: SendLog;
  log(text: string): void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function searchRates(options: SearchOptions): Promise<Search> {
  const steps: Step[] = [];
  for (const rate of options.rates) {
    const lead = Math.round(rate * options.leadSeconds);
    const counted = Math.round(rate * options.stepSeconds);
    const targets = pickTargets(options.keys, lead + counted);
    options.history.push(...(await options.drive(targets.slice(0, lead), rate)));
    const from = options.history.length;
    options.history.push(...(await options.drive(targets.slice(lead), rate)));
    // Stragglers: anything later than this is past the limit anyway.
    await pause(HELD_P99_MS * 5);
    const latency = latencies(options.history, await options.receipts(), from);
    const held = latency.delivered === latency.sent && latency.p99 < HELD_P99_MS;
    steps.push({ rate, sent: latency.sent, delivered: latency.delivered, p99: latency.p99, held });
    options.log(
      `step ${rate}/s: ${latency.delivered}/${latency.sent} delivered, p99 ${latency.p99.toFixed(1)} ms${held ? '' : ' (not held: stop)'}`,
    );
    if (!held) break;
  }
  const heldSteps = steps.filter((s) => s.held);
  return {
    steps,
    held: heldSteps.at(-1)?.rate,
    allHeld: heldSteps.length === options.rates.length,
  };
}

/** `--steps 250,500,...` or `none`. */
export function parseSteps(text: string): number[] {
  if (text === 'none' || text === '') return [];
  const rates = text.split(',').map(Number);
  if (rates.some((r) => !Number.isFinite(r) || r <= 0))
    throw new Error(`--steps: not a list of rates: ${text}`);
  return rates;
}
