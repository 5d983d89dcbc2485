/**
 * A job run every `everyMs` (the schedulers of booking notices, show notices and show reminders):
 * a slow tick is never overlapped by the next, the timer does not keep the process alive, and
 * `stop` waits for the tick under way.
 */
export class TickLoop {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = false;

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly everyMs: number,
  ) {}

  start(): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.tick().finally(() => (this.running = undefined));
    }, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
