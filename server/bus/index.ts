/**
 * The event bus: how an event raised in one process reaches sockets held by any process. In-process
 * (EventEmitter) for a single server, Redis pub/sub when REDIS_URL is set.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { openRedis, quitRedis, type RedisLog } from './redis';

export type BusHandler = (message: unknown) => void;

export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  /** Resolves once the subscription is live; the returned function unsubscribes. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** One process: publish calls every subscriber of that channel, asynchronously like Redis would. */
export class LocalBus implements Bus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(channel: string, message: unknown): Promise<void> {
    // A copy, so a subscriber never shares an object with the publisher (as over Redis).
    const copy = JSON.parse(JSON.stringify(message ?? null)) as unknown;
    queueMicrotask(() => this.emitter.emit(channel, copy));
  }

  async subscribe(channel: string, handler: BusHandler) {
    this.emitter.on(channel, handler);
    return async () => {
      this.emitter.off(channel, handler);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Redis pub/sub: one connection publishes, one listens (a subscribed connection can do nothing else). */
export class RedisBus implements Bus {
  private readonly handlers = new Map<string, Set<BusHandler>>();

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
  ) {
    this.sub.on('message', (channel: string, raw: string) => {
      const set = this.handlers.get(channel);
      if (!set) return;
      let message: unknown;
      try {
        message = JSON.parse(raw);
      } catch {
        return;
      }
      for (const handler of set) handler(message);
    });
  }

  static async open(url: string, prefix: string, log?: RedisLog): Promise<RedisBus> {
    const pub = await openRedis(url, log);
    try {
      return new RedisBus(pub, await openRedis(url, log), prefix);
    } catch (error) {
      pub.disconnect();
      throw error;
    }
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.pub.publish(this.prefix + channel, JSON.stringify(message ?? null));
  }

  async subscribe(channel: string, handler: BusHandler) {
    const name = this.prefix + channel;
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
      await this.sub.subscribe(name);
    }
    set.add(handler);
    return async () => {
      const current = this.handlers.get(name);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(name);
        await this.sub.unsubscribe(name);
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await quitRedis(this.pub, this.sub);
  }
}

export async function createBus(redisUrl: string | undefined, prefix: string, log?: RedisLog): Promise<Bus> {
  return redisUrl ? RedisBus.open(redisUrl, prefix, log) : new LocalBus();
}
