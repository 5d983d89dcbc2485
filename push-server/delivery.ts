/**
 * The delivery pipeline: an alert for a member becomes one push per subscription, unless
 * - the member has no subscription wanting this type (nothing is written),
 * - one of their tabs is visible (the socket already shows the bubble),
 * - another push-server process claimed the same alert first (every process hears every bus event).
 * 404/410 delete the subscription. Lookups and claims batch across concurrent alerts.
 */
import type { Alert } from './alerts';
import type { PushSender, SendResult } from './sender';
import type { SubscriptionsRepository } from './subscriptions';

export type AlertOutcome =
  | 'pushed'
  | 'no-subscription'
  | 'visible'
  | 'claimed-elsewhere'
  | 'stale'
  | 'failed';

export interface DeliveryReport {
  alert: Alert;
  outcome: AlertOutcome;
  results: SendResult[];
}

export interface DeliveryDeps {
  subscriptions: Pick<SubscriptionsRepository, 'forUser' | 'claim' | 'removeEndpoint'>;
  /** Whether any tab of the member is visible now (presence, memory or Redis). */
  hasVisibleTab(userId: string): Promise<boolean>;
  sender: Pick<PushSender, 'send'>;
  /**
   * false when this is the only push server that hears these events (an in-process bus): then no
   * claim is written. With Redis every push-server process hears every event, so it is required.
   */
  claims?: boolean;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** Called once per alert with how it ended (bench and tests). */
  onReport?: (report: DeliveryReport) => void;
}

export class DeliveryPipeline {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: DeliveryDeps) {}

  /** Starts an alert without waiting; close() waits for all that started. */
  submit(alert: Alert, claim = true): void {
    const work = this.deliver(alert, claim).catch((error) => this.deps.log?.('push: delivery failed', error));
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /**
   * Delivers one alert. `claim` false when the caller already holds it exclusively (a reminder
   * record claimed in the database).
   */
  async deliver(alert: Alert, claim = true): Promise<DeliveryReport> {
    const report = (outcome: AlertOutcome, results: SendResult[] = []) => {
      const r = { alert, outcome, results };
      this.deps.onReport?.(r);
      return r;
    };
    const now = this.deps.now ?? Date.now;
    if (alert.expiresAt <= now()) return report('stale');
    const subs = (await this.deps.subscriptions.forUser(alert.userId)).filter((s) =>
      s.types.includes(alert.type),
    );
    if (subs.length === 0) return report('no-subscription');
    if (await this.deps.hasVisibleTab(alert.userId)) return report('visible');
    if (claim && this.deps.claims !== false && !(await this.deps.subscriptions.claim(alert.key)))
      return report('claimed-elsewhere');
    const results = await Promise.all(
      subs.map(async (sub) => {
        const result = await this.deps.sender.send(sub, alert);
        if (result.outcome === 'gone') {
          await this.deps.subscriptions
            .removeEndpoint(sub.endpoint)
            .catch((error) => this.deps.log?.('push: cannot remove a gone subscription', error));
        }
        return result;
      }),
    );
    if (results.some((r) => r.outcome === 'sent')) return report('pushed', results);
    return report(results.every((r) => r.outcome === 'stale') ? 'stale' : 'failed', results);
  }

  /** Resolves when every alert submitted so far has ended. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
