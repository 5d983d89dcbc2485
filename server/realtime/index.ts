/**
 * The realtime layer as the rest of the server sees it: deliver an event to a user, ask who is
 * online. Built from the bus and presence that REDIS_URL selects. Presence opens first (domain
 * services use it), the gateway later, once the HTTP server exists.
 */

import type { Server } from 'node:http';
import type { Bus } from '../bus';
import { openRedis, quitRedis } from '../bus/redis';
import { busNotifier, type Notifier } from './deliver';
import type { TokenVerifier } from './gateway';
import { RealtimeGateway, type SocketHooks } from './gateway';
import { MemoryPresence, type Presence, RedisPresence } from './presence';

export { busNotifier, type LocalSockets, type Notifier } from './deliver';
export type { SocketCaller, SocketHooks } from './gateway';

export interface Realtime extends Notifier {
  presence: Presence;
  gateway: RealtimeGateway;
  close(): Promise<void>;
}

export interface PresenceHandle {
  presence: Presence;
  close(): Promise<void>;
}

/** Presence in Redis when a URL is given, else in memory. */
export async function openPresence(
  redisUrl: string | undefined,
  redisPrefix: string,
  heartbeatTimeoutMs: number,
  log?: (message: string) => void,
): Promise<PresenceHandle> {
  if (!redisUrl) {
    const presence = new MemoryPresence();
    return { presence, close: () => presence.close() };
  }
  const redis = await openRedis(redisUrl, (m) => log?.(m));
  // An entry outlives one missed heartbeat window, then expires if nobody refreshes it.
  const presence = new RedisPresence(redis, redisPrefix, heartbeatTimeoutMs + 5_000);
  return {
    presence,
    async close() {
      await presence.close();
      await quitRedis(redis);
    },
  };
}

export interface RealtimeOptions {
  server: Server;
  bus: Bus;
  presence: Presence;
  tokens: TokenVerifier;
  heartbeatTimeoutMs: number;
  loginDeadlineMs?: number;
  maintenance: boolean;
  sessionAlive: (idHash: string) => Promise<boolean>;
  /** PUBLIC_ORIGIN: an upgrade from this origin is the app's own too. */
  publicOrigin?: string;
  hooks?: SocketHooks;
  log?: (message: string, error?: unknown) => void;
}

export async function createRealtime(options: RealtimeOptions): Promise<Realtime> {
  const gateway = new RealtimeGateway({
    bus: options.bus,
    presence: options.presence,
    tokens: options.tokens,
    heartbeatTimeoutMs: options.heartbeatTimeoutMs,
    loginDeadlineMs: options.loginDeadlineMs,
    maintenance: options.maintenance,
    sessionAlive: options.sessionAlive,
    publicOrigin: options.publicOrigin,
    hooks: options.hooks,
    log: options.log,
  });
  await gateway.attach(options.server);
  const notifier = busNotifier(options.bus);
  return {
    presence: options.presence,
    gateway,
    deliver: (userid, route, data, skip) => gateway.deliver(userid, route, data, skip),
    kickOthers: (userid, keep) => notifier.kickOthers(userid, keep),
    close: () => gateway.close(),
  };
}
