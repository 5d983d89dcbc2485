/**
 * `npm run push-server`: the push server on its own (run the product server with PUSH_EMBEDDED=0).
 * Same configuration as the product server; with DATABASE_URL and REDIS_URL any number of these
 * processes share the work, each alert and reminder going out once. With PGlite it must be the only
 * process on that DATA_DIR, so on one machine the embedded push server is the way.
 */
import { createBus } from '../server/bus';
import { type Config, ConfigError, loadConfig } from '../server/config';
import { mailProviderFrom } from '../server/providers/mail/from-config';
import { openPresence } from '../server/realtime';
import { createRepositories } from '../server/repositories';
import { openDatabase } from '../server/storage/open';
import { startPushServer } from '.';
import { loadVapidKeys } from './vapid';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = (message: string, error?: unknown) =>
    config.quiet ? undefined : console.warn(message, error instanceof Error ? error.message : (error ?? ''));
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const vapid = await loadVapidKeys(createRepositories(db).settings);
  const bus = await createBus(config.redisUrl, config.redisPrefix, log);
  const presence = await openPresence(
    config.redisUrl,
    config.redisPrefix,
    config.socketHeartbeatTimeoutMs,
    log,
  );
  const push = await startPushServer({
    db,
    bus,
    presence: presence.presence,
    shared: Boolean(config.redisUrl),
    vapid,
    subject: config.pushSubject,
    publicOrigin: config.publicOrigin,
    // Alert emails: the same provider the product server builds from this configuration.
    mail: mailProviderFrom(db, { ...config.mail, quiet: config.quiet, production: config.production }),
    appOrigin: () => `http://localhost:${config.port}`,
    reminderTickMs: config.pushReminderTickMs,
    log,
  });
  if (!config.quiet) {
    const storage = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    console.log(`Glimmer push server running (${storage}, ${config.redisUrl ? 'Redis' : 'in-process'} bus)`);
    if (!config.redisUrl)
      console.warn('Without REDIS_URL this process hears no events from the product server.');
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await push.close();
    await presence.close();
    await bus.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error) => {
  console.error('Glimmer push server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
