/**
 * Starts a real Glimmer server for a test file: port 0, a fresh temp DATA_DIR (PGlite), or — when
 * DATABASE_URL is set — a fresh database on that PostgreSQL server, dropped on close. REDIS_URL
 * passes through with a key prefix of its own so parallel files never hear each other's events.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import type { ApiAnswer } from '../../protocol/envelope';
import { createServer, type GlimmerServer, type ServerOptions } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';

export const DEMO_PASSWORD = 'demo1234';
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** CREATE DATABASE glimmer_it_<random> on the server of `baseUrl`. */
export async function createTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const name = `glimmer_it_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestServer extends GlimmerServer {
  /** A fresh client with its own cookie jar. */
  client(): Client;
  /** A client already logged in (member login for M ids, broadcaster login for A ids). */
  loginAs(userid: string): Promise<Client>;
  /**
   * The user's one logged-in client on this server, logged in on first use: logging in again
   * would end the earlier session and its sockets.
   */
  sessionOf(userid: string): Promise<Client>;
  /** Opens a socket on /ws. */
  socket(): Promise<TestSocket>;
  /** Opens a socket and logs it in with a token of `client`'s session. */
  socketFor(client: Client, pageName?: string): Promise<TestSocket>;
}

export interface StartOptions extends ServerOptions {
  /** Config values to set over the test defaults. */
  config?: Partial<Config>;
  /** Use this database instead of a fresh one (two servers, one database). It is not dropped. */
  databaseUrl?: string;
  /** Force PostgreSQL and Redis (the cross-process test) even when the env names none. */
  cluster?: boolean;
}

/** Starts a server; `close()` stops it and removes its temp folder or database. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'glimmer-it-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  let databaseUrl = options.databaseUrl;
  const baseDb = process.env.DATABASE_URL || (options.cluster ? DEFAULT_POSTGRES_URL : undefined);
  if (!databaseUrl && baseDb) {
    const db = await createTestDatabase(baseDb);
    databaseUrl = db.url;
    cleanups.push(() => db.drop());
  }
  const redisUrl = process.env.REDIS_URL || (options.cluster ? DEFAULT_REDIS_URL : undefined);
  const config: Config = {
    // The auto-invite engine stays off unless a test turns it on, so its invitations never mix in.
    ...loadConfig({ GLIMMER_QUIET: '1', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, AUTO_INVITE: '0' }),
    databaseUrl,
    redisUrl,
    redisPrefix: `glimmer_it_${randomBytes(6).toString('hex')}:`,
    staticDir: join(dataDir, 'no-dist'),
    ...options.config,
  };
  let server: GlimmerServer;
  try {
    server = await createServer(config, options);
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    throw error;
  }
  const url = `http://127.0.0.1:${server.port}`;
  const sessions = new Map<string, Client>();
  async function loginAs(userid: string) {
    const client = new Client(url);
    const answer = await client.login(userid);
    if (answer.errno !== 0) throw new Error(`login ${userid} failed: ${answer.errno} ${answer.errmsg}`);
    return client;
  }
  return {
    ...server,
    url,
    client: () => new Client(url),
    loginAs,
    async sessionOf(userid) {
      let client = sessions.get(userid);
      if (!client) {
        client = await loginAs(userid);
        sessions.set(userid, client);
      }
      return client;
    },
    socket: () => TestSocket.open(`ws://127.0.0.1:${server.port}/ws`),
    async socketFor(client, pageName = 'test') {
      const { token } = await client.call<{ token: string }>('/pman/user/api/getToken');
      const socket = await TestSocket.open(`ws://127.0.0.1:${server.port}/ws`);
      const login = await socket.request('imLogin/login', { token, page_name: pageName });
      if (login.errno !== 0) throw new Error(`socket login failed: ${login.errno} ${login.errmsg}`);
      return socket;
    },
    async close() {
      await server.close();
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: ApiAnswer<T>;
}

type Fields = Record<string, string | number | (string | number)[]>;

/** fetch with a cookie jar; posts form-encoded like the product's client, with is_ajax and a timestamp. */
export class Client {
  readonly cookies = new Map<string, string>();
  /** Headers sent with every call (a proxy's X-Forwarded-For, a page's Origin). */
  readonly headers: Record<string, string> = {};

  constructor(readonly base: string) {}

  private remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attrs.some(
        (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    if (!this.cookies.size) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  url(path: string) {
    const sep = path.includes('?') ? '&' : '?';
    return `${this.base}${path}${sep}is_ajax=1&_=${Date.now()}`;
  }

  /** Sends a raw body with the given content type (for malformed-payload tests). */
  async raw<T = unknown>(path: string, body: string, contentType: string): Promise<Answer<T>> {
    const response = await fetch(this.url(path), {
      method: 'POST',
      headers: { 'content-type': contentType, 'dev-type': '10', ...this.headers, ...this.cookieHeader() },
      body,
    });
    this.remember(response.headers);
    const text = await response.text();
    let parsed: ApiAnswer<T>;
    try {
      parsed = JSON.parse(text) as ApiAnswer<T>;
    } catch {
      throw new Error(
        `${path} answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
      );
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /** POST form-encoded (repeated keys for arrays). */
  form<T = unknown>(path: string, fields: Fields = {}): Promise<Answer<T>> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
    }
    return this.raw<T>(path, params.toString(), 'application/x-www-form-urlencoded');
  }

  json<T = unknown>(path: string, body: unknown): Promise<Answer<T>> {
    return this.raw<T>(path, JSON.stringify(body), 'application/json');
  }

  /** The `data` of a successful call; throws on a nonzero errno. */
  async call<T = unknown>(path: string, fields: Fields = {}): Promise<T> {
    const answer = await this.form<T>(path, fields);
    if (answer.body.errno !== 0) {
      throw new Error(`${path} failed: ${answer.body.errno} ${answer.body.errmsg}`);
    }
    return answer.body.data;
  }

  async get(path: string): Promise<Response> {
    return fetch(`${this.base}${path}`, { headers: this.cookieHeader() });
  }

  async login(userid: string, password = DEMO_PASSWORD) {
    const path = userid.startsWith('A') ? '/broadcast/login' : '/user/login';
    return (await this.form(path, { userid, password })).body;
  }
}

export interface SocketMessage {
  id: number;
  route: string;
  req_data?: unknown;
  res_data?: unknown;
  errno?: number;
  errmsg?: string;
}

/** A WebSocket that records every message and lets a test wait for one. */
export class TestSocket {
  readonly received: SocketMessage[] = [];
  private waiters: { match: (m: SocketMessage) => boolean; resolve: (m: SocketMessage) => void }[] = [];
  private nextId = 1;
  closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as SocketMessage;
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  /**
   * Waits for the first message (already received or coming) that matches. The default is
   * generous: a step with WebRTC in it may wait seconds for ICE gathering on a busy machine.
   */
  waitFor(match: (m: SocketMessage) => boolean, timeoutMs = 15_000): Promise<SocketMessage> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching socket message')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /** Sends a request and waits for its answer. */
  async request(route: string, reqData: unknown = {}): Promise<SocketMessage> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, route, req_data: reqData }));
    return this.waitFor((m) => m.id === id && m.route === route && m.errno !== undefined);
  }

  /** Answers a server event (a request the server sent) as a client would. */
  answer(event: SocketMessage, resData: unknown, errno = 0) {
    this.ws.send(JSON.stringify({ id: event.id, route: event.route, res_data: resData, errno, errmsg: '' }));
  }

  /** Messages of one route received so far (server events carry req_data). */
  events(route: string): SocketMessage[] {
    return this.received.filter((m) => m.route === route && m.req_data !== undefined);
  }

  close() {
    this.ws.close();
  }
}

/** Two servers on one fresh PostgreSQL database and one Redis namespace, started together as a cluster. */
export interface TestCluster {
  a: TestServer;
  b: TestServer;
  /** Stops both servers and drops the database. */
  close(): Promise<void>;
}

export async function startCluster(config: Partial<Config> = {}): Promise<TestCluster> {
  const database = await createTestDatabase(process.env.DATABASE_URL || DEFAULT_POSTGRES_URL);
  const shared = { redisPrefix: `glimmer_it_${randomBytes(6).toString('hex')}:`, ...config };
  // Started together, as a cluster would: migrations and the seed run once between them.
  const [a, b] = await Promise.all([
    startServer({ cluster: true, databaseUrl: database.url, config: shared }),
    startServer({ cluster: true, databaseUrl: database.url, config: shared }),
  ]);
  return {
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await database.drop();
    },
  };
}
