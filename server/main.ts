/** `node --import tsx server/main.ts`: the whole product in one process, configured from env. */
import { createServer } from './app';
import { ConfigError, loadConfig } from './config';
import { DEV_TOOL_PATHS } from './http/dev-tools';
import { DEMO_LOGINS } from './seed';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await createServer(config);
  if (!config.quiet) {
    const storage = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    const bus = config.redisUrl ? 'Redis' : 'in-process';
    console.log(`Glimmer is running at ${server.url} (${storage}, ${bus} bus)`);
    if (config.maintenance) console.log('MAINTENANCE is on: every API call answers 21000.');
    if (config.devTools) {
      console.log(
        `Development tools are on (${DEV_TOOL_PATHS.map((p) => server.url + p).join(', ')}), for this machine and operators only; NODE_ENV=production or DEV_TOOLS=0 turns them off.`,
      );
    }
    console.log(`Demo logins (password ${DEMO_LOGINS.password}):`);
    console.log(`  members:      ${DEMO_LOGINS.members.join(', ')}  at ${server.url}/user/login`);
    console.log(`  broadcasters: ${DEMO_LOGINS.broadcasters.join(', ')}  at ${server.url}/broadcast/login`);
    if (config.devTools) {
      console.log(
        `  operator:     ${DEMO_LOGINS.operator}  at ${server.url}/user/login, then the console at ${server.url}/#/operator`,
      );
    }
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!config.quiet) console.log(`${signal}: shutting down…`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('Glimmer failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
