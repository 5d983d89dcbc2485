/**
 * The delivery pipeline: an alert for a member becomes one push per subscription, unless
 * - one of their tabs is visible (the socket already shows the bubble),
 * - the member has no subscription wanting this type (nothing is written),
 * - another push-server process claimed the same alert first (every process hears every bus event).
 * A claim is a lease (push-server/leases.ts): the alert is written with it, sent before the lease
 * ends and then marked done. If this process dies in between, `recover` in any process (or this one
 * after a restart) takes the alert over once the lease lapses, or drops it if its life is over.
 * 404/410 delete the subscription. Lookups, claims and completions batch across concurrent alerts.
 */
import { PUSH_LEASE_MS, PUSH_MAX_CLAIMS } from '../protocol/push';
import type { Alert } from './alerts';
import type { LeaseOutcome, LeasesRepository } from './leases';
import type { PushSender, SendResult } from './sender';
import type { SubscriptionsRepository } from './subscriptions';

export type AlertOutcome =
  | 'pushed'
  | 'no-subscription'
  | 'visible'
  | 'claimed-elsewhere'
  | 'stale'
  | 'failed'
  /** The lease ran out before a retry could start: left for a later claim (see recover). */
  | 'deferred';

export interface DeliveryReport {
  alert: Alert;
  outcome: AlertOutcome;
  results: SendResult[];
}

export interface DeliveryDeps {
  subscriptions: Pick<SubscriptionsRepository, 'forUser' | 'removeEndpoint'>;
  leases: Pick<LeasesRepository, 'claim' | 'complete' | 'reclaim'>;
  /** Whether any tab of the member is visible now (presence, memory or Redis). */
  hasVisibleTab(userId: string): Promise<boolean>;
  sender: Pick<PushSender, 'send'>;
  /** How long a claim is held (PUSH_LEASE_MS). */
  leaseMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** Called once per alert with how it ended (bench and tests). */
  onReport?: (report: DeliveryReport) => void;
}

/** Alerts taken over per recovery statement. */
const RECOVER_BATCH = 500;

export class DeliveryPipeline {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly leaseMs: number;

  constructor(private readonly deps: DeliveryDeps) {
    this.leaseMs = deps.leaseMs ?? PUSH_LEASE_MS;
  }

  /** Starts an alert without waiting; close() waits for all that started. */
  submit(alert: Alert, leaseUntil?: number): void {
    const work = this.deliver(alert, leaseUntil).catch((error) =>
      this.deps.log?.('push: delivery failed', error),
    );
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /**
   * Delivers one alert. `leaseUntil` when the caller already holds its lease (a show reminder
   * claimed with its record, or an alert taken over by `recover`); otherwise it is claimed here.
   */
  async deliver(alert: Alert, leaseUntil?: number): Promise<DeliveryReport> {
    const now = this.deps.now ?? Date.now;
    // Whether this call holds the alert's lease (then every way out marks it done, or leaves it).
    let held = leaseUntil !== undefined;
    const report = async (outcome: AlertOutcome, results: SendResult[] = []) => {
      const r = { alert, outcome, results };
      // onReport hears the outcome as soon as it is known (the bench times event → 201) ...
      this.deps.onReport?.(r);
      // ... and the call ends once a held lease is marked done, unless it is left for a later claim.
      const done: LeaseOutcome | undefined =
        outcome === 'pushed'
          ? 'sent'
          : outcome === 'deferred' || outcome === 'claimed-elsewhere'
            ? undefined
            : outcome;
      if (held && done) {
        await this.deps.leases
          .complete(alert.key, done)
          .catch((error) => this.deps.log?.('push: cannot mark an alert done', error));
      }
      return r;
    };
    if (alert.expiresAt <= now()) return report('stale');
    // Presence first: a member looking at the app (the usual one a broadcaster invites, from the
    // list of members online) then costs no subscription lookup in the database.
    if (await this.deps.hasVisibleTab(alert.userId)) return report('visible');
    const subs = (await this.deps.subscriptions.forUser(alert.userId)).filter((s) =>
      s.types.includes(alert.type),
    );
    if (subs.length === 0) return report('no-subscription');
    let until = leaseUntil;
    if (until === undefined) {
      until = now() + this.leaseMs;
      if (!(await this.deps.leases.claim(alert, until))) return report('claimed-elsewhere');
      held = true;
    }
    return this.send(alert, subs, until, report);
  }

  private async send(
    alert: Alert,
    subs: Awaited<ReturnType<DeliveryDeps['subscriptions']['forUser']>>,
    leaseUntil: number,
    report: (outcome: AlertOutcome, results?: SendResult[]) => Promise<DeliveryReport>,
  ): Promise<DeliveryReport> {
    // The claim is ours now: every path ends in report(), which marks it done.
    const results = await Promise.all(
      subs.map(async (sub) => {
        const result = await this.deps.sender.send(sub, alert, leaseUntil);
        if (result.outcome === 'gone') {
          await this.deps.subscriptions
            .removeEndpoint(sub.endpoint)
            .catch((error) => this.deps.log?.('push: cannot remove a gone subscription', error));
        }
        return result;
      }),
    );
    if (results.some((r) => r.outcome === 'sent')) return report('pushed', results);
    // Nothing went and some send ran out of lease: whoever claims it next tries again.
    if (results.some((r) => r.outcome === 'deferred')) return report('deferred', results);
    return report(results.every((r) => r.outcome === 'stale') ? 'stale' : 'failed', results);
  }

  /**
   * Takes over alerts whose owner did not finish them within their lease (it died, or ran out of
   * lease while retrying) and sends them; those past their life are dropped. Returns the reports
   * of the alerts taken over and how many were dropped.
   */
  async recover(): Promise<{ reports: DeliveryReport[]; dropped: number }> {
    const now = (this.deps.now ?? Date.now)();
    const { claimed, dropped } = await this.deps.leases.reclaim(
      now,
      now + this.leaseMs,
      RECOVER_BATCH,
      PUSH_MAX_CLAIMS,
    );
    const reports = await Promise.all(claimed.map((c) => this.deliver(c.alert, c.leaseUntil)));
    return { reports, dropped: dropped.length };
  }

  /** Resolves when every alert submitted so far has ended. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
