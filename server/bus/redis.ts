/** Opening Redis connections: fail the start with a clear message, and log outages without flooding. */
import { Redis } from 'ioredis';

export type RedisLog = (message: string) => void;

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

export async function openRedis(url: string, log: RedisLog = console.warn): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  let lastLogged = 0;
  // ioredis reconnects by itself; an error event per attempt would flood the log.
  client.on('error', (error: Error) => {
    if (Date.now() - lastLogged < 30_000) return;
    lastLogged = Date.now();
    log(`Redis at ${redactUrl(url)}: ${error.message}`);
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `Redis at ${redactUrl(url)} is not reachable: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return client;
}

/** QUIT politely, but never hang on a Redis that went away: disconnect after a second. */
export async function quitRedis(...clients: Redis[]): Promise<void> {
  const timeout = new Promise((resolve) => setTimeout(resolve, 1_000).unref());
  await Promise.race([Promise.allSettled(clients.map((c) => c.quit())), timeout]);
  for (const c of clients) c.disconnect();
}
