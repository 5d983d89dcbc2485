/**
 * The delivery pipeline: an alert for a member goes out by the channel he chose for its kind
 * (alert-choices.ts): one push per subscription, or one email to his verified address
 * (alert-mail.ts), or nothing when he turned it off; unless
 * - one of their tabs is visible (the socket already shows the bubble),
 * - the member has no subscription wanting this type, or no verified email (nothing is written),
 * - the alert repeats one sent on the same subject within its gap (Alert.repeat: 'repeat'),
 * - another push-server process claimed the same alert first (every process hears every bus event).
 * A claim is a lease (push-server/leases.ts): the alert is written with it, sent before the lease
 * ends and then marked done. If this process dies in between, `recover` in any process (or this one
 * after a restart) takes the alert over once the lease lapses, or drops it if its life is over.
 * 404/410 delete the subscription. Lookups, claims and completions batch across concurrent alerts.
 */
import { PUSH_LEASE_MS, PUSH_MAX_CLAIMS, PUSH_TYPES, type PushType } from '../protocol/push/push';
import type { ChannelOf } from './alert-choices';
import type { AlertMailer } from './alert-mail';
import type { Alert } from './alerts';
import type { LeaseOutcome, LeasesRepository } from './leases';
import type { RepeatsRepository } from './repeats';
import type { PushSender, SendResult } from './sender';
import type { SubscriptionsRepository } from './subscriptions';

export type AlertOutcome =
  | 'pushed'
  /** Mailed to his verified address (he chose email for this kind). */
  | 'emailed'
  | 'no-subscription'
  /** He chose email for this kind but has no verified address: nothing is sent. */
  | 'no-email'
  /** He turned this kind off. */
  | 'off'
  /** The same subject went to him within its gap (a followed broadcaster online). */
  | 'repeat'
  | 'visible'
  | 'claimed-elsewhere'
  | 'stale'
  | 'failed'
  /**
   * The lease ran out before a retry could start, or the mail provider failed: left for a later
   * claim (see recover), at most PUSH_MAX_CLAIMS times.
   */
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
  /** His notification choice for the alert's kind; without it every alert goes by push. */
  channelOf?: ChannelOf;
  /** Alerts by email; without it an alert he wants by email ends 'no-email'. */
  mailer?: AlertMailer;
  /** The slots of alerts that must not repeat within a gap; without it they are not limited. */
  repeats?: Pick<RepeatsRepository, 'take'>;
  sender: Pick<PushSender, 'send'>;
  /** How long a claim is held (PUSH_LEASE_MS). */
  leaseMs?: number;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** Called once per alert with how it ended (bench and tests). */
  onReport?: (report: DeliveryReport) => void;
}

type Subscriptions = Awaited<ReturnType<DeliveryDeps['subscriptions']['forUser']>>;

const isPushType = (type: string): type is PushType => (PUSH_TYPES as readonly string[]).includes(type);

/** Alerts taken over per recovery statement. */
const RECOVER_BATCH = 500;

export class DeliveryPipeline {
  /** Alerts started and not ended; a count, not a Set of their promises (see server/core/in-flight.ts). */
  private running = 0;
  private readonly onIdle: (() => void)[] = [];
  private readonly leaseMs: number;

  constructor(private readonly deps: DeliveryDeps) {
    this.leaseMs = deps.leaseMs ?? PUSH_LEASE_MS;
  }

  /** Starts an alert without waiting; close() waits for all that started. */
  submit(alert: Alert, leaseUntil?: number): void {
    const work = this.deliver(alert, leaseUntil).catch((error) =>
      this.deps.log?.('push: delivery failed', error),
    );
    this.running++;
    void work.finally(() => {
      if (--this.running === 0 && this.onIdle.length > 0) for (const idle of this.onIdle.splice(0)) idle();
    });
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
    const channel = this.deps.channelOf ? await this.deps.channelOf(alert.userId, alert.type) : 'push';
    if (channel === 'off') return report('off');
    // Who it can reach is looked up before the claim, so an alert nobody can get writes nothing.
    let to: string | undefined;
    let subs: Subscriptions = [];
    if (channel === 'email') {
      to = await this.deps.mailer?.verifiedEmail(alert.userId);
      if (!to) return report('no-email');
    } else {
      // The kinds a browser chooses among (PUSH_TYPES) follow its choice; the others go to all.
      subs = (await this.deps.subscriptions.forUser(alert.userId)).filter(
        (s) => !isPushType(alert.type) || s.types.includes(alert.type),
      );
      if (subs.length === 0) return report('no-subscription');
    }
    let until = leaseUntil;
    if (until === undefined) {
      until = now() + this.leaseMs;
      if (!(await this.deps.leases.claim(alert, until))) return report('claimed-elsewhere');
      held = true;
    }
    // Only the owner of the claim takes the slot, so other processes hearing the event do not.
    if (alert.repeat && this.deps.repeats) {
      const { subject, gapS } = alert.repeat;
      if (!(await this.deps.repeats.take(alert.userId, subject, gapS, alert.key, now())))
        return report('repeat');
    }
    if (to !== undefined) return this.email(alert, to, until, report);
    return this.send(alert, subs, until, report);
  }

  /** Mails the claimed alert; a provider failure leaves it leased, for recover to try again. */
  private async email(
    alert: Alert,
    to: string,
    leaseUntil: number,
    report: (outcome: AlertOutcome) => Promise<DeliveryReport>,
  ): Promise<DeliveryReport> {
    if ((this.deps.now ?? Date.now)() >= leaseUntil) return report('deferred');
    try {
      await this.deps.mailer?.send(to, alert);
    } catch (error) {
      this.deps.log?.('push: an alert email could not be sent', error);
      return report('deferred');
    }
    return report('emailed');
  }

  private async send(
    alert: Alert,
    subs: Subscriptions,
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

  /** Resolves once no alert is left running (those submitted meanwhile included). */
  async drain(): Promise<void> {
    if (this.running > 0) await new Promise<void>((idle) => this.onIdle.push(idle));
  }
}
