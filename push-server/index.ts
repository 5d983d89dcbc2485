/**
 * The push server: hears every socket event on the bus, turns invitations, new mail and a followed
 * broadcaster coming online into alerts for members who are away, and fires show reminders; each
 * goes by push or email as the member chose (or not at all). Runs inside the product server (server/app.ts) or on its
 * own (push-server/main.ts); any number of processes may run against one PostgreSQL and Redis.
 */
import type https from 'node:https';
import { PUSH_RECOVER_TICK_MS } from '../protocol/push/push';
import type { Bus } from '../server/bus';
import { accountFacts } from '../server/features/account';
import type { MailProvider } from '../server/providers/mail/provider';
import { DELIVER_CHANNEL, isDelivery } from '../server/realtime/deliver';
import type { Presence } from '../server/realtime/presence';
import type { Db } from '../server/storage/contract';
import { alertChoices } from './alert-choices';
import { alertMailer } from './alert-mail';
import { alertFromEvent } from './alerts';
import { DeliveryPipeline, type DeliveryReport } from './delivery';
import { defaultEncryptThreads, EncryptPool } from './encrypt-pool';
import { type LeasesRepository, leasesRepository } from './leases';
import { ReminderScheduler, remindersRepository } from './reminders';
import { repeatsRepository } from './repeats';
import { PushSender } from './sender';
import { type SubscriptionsRepository, subscriptionsRepository } from './subscriptions';
import type { VapidKeys } from './vapid';

const CLAIM_PRUNE_MS = 60 * 60_000;
const CLAIM_KEEP_MS = 24 * 60 * 60_000;

export interface PushServerOptions {
  db: Db;
  bus: Bus;
  presence: Pick<Presence, 'hasVisibleTab'>;
  /**
   * True when other push-server processes may hear the same events (a Redis bus). Alerts are
   * claimed (leased) in the database either way, so that one claimed before a crash is sent after.
   */
  shared: boolean;
  vapid: VapidKeys;
  subject: string;
  /** PUBLIC_ORIGIN: absolute links in payloads when set. */
  publicOrigin?: string;
  /**
   * Alerts a member wants by email go through this provider (server/services.ts builds the same
   * from the configuration); without one they end 'no-email'.
   */
  mail?: MailProvider;
  /** The app's address for links in emails when PUBLIC_ORIGIN is unset (where it listens). */
  appOrigin?: () => string;
  reminderTickMs?: number;
  /** How long a claimed alert is leased (PUSH_LEASE_MS) and how often lapsed leases are looked for. */
  leaseMs?: number;
  recoverTickMs?: number;
  /** Tests: the clock of reminders and TTLs, TLS trust of a local push service, quick retries. */
  now?: () => number;
  tls?: https.AgentOptions;
  retryBaseMs?: number;
  /** Encryption worker threads (default: cores - 1, at most 4; 0 encrypts in-thread). */
  encryptThreads?: number;
  onReport?: (report: DeliveryReport) => void;
  log?: (message: string, error?: unknown) => void;
}

export interface PushServer {
  subscriptions: SubscriptionsRepository;
  leases: LeasesRepository;
  pipeline: DeliveryPipeline;
  reminders: ReminderScheduler;
  sender: PushSender;
  close(): Promise<void>;
}

export async function startPushServer(o: PushServerOptions): Promise<PushServer> {
  const now = o.now ?? Date.now;
  const subscriptions = subscriptionsRepository(o.db);
  const leases = leasesRepository(o.db);
  const pool = new EncryptPool(o.encryptThreads ?? defaultEncryptThreads(), (error) =>
    o.log?.('push: an encryption worker failed; encrypting in-thread', error),
  );
  const sender = new PushSender({
    encrypt: pool.encrypt,
    vapid: o.vapid,
    subject: o.subject,
    publicOrigin: o.publicOrigin,
    tls: o.tls,
    now,
    log: o.log,
    ...(o.retryBaseMs === undefined ? {} : { retryBaseMs: o.retryBaseMs }),
  });
  const repeats = repeatsRepository(o.db);
  const mail = o.mail;
  const pipeline = new DeliveryPipeline({
    subscriptions,
    leases,
    hasVisibleTab: (userId) => o.presence.hasVisibleTab(userId),
    channelOf: alertChoices(o.db),
    mailer:
      mail &&
      alertMailer({
        mail,
        facts: accountFacts(o.db),
        origin: () => o.publicOrigin || o.appOrigin?.() || 'http://localhost',
      }),
    repeats,
    sender,
    leaseMs: o.leaseMs,
    now,
    log: o.log,
    onReport: o.onReport,
  });
  const unsubscribe = await o.bus.subscribe(DELIVER_CHANNEL, (message) => {
    if (!isDelivery(message)) return;
    const alert = alertFromEvent(message.userid, message.route, message.data, now());
    if (alert) pipeline.submit(alert);
  });
  const reminders = new ReminderScheduler({
    reminders: remindersRepository(o.db),
    pipeline,
    tickMs: o.reminderTickMs,
    leaseMs: o.leaseMs,
    now,
    log: o.log,
  });
  reminders.start();
  // Alerts whose owner died before sending them (this process before a restart, or another).
  let recovering: Promise<unknown> | undefined;
  const recover = () => {
    recovering ??= pipeline
      .recover()
      .catch((error) => o.log?.('push: recovering leased alerts failed', error))
      .finally(() => (recovering = undefined));
  };
  const recoverTimer = setInterval(recover, o.recoverTickMs ?? PUSH_RECOVER_TICK_MS);
  recoverTimer.unref();
  const prune = setInterval(() => {
    leases
      .prune(new Date(now() - CLAIM_KEEP_MS))
      .catch((error) => o.log?.('push: pruning claims failed', error));
    repeats
      .prune(new Date(now() - CLAIM_KEEP_MS))
      .catch((error) => o.log?.('push: pruning repeat slots failed', error));
  }, CLAIM_PRUNE_MS);
  prune.unref();
  return {
    subscriptions,
    leases,
    pipeline,
    reminders,
    sender,
    async close() {
      clearInterval(prune);
      clearInterval(recoverTimer);
      await recovering;
      await unsubscribe().catch(() => undefined);
      await reminders.close();
      // Sends waiting on a long back-off are abandoned rather than holding the shutdown.
      await Promise.race([pipeline.drain(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      sender.close();
      await pool.close();
    },
  };
}
