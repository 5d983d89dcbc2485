/**
 * Open-loop sending at a fixed rate: call i is due at start + i/rate, whatever happened to the
 * calls before it, so a slow server cannot slow the offered load down (no coordinated omission).
 */
import { now, type SendLog } from './ipc';

export async function pace(
  keys: readonly string[],
  rate: number,
  send: (key: string, index: number) => void,
): Promise<SendLog> {
  const log: SendLog = [];
  const start = now();
  const interval = 1000 / rate;
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const t = now();
      while (next < keys.length && start + next * interval <= t) {
        const key = keys[next] as string;
        log.push([key, now()]);
        send(key, next);
        next += 1;
      }
      if (next >= keys.length) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  return log;
}

/** The keys to target: every key at most once while there are enough, in random order. */
export function pickTargets(keys: readonly string[], count: number): string[] {
  const picked: string[] = [];
  while (picked.length < count) {
    const round = [...keys];
    for (let i = round.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [round[i], round[j]] = [round[j] as string, round[i] as string];
    }
    picked.push(...round.slice(0, count - picked.length));
  }
  return picked;
}
