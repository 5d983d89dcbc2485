/**
 * Who holds a socket, and whether any of their tabs is visible (push is skipped for a member
 * looking at the app). In memory for one process; in Redis for a cluster, where each connection
 * is an entry with an expiry refreshed by heartbeats, so a crashed process leaves no ghosts.
 */
import type { Redis } from 'ioredis';

export interface Presence {
  connect(userid: string, connId: string): Promise<void>;
  disconnect(userid: string, connId: string): Promise<void>;
  setVisible(userid: string, connId: string, visible: boolean): Promise<void>;
  /** Keeps a connection's entry alive; called on every heartbeat (nothing to wait for in memory). */
  touch(userid: string, connId: string): Promise<void> | undefined;
  isOnline(userid: string): Promise<boolean>;
  hasVisibleTab(userid: string): Promise<boolean>;
  /** Users holding a socket now (on any process), at most `limit`, with whether a tab is visible. */
  listOnline(limit: number): Promise<OnlineEntry[]>;
  close(): Promise<void>;
}

export interface OnlineEntry {
  userid: string;
  visible: boolean;
}

export class MemoryPresence implements Presence {
  /** userid → connection id → visible. */
  private readonly users = new Map<string, Map<string, boolean>>();

  async connect(userid: string, connId: string) {
    let conns = this.users.get(userid);
    if (!conns) {
      conns = new Map();
      this.users.set(userid, conns);
    }
    // A new tab counts as visible until it says otherwise.
    conns.set(connId, true);
  }

  async disconnect(userid: string, connId: string) {
    const conns = this.users.get(userid);
    conns?.delete(connId);
    if (conns?.size === 0) this.users.delete(userid);
  }

  async setVisible(userid: string, connId: string, visible: boolean) {
    const conns = this.users.get(userid);
    if (conns?.has(connId)) conns.set(connId, visible);
  }

  touch(): undefined {}

  async isOnline(userid: string) {
    return (this.users.get(userid)?.size ?? 0) > 0;
  }

  async hasVisibleTab(userid: string) {
    return [...(this.users.get(userid)?.values() ?? [])].some(Boolean);
  }

  async listOnline(limit: number) {
    const entries: OnlineEntry[] = [];
    for (const [userid, conns] of this.users) {
      if (entries.length >= limit) break;
      entries.push({ userid, visible: [...conns.values()].some(Boolean) });
    }
    return entries;
  }

  async close() {
    this.users.clear();
  }
}

/**
 * Two sorted sets per user, member = connection id, score = expiry in ms: one for connections, one
 * for visible connections. Readers ignore expired entries; writers prune them. One more sorted set,
 * member = userid, lists who is online at all, with the same expiring scores, so the broadcaster
 * workspace can list online members without scanning keys.
 */
const DISCONNECT_SCRIPT = `
redis.call('zrem', KEYS[1], ARGV[1])
redis.call('zrem', KEYS[2], ARGV[1])
if redis.call('zcount', KEYS[1], ARGV[2], '+inf') == 0 then redis.call('zrem', KEYS[3], ARGV[3]) end
return 1`;

export class RedisPresence implements Presence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private keys(userid: string) {
    return { conns: `${this.prefix}presence:${userid}`, visible: `${this.prefix}visible:${userid}` };
  }

  private get onlineKey() {
    return `${this.prefix}online`;
  }

  private async refresh(userid: string, connId: string, visible: boolean | undefined) {
    const { conns, visible: vis } = this.keys(userid);
    const now = Date.now();
    const until = now + this.ttlMs;
    const multi = this.redis.multi();
    multi.zadd(conns, until, connId).zremrangebyscore(conns, '-inf', now).pexpire(conns, this.ttlMs);
    if (visible === true) multi.zadd(vis, until, connId);
    if (visible === false) multi.zrem(vis, connId);
    // On a heartbeat (undefined) a visible entry is extended, a hidden one stays absent.
    if (visible === undefined) multi.zadd(vis, 'XX', until, connId);
    multi.zremrangebyscore(vis, '-inf', now).pexpire(vis, this.ttlMs);
    multi.zadd(this.onlineKey, until, userid).zremrangebyscore(this.onlineKey, '-inf', now);
    await multi.exec();
  }

  async connect(userid: string, connId: string) {
    await this.refresh(userid, connId, true);
  }

  async disconnect(userid: string, connId: string) {
    const { conns, visible } = this.keys(userid);
    // One script, so a connect on another process between the checks cannot be lost.
    await this.redis.eval(DISCONNECT_SCRIPT, 3, conns, visible, this.onlineKey, connId, Date.now(), userid);
  }

  async setVisible(userid: string, connId: string, visible: boolean) {
    await this.refresh(userid, connId, visible);
  }

  async touch(userid: string, connId: string) {
    await this.refresh(userid, connId, undefined);
  }

  async isOnline(userid: string) {
    return (await this.redis.zcount(this.keys(userid).conns, Date.now(), '+inf')) > 0;
  }

  async hasVisibleTab(userid: string) {
    return (await this.redis.zcount(this.keys(userid).visible, Date.now(), '+inf')) > 0;
  }

  async listOnline(limit: number) {
    const now = Date.now();
    const ids = await this.redis.zrangebyscore(this.onlineKey, now, '+inf', 'LIMIT', 0, limit);
    if (ids.length === 0) return [];
    const multi = this.redis.multi();
    for (const id of ids) multi.zcount(this.keys(id).visible, now, '+inf');
    const counts = (await multi.exec()) ?? [];
    return ids.map((userid, i) => ({ userid, visible: Number(counts[i]?.[1] ?? 0) > 0 }));
  }

  async close() {}
}
