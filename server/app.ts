/**
 * Builds the whole server: database (migrated, seeded on first start), repositories, domain
 * services, the API, media, push routes, static files and the realtime socket, then listens.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { LOGIN_FAILURE_WINDOW_S } from '../protocol/constants';
import { type PushServer, type PushServerOptions, startPushServer } from '../push-server';
import { pushApiRoutes, registerPushRoutes } from '../push-server/routes';
import { subscriptionsRepository } from '../push-server/subscriptions';
import { loadVapidKeys } from '../push-server/vapid';
import { type Bus, createBus } from './bus';
import type { Config } from './config';
import { registerMailOutbox } from './features/account';
import { registerAlbumFiles } from './features/albums';
import { BookingScheduler } from './features/bookings';
import { registerTwilioWebhooks } from './features/call-service';
import { registerCareFiles } from './features/care';
import { registerFaceCheckPage } from './features/face-id';
import { hangoutSocketRoutes } from './features/hangouts';
import type { EngineClock, RealtimeDeps } from './features/invitations';
import { AutoInviteEngine, InviteGate, socketHooks } from './features/invitations';
import { LiveChatInviteEngine, livechatSocketRoutes } from './features/livechat';
import { registerMailFiles } from './features/mail';
import { registerPartnerGoto, registerPartnerStandIn } from './features/partner-sites';
import { registerPayments } from './features/payments';
import { registerSmsOutbox } from './features/phone';
import { registerPremiumVideoFiles } from './features/premium-videos';
import { registerProfileFiles } from './features/profile';
import { registerShotFiles } from './features/shots';
import { ShowNoticeScheduler } from './features/shows';
import { registerApiPlumbing, registerApiRoutes } from './http/api';
import { registerCompression } from './http/compression';
import { registerDevTools } from './http/dev-tools';
import { registerMedia } from './http/media';
import type { ApiRoute } from './http/route';
import { registerSameOriginCheck } from './http/same-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStatic } from './http/static';
import { busNotifier, createRealtime, openPresence, type Realtime, type SocketHooks } from './realtime';
import { createRepositories, type StorageRepositories } from './repositories';
import { apiRoutes } from './routes';
import { seedDemoData } from './seed';
import { createPrng } from './seed/prng';
import { createServices, type Services } from './services';
import type { Db } from './storage/contract';
import { openDatabase } from './storage/open';

const HOUSEKEEPING_MS = 60 * 60_000;

export interface ServerOptions {
  /** Routes beyond the registry, registered with the same plumbing (tests add a slow one). */
  extraRoutes?: readonly ApiRoute[];
  /** The auto-invite engine's time (tests move it by hand); the system clock by default. */
  autoInviteClock?: EngineClock;
  /** The live-chat invitation engine's time (tests); the system clock by default. */
  livechatInviteClock?: EngineClock;
  /** The embedded push server's test hooks (clock, TLS trust of a local push service, retries). */
  push?: Pick<PushServerOptions, 'now' | 'tls' | 'retryBaseMs' | 'onReport'>;
}

/** A registered route: its method and its path as Fastify has it (with :params and wildcards). */
export interface RouteRecord {
  method: string;
  url: string;
}

export interface GlimmerServer {
  url: string;
  port: number;
  app: FastifyInstance;
  /** Every route registered, in order (HEAD twins of GET routes included). */
  routes: readonly RouteRecord[];
  config: Config;
  db: Db;
  repositories: StorageRepositories;
  services: Services;
  realtime: Realtime;
  bus: Bus;
  autoInvite: AutoInviteEngine;
  livechatInvite: LiveChatInviteEngine;
  showNotices: ShowNoticeScheduler;
  /** Web Push: the embedded push server (undefined with PUSH_EMBEDDED=0). */
  push: PushServer | undefined;
  /** Booking reminders, start notices and settling (tests call tick(now) directly). */
  bookingScheduler: BookingScheduler;
  close(): Promise<void>;
}

