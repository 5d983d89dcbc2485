/**
 * The session cache: a looked-up session is served from memory, and logout or a login elsewhere
 * ends it on every process (two services on one bus stand for two processes on one Redis).
 */
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../bus/index';
import type { SessionRecord, StorageRepositories } from '../../storage/contract';
import type { LoginGuard } from './login-guard';
import { SessionService } from './session';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';
import { sessionIdHash } from './sessions-repository';

const later = () => new Date(Date.now() + 3_600_000);

/** An in-memory sessions table shared by the "processes", counting reads. */
function fakeTable() {
  const rows = new Map<string, SessionRecord>();
  const table = {
    rows,
    reads: 0,
    sessions: {
      async find(sessionId: string) {
        table.reads += 1;
        const row = rows.get(sessionId);
        return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
      },
      async delete(sessionId: string) {
        const userid = rows.get(sessionId)?.userid;
        rows.delete(sessionId);
        return userid;
      },
    },
  };
  return table;
}

type Table = ReturnType<typeof fakeTable>;
const service = (table: Table, cache?: SessionCache) =>
  new SessionService(
    { sessions: table.sessions, anchors: { signedOut: async () => {} } } as unknown as StorageRepositories,
    undefined as unknown as LoginGuard,
    undefined,
    cache,
  );

/** Lets LocalBus deliver (it publishes on a microtask). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SessionService with its cache', () => {
  it('reads a session once, then answers from memory', async () => {
    const table = fakeTable();
    table.rows.set('s1', { userid: 'M1001', role: 'man', expiresAt: later() });
    const sessions = service(table);
    const first = await sessions.resolve('s1');
    const second = await sessions.resolve('s1');
    expect(second).toEqual(first);
    expect(first).toMatchObject({
      userid: 'M1001',
      role: 'man',
      sessionId: 's1',
      idHash: sessionIdHash('s1'),
    });
    expect(table.reads).toBe(1);
  });

  it('does not remember an unknown session, so one made a moment later is found', async () => {
    const table = fakeTable();
    const sessions = service(table);
    expect(await sessions.resolve('s2')).toBeUndefined();
    table.rows.set('s2', { userid: 'M1002', role: 'man', expiresAt: later() });
    expect((await sessions.resolve('s2'))?.userid).toBe('M1002');
  });

  it('logout on one process ends the session on another at once, through the bus', async () => {
    const table = fakeTable();
    const bus = new LocalBus();
    const a = service(table);
    const b = service(table);
    await a.followBus(bus);
    await b.followBus(bus);
    table.rows.set('s3', { userid: 'M1003', role: 'man', expiresAt: later() });
    expect(await b.resolve('s3')).toBeDefined();
    expect(await a.resolve('s3')).toBeDefined();
    await a.logout('s3');
    // The process that logged out refuses it before it answers; the other once the bus arrives.
    expect(await a.resolve('s3')).toBeUndefined();
    await settle();
    const readsBefore = table.reads;
    expect(await b.resolve('s3')).toBeUndefined();
    expect(table.reads).toBe(readsBefore + 1);
    await bus.close();
  });

  it('a login elsewhere ends the other sessions of that user in every cache, and keeps the new one', async () => {
    const cache = new SessionCache();
    const bus = new LocalBus();
    await cache.follow(bus);
    const base = { role: 'man' as const, expiresAt: later() };
    const session = (sessionId: string, userid: string) => ({
      ...base,
      userid,
      sessionId,
      idHash: sessionIdHash(sessionId),
    });
    cache.put(session('old', 'M1004'), cache.mark());
    cache.put(session('new', 'M1004'), cache.mark());
    cache.put(session('other', 'M1005'), cache.mark());
    await bus.publish('kickoff', { userid: 'M1004', keep: sessionIdHash('new') });
    await settle();
    expect(cache.get('old')).toBeUndefined();
    expect(cache.get('new')).toBeDefined();
    expect(cache.get('other')).toBeDefined();
    await bus.close();
  });

  it('if the bus lost the news, the session is read again after SESSION_CACHE_TTL_MS at most', async () => {
    let now = 1_000_000;
    const table = fakeTable();
    table.rows.set('s4', { userid: 'M1001', role: 'man', expiresAt: later() });
    const sessions = service(table, new SessionCache(SESSION_CACHE_TTL_MS, () => now));
    expect(await sessions.resolve('s4')).toBeDefined();
    table.rows.delete('s4'); // ended on another process whose message never came
    now += SESSION_CACHE_TTL_MS - 1;
    expect(await sessions.resolve('s4')).toBeDefined();
    now += 1;
    expect(await sessions.resolve('s4')).toBeUndefined();
  });

  it('never serves a session past its own expiry', async () => {
    let now = Date.now();
    const table = fakeTable();
    // A long TTL, so only the session's own expiry can make the cache let go.
    const sessions = service(table, new SessionCache(24 * 3_600_000, () => now));
    table.rows.set('s5', { userid: 'M1001', role: 'man', expiresAt: new Date(now + 60_000) });
    expect(await sessions.resolve('s5')).toBeDefined();
    now += 60_000;
    table.rows.delete('s5'); // what `expires_at > now()` does in the database
    expect(await sessions.resolve('s5')).toBeUndefined();
  });

  it('a lookup that raced a logout does not put the ended session back in the cache', async () => {
    const table = fakeTable();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    table.rows.set('s6', { userid: 'M1001', role: 'man', expiresAt: later() });
    const row = table.rows.get('s6');
    const find = table.sessions.find;
    // The read sees the row, then the logout happens before the read's answer is stored.
    table.sessions.find = async (id: string) => {
      table.reads += 1;
      await gate;
      return id === 's6' ? row : undefined;
    };
    const sessions = service(table);
    const racing = sessions.resolve('s6');
    await sessions.logout('s6');
    release();
    await racing;
    table.sessions.find = find;
    expect(await sessions.resolve('s6')).toBeUndefined();
  });
});
