/**
 * Time and timers for the auto-invite engine, injected so that tests move time by hand and check
 * the engine's rules exactly instead of racing a busy machine's wall clock.
 */
export interface EngineClock {
  now(): number;
  /** Runs `task` once after `ms`; the returned function cancels it. */
  after(ms: number, task: () => Promise<void>): () => void;
}

export const systemClock: EngineClock = {
  now: () => Date.now(),
  after(ms, task) {
    const timer = setTimeout(() => void task(), ms);
    // A pending invitation never keeps the process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};