export async function createServer(config: Config, options: ServerOptions = {}): Promise<GlimmerServer> {
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const cleanup: (() => Promise<unknown>)[] = [() => db.close()];
  const closeAll = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  };
  try {
    await seedDemoData(db);
    const repositories = createRepositories(db);
    // Bus and presence come first: domain services deliver events and ask who is online.
    const log = (message: string, error?: unknown) =>
      config.quiet
        ? undefined
        : console.warn(message, error instanceof Error ? error.message : (error ?? ''));
    const bus = await createBus(config.redisUrl, config.redisPrefix, log);
    cleanup.push(() => bus.close());
    const presenceHandle = await openPresence(
      config.redisUrl,
      config.redisPrefix,
      config.socketHeartbeatTimeoutMs,
      log,
    );
    cleanup.push(() => presenceHandle.close());
    const rt: RealtimeDeps = { notifier: busNotifier(bus), presence: presenceHandle.presence };
    const services = createServices(repositories, config, rt, db);
    // Sessions ended on other processes leave this one's session cache at once.
    cleanup.push(await services.sessions.followBus(bus));
    // A block made on another process takes effect here at once.
    cleanup.push(await services.blocks.follow(bus));
    cleanup.push(async () => services.messages.close());
    cleanup.push(async () => services.sayHi.close());
    // The live rooms and the hang-outs share one cluster: started once their steps are all known,
    // stopped after them, and its seats unlisted once the live rooms have closed theirs.
    cleanup.push(() => services.liveCluster.close());
    cleanup.push(() => services.live.close());
    cleanup.push(await services.liveCluster.start(bus));
    cleanup.push(await services.live.start(bus));
    cleanup.push(await services.hangouts.start(bus));
    cleanup.push(services.livechat.start());
    // One cap and do-not-disturb per member for both engines (protocol/notices/notices.ts).
    const inviteGate = new InviteGate({ quietUntil: (userid) => services.notices.quietUntil(userid) });
    const autoInvite = new AutoInviteEngine({
      repos: repositories,
      rt,
      gate: inviteGate,
      hiddenFrom: services.blocks.hiddenFrom,
      config: config.autoInvite,
      random: config.autoInvite.seed === undefined ? Math.random : createPrng(config.autoInvite.seed).next,
      clock: options.autoInviteClock,
      log,
    });
    cleanup.push(async () => autoInvite.close());
    const livechatInvite = new LiveChatInviteEngine({
      repos: repositories,
      rt,
      invites: services.livechatInvites,
      gate: inviteGate,
      config: config.livechatInvite,
      random:
        config.livechatInvite.seed === undefined
          ? Math.random
          : createPrng(config.livechatInvite.seed + 1).next,
      clock: options.livechatInviteClock,
      log,
    });
    cleanup.push(async () => livechatInvite.close());
    // Both engines see who is connected and idle.
    const engines = {
      connected: (c: Parameters<AutoInviteEngine['connected']>[0]) => {
        autoInvite.connected(c);
        livechatInvite.connected(c);
      },
      activity: (c: Parameters<AutoInviteEngine['activity']>[0]) => {
        autoInvite.activity(c);
        livechatInvite.activity(c);
      },
      disconnected: (c: Parameters<AutoInviteEngine['disconnected']>[0]) => {
        autoInvite.disconnected(c);
        livechatInvite.disconnected(c);
      },
    };
    const vapid = await loadVapidKeys(repositories.settings);

    const timeouts = config.httpTimeouts;
    const app = Fastify({
      logger: { level: config.quiet ? 'error' : 'warn' },
      bodyLimit: config.bodyLimit,
      // Slow clients: Node answers 408 and closes a request whose headers or body take too long. It
      // looks every connectionsCheckingInterval, so that follows the shorter time-out.
      requestTimeout: timeouts.requestMs,
      http: {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.requestMs,
        connectionsCheckingInterval: Math.min(30_000, Math.ceil(timeouts.headersMs / 4)),
      },
      // A hop count trusts that many proxies nearest the server (Fastify's typings take it as a function).
      trustProxy:
        typeof config.trustProxy === 'number'
          ? (_address: string, hop: number) => hop < (config.trustProxy as number)
          : config.trustProxy,
    });
    cleanup.push(() => app.close());
    // Every route as Fastify has it, so a test can walk them all (tests/integration/fuzz-routes).
    const routes: RouteRecord[] = [];
    app.addHook('onRoute', ({ method, url }) => {
      for (const m of [method].flat()) routes.push({ method: m, url });
    });
    await app.register(cookie);
    // Before any route: the routes that opt in are fitted as they are registered.
    await registerCompression(app);
    await registerSecurityHeaders(app, config);
    registerSameOriginCheck(app, config.publicOrigin);
    await app.register(formbody, { bodyLimit: config.bodyLimit });
    registerApiPlumbing(app, { config, services });
    registerApiRoutes(app, [...apiRoutes, ...(options.extraRoutes ?? [])], { config, services });
    registerPushRoutes(app, vapid);
    registerApiRoutes(
      app,
      pushApiRoutes({
        subscriptions: subscriptionsRepository(db),
        allowedOrigins: config.pushAllowedOrigins,
      }),
      { config, services },
    );
    registerMedia(app, repositories);
    registerMailFiles(app, services);
    registerShotFiles(app, services);
    registerCareFiles(app, services);
    registerPremiumVideoFiles(app, services);
    registerAlbumFiles(app, services);
    registerProfileFiles(app, services);
    registerPayments(app, services);
    registerTwilioWebhooks(app, services);
    registerPartnerGoto(app, services);
    registerDevTools(app, config, services);
    if (config.devTools) {
      // Its codes are members' real ones in production: there the page is off even with DEV_TOOLS.
      if (!config.production) registerSmsOutbox(app, services.sms);
      // Mailed links are members' real keys in production: there the page is off even with DEV_TOOLS.
      if (!config.production) registerMailOutbox(app, services.mailer);
      registerFaceCheckPage(app, services.faceCheck);
      registerPartnerStandIn(app, services.partnerSites);
    }
    await registerStatic(app, config.staticDir);
    await app.ready();

    const realtime = await createRealtime({
      server: app.server,
      bus,
      presence: presenceHandle.presence,
      tokens: services.tokens,
      heartbeatTimeoutMs: config.socketHeartbeatTimeoutMs,
      loginDeadlineMs: config.socketLoginDeadlineMs,
      maintenance: config.maintenance,
      sessionAlive: (idHash) => repositories.sessions.existsHash(idHash),
      publicOrigin: config.publicOrigin,
      hooks: withOnlineReminders(
        socketHooks(services.invitations, engines, {
          ...livechatSocketRoutes(services.livechat),
          ...hangoutSocketRoutes(services.hangouts),
        }),
        (anchorId) =>
          void services.reminders
            .anchorOnline(anchorId)
            .catch((error) => app.log.warn({ err: error }, 'online reminders')),
      ),
      log: (message, error) => app.log.warn({ err: error }, message),
    });
    // Sockets go before the HTTP server, which waits for its connections to end.
    cleanup.push(() => realtime.close());
    // Services built before the gateway reach this process's sockets from now on.
    rt.local = realtime.gateway;

    const housekeeping = setInterval(() => {
      const failuresBefore = new Date(Date.now() - LOGIN_FAILURE_WINDOW_S * 1000);
      Promise.all([
        repositories.sessions.deleteExpired(),
        // Failed logins past the window no longer count (made-up ids would otherwise pile up).
        repositories.loginFailures.deleteBefore(failuresBefore),
        // Sign-up and reset limit counts past their windows, spent sign-up challenges past their time.
        services.account.forgetOld(),
      ]).catch((error) => app.log.warn({ err: error }, 'housekeeping'));
    }, HOUSEKEEPING_MS);
    housekeeping.unref();
    cleanup.push(async () => clearInterval(housekeeping));
    // Open invitations past their time expire and request holds come back (any process may run it).
    const sweep = setInterval(() => {
      services.requests.expireDue().catch((error) => app.log.warn({ err: error }, 'invitation sweep'));
    }, config.invitationSweepMs);
    sweep.unref();
    cleanup.push(async () => clearInterval(sweep));
    // Vouchers past their time: claimed once in the database, each member told of his new counts.
    const voucherSweep = setInterval(() => {
      services.vouchers.expireDue().catch((error) => app.log.warn({ err: error }, 'voucher sweep'));
    }, config.invitationSweepMs);
    voucherSweep.unref();
    cleanup.push(async () => clearInterval(voucherSweep));
    // Show-start notices: every process ticks; the claim in the database sends each notice once.
    const showNotices = new ShowNoticeScheduler({
      shows: repositories.shows,
      notifier: rt.notifier,
      tickMs: config.showNoticeTickMs,
      log,
    });
    showNotices.start();
    cleanup.push(() => showNotices.close());
    // Web Push: in this process unless PUSH_EMBEDDED=0 (then `npm run push-server` processes).
    // Alert emails link to PUBLIC_ORIGIN, else to where this server listens (known once it does).
    let listening = '';
    const push = config.pushEmbedded
      ? await startPushServer({
          db,
          bus,
          presence: presenceHandle.presence,
          shared: Boolean(config.redisUrl),
          vapid,
          subject: config.pushSubject,
          publicOrigin: config.publicOrigin,
          mail: services.mailer,
          appOrigin: () => listening,
          reminderTickMs: config.pushReminderTickMs,
          log,
          ...options.push,
        })
      : undefined;
    if (push) cleanup.push(() => push.close());
    // Booking reminders and notices: claimed in the database like show notices, so each goes out once.
    const bookingScheduler = new BookingScheduler({
      db,
      bookings: services.bookings,
      notifier: rt.notifier,
      sms: services.sms,
      tickMs: config.showNoticeTickMs,
      log,
    });
    bookingScheduler.start();
    cleanup.push(() => bookingScheduler.close());

    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    listening = `http://${shownHost}:${port}`;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${shownHost}:${port}`,
      port,
      app,
      routes,
      config,
      db,
      repositories,
      services,
      realtime,
      bus,
      autoInvite,
      livechatInvite,
      showNotices,
      push,
      bookingScheduler,
      close: () => {
        closing ??= closeAll();
        return closing;
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** A broadcaster's socket signing in is her coming online: her followers are reminded (reminders feature). */
function withOnlineReminders(hooks: SocketHooks, anchorOnline: (anchorId: string) => void): SocketHooks {
  return {
    ...hooks,
    onLogin(caller) {
      hooks.onLogin?.(caller);
      if (caller.role === 'lady') anchorOnline(caller.userid);
    },
  };
}
