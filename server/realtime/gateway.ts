/**
 * The realtime socket: one WebSocket per browser at SOCKET_PATH. Messages are {id, route, req_data}
 * answered {id, route, res_data, errno, errmsg}. A socket logs in with a token from getToken; until
 * then only the login route is served. Events for a user travel over the bus, so whichever process
 * holds the user's sockets delivers them.
 */

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { SOCKET_ID_RESET_AT, SOCKET_LOGIN_DEADLINE_MS } from '../../protocol/constants';
import { Errno, Messages } from '../../protocol/errors';
import { SOCKET_PATH } from '../../protocol/paths';
import { EventRoute, type KickoffNotice } from '../../protocol/realtime';
import { CONTROL_CHARS_REFUSED, controlCharsAt } from '../../protocol/schema-parts';
import { SocketLoginBody, SocketVisibilityBody } from '../../protocol/schemas';
import { type SocketResponse, SocketRoute } from '../../protocol/socket';
import type { Role } from '../../protocol/types';
import type { Bus } from '../bus';
import type { TokenClaims } from '../core/caller';
import { ApiError } from '../core/errors';
import { isCrossSiteUpgrade } from '../http/same-origin';
import {
  busNotifier,
  DELIVER_CHANNEL,
  type Delivery,
  isDelivery,
  isKickoff,
  isSessionEnded,
  KICKOFF_CHANNEL,
  type Kickoff,
  type LocalSockets,
  type Notifier,
  SESSION_ENDED_CHANNEL,
  type SessionEnded,
} from './deliver';
import type { Presence } from './presence';

/** What the socket needs of the session feature's tokens: the claims of a token it is shown. */
export interface TokenVerifier {
  verify(token: unknown): Promise<TokenClaims | undefined>;
}

const MAX_MESSAGE_BYTES = 64 * 1024;
/** How often silent sockets are looked for (at most): a socket goes at most this much after its
 * time-out. */
const SILENCE_SWEEP_MS = 1_000;
function terminate(this: WebSocket) {
  this.terminate();
}
/** Events we remember per socket until the client answers them (bounded, oldest dropped first). */
const MAX_PENDING_ANSWERS = 64;
/** Close code for a socket whose session ended because the account signed in elsewhere. */
export const KICKOFF_CLOSE_CODE = 4001;
/** Close code for a socket whose session ended otherwise (logout, suspension). */
export const SESSION_ENDED_CLOSE_CODE = 4003;

/** An event of ours whose answer the hooks want: its id, route and the data sent. */
interface PendingAnswer {
  id: number;
  route: string;
  data: unknown;
}

/** A logged-in socket as the hooks see it. */
export interface SocketCaller {
  userid: string;
  role: Role;
  connId: string;
}

/** How the domain plugs into the socket: extra routes, answers to our events, activity. */
export interface SocketHooks {
  /** Routes served after login beyond heartbeat and visibility; a thrown ApiError answers its errno. */
  routes?: Record<string, (caller: SocketCaller, data: unknown) => Promise<unknown>>;
  /** Events whose answers the hooks want, with the data that was sent. */
  answeredRoutes?: ReadonlySet<string>;
  onAnswer?(caller: SocketCaller, route: string, resData: unknown, sent: unknown): Promise<void>;
  onLogin?(caller: SocketCaller): void;
  /** Any request but a heartbeat (the auto-invite engine waits for idleness). */
  onActivity?(caller: SocketCaller, route: string): void;
  onClose?(caller: SocketCaller): void;
}

interface Connection {
  id: string;
  ws: WebSocket;
  userid?: string;
  role?: Role;
  /** The id hash of the session whose token logged this socket in. */
  sid?: string;
  /** Ids of requests this server sends. */
  nextId: number;
  /** Events sent that the hooks want answers to, oldest first (undefined while none waits: most
   * sockets hold none, or one for a moment). */
  pending?: PendingAnswer[];
  /** When the last message arrived (ms, the gateway's clock): the silence sweep closes it after the
   * heartbeat time-out. */
  heardAt: number;
  /** When it opened (ms, the gateway's clock): it must log in within the login deadline. */
  openedAt: number;
  /** Messages are handled one after another, so a request sent right after login sees it done
   * (undefined while nothing has been queued). */
  queue?: Promise<void>;
  /** Messages received and not yet handled (0: the queue is idle). */
  waiting: number;
}

/** The answer to a heartbeat, ready to send: what JSON.stringify of the SocketResponse gives. */
const HEARTBEAT_PREFIX = `{"id":`;
const HEARTBEAT_SUFFIX = `,"route":${JSON.stringify(SocketRoute.heartbeat)},"res_data":{},"errno":${Errno.OK},"errmsg":""}`;
const HEARTBEAT_ROUTE_FIELD = `"route":${JSON.stringify(SocketRoute.heartbeat)}`;
/** A heartbeat as the app's client writes it, after its id: JSON.stringify({id, route, req_data: {}}). */
const HEARTBEAT_REQUEST_TAIL = `,${HEARTBEAT_ROUTE_FIELD},"req_data":{}}`;
/** An id as JSON writes a counter: read from the text without a parse (longer ones are parsed). */
const HEARTBEAT_ID = /^(?:0|[1-9]\d{0,8})$/;

/**
 * The id of a heartbeat request (`{id, route: heartbeat, req_data}`), or undefined for anything
 * else. Most messages at scale are heartbeats in the client's exact form, read without a parse;
 * another message is told apart by a cheap test on the text and parsed once.
 */
function heartbeatId(text: string): number | undefined {
  if (text.startsWith(HEARTBEAT_PREFIX) && text.endsWith(HEARTBEAT_REQUEST_TAIL)) {
    const id = text.slice(HEARTBEAT_PREFIX.length, text.length - HEARTBEAT_REQUEST_TAIL.length);
    if (HEARTBEAT_ID.test(id)) return Number(id);
  }
  return text.includes(HEARTBEAT_ROUTE_FIELD) ? parsedHeartbeatId(text) : undefined;
}

function parsedHeartbeatId(text: string): number | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as Record<string, unknown>;
  if (m.route !== SocketRoute.heartbeat || m.req_data === undefined) return undefined;
  return typeof m.id === 'number' && Number.isFinite(m.id) ? m.id : 0;
}

export interface GatewayOptions {
  bus: Bus;
  presence: Presence;
  tokens: TokenVerifier;
  heartbeatTimeoutMs: number;
  maintenance: boolean;
  /** Whether the session a token names still exists (a kicked-off or logged-out one does not). */
  sessionAlive: (idHash: string) => Promise<boolean>;
  /** How long a socket may stay open without logging in (SOCKET_LOGIN_DEADLINE_MS). */
  loginDeadlineMs?: number;
  /** PUBLIC_ORIGIN: pages there may open the socket as well as pages of the host it was asked of. */
  publicOrigin?: string;
  hooks?: SocketHooks;
  log?: (message: string, error?: unknown) => void;
}

/**
 * What follows the id in JSON.stringify({id, route, req_data: data}): the same bytes, built once.
 * (A req_data of undefined is left out, as JSON.stringify leaves it out.)
 */
function requestTail(route: string, data: unknown): string {
  const json = JSON.stringify(data);
  return json === undefined
    ? `,"route":${JSON.stringify(route)}}`
    : `,"route":${JSON.stringify(route)},"req_data":${json}}`;
}

export class RealtimeGateway implements LocalSockets {
  private readonly wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_MESSAGE_BYTES,
  });
  /** Logged-in connections of this process, by user. */
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly all = new Set<Connection>();
  private unsubscribe: (() => Promise<void>)[] = [];
  private readonly notifier: Notifier;
  /** One sweep for every socket's silence instead of a timer each (memory at 20,000 sockets). */
  private readonly silenceSweep: NodeJS.Timeout;
  /** The socket's connection, for handlers shared by every socket (no closures per socket). */
  private readonly connOf = new WeakMap<WebSocket, Connection>();

  constructor(private readonly options: GatewayOptions) {
    this.notifier = busNotifier(options.bus);
    const every = Math.min(SILENCE_SWEEP_MS, Math.max(50, options.heartbeatTimeoutMs / 4));
    this.silenceSweep = setInterval(() => this.closeSilent(), every);
    this.silenceSweep.unref();
  }

  /**
   * Closes sockets that sent nothing (not even a heartbeat) for the heartbeat time-out, and sockets
   * that have not logged in by the login deadline, whatever they send.
   */
  private closeSilent() {
    const now = performance.now();
    const before = now - this.options.heartbeatTimeoutMs;
    const openedBefore = now - (this.options.loginDeadlineMs ?? SOCKET_LOGIN_DEADLINE_MS);
    for (const conn of this.all) {
      if (conn.heardAt < before) conn.ws.terminate();
      else if (conn.userid === undefined && conn.openedAt < openedBefore) conn.ws.terminate();
    }
  }

  /** Subscribes to the bus and takes over upgrades on SOCKET_PATH. */
  async attach(server: Server): Promise<void> {
    this.unsubscribe.push(
      await this.options.bus.subscribe(DELIVER_CHANNEL, (message) =>
        isDelivery(message) ? this.deliverLocal(message) : undefined,
      ),
      await this.options.bus.subscribe(KICKOFF_CHANNEL, (message) =>
        isKickoff(message) ? this.kickLocal(message) : undefined,
      ),
      await this.options.bus.subscribe(SESSION_ENDED_CHANNEL, (message) =>
        isSessionEnded(message) ? this.endLocal(message) : undefined,
      ),
    );
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== SOCKET_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      // A page of another site must not open a socket in the member's name.
      if (isCrossSiteUpgrade(request.headers, this.options.publicOrigin ?? '')) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
    });
  }

  /** Sends an event to every socket of `userid`, on whichever process holds it (but `skip`). */
  async deliver(userid: string, route: string, data: unknown, skip?: readonly string[]): Promise<void> {
    await this.notifier.deliver(userid, route, data, skip);
  }

  sendNow(userid: string, role: Role, route: string, data: unknown): string[] {
    const conns = this.byUser.get(userid);
    if (!conns) return [];
    const sent: string[] = [];
    let tail: string | undefined;
    for (const conn of conns) {
      if (conn.role !== role || conn.ws.readyState !== conn.ws.OPEN) continue;
      tail ??= requestTail(route, data);
      this.send(conn, route, data, tail);
      sent.push(conn.id);
    }
    return sent;
  }

  /** Number of this process's logged-in sockets for a user (for tests and diagnostics). */
  localSockets(userid: string): number {
    return this.byUser.get(userid)?.size ?? 0;
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribe) await unsubscribe();
    clearInterval(this.silenceSweep);
    for (const conn of this.all) {
      conn.ws.terminate();
      await this.detach(conn);
    }
    this.all.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket) {
    const conn: Connection = {
      // 16 characters from one native call: a flat string (randomUUID's is built from ~20 pieces,
      // about 400 bytes a socket while it lives).
      id: randomBytes(12).toString('base64url'),
      ws,
      nextId: 1,
      heardAt: performance.now(),
      openedAt: performance.now(),
      waiting: 0,
    };
    this.all.add(conn);
    this.connOf.set(ws, conn);
    ws.on('message', this.onRaw);
    ws.on('close', this.onClose);
    ws.on('error', terminate);
  }

  private readonly failed = (error: unknown) => this.options.log?.('socket message failed', error);

  /** A socket's message (`this` is the socket): handled at once when nothing is queued before it. */
  private readonly onRaw = (() => {
    const gateway = this;
    return function onRaw(this: WebSocket, raw: RawData, isBinary: boolean) {
      const conn = gateway.connOf.get(this);
      if (!conn) return;
      conn.heardAt = performance.now();
      if (isBinary) return;
      const text = raw.toString();
      // A heartbeat of a logged-in socket with nothing queued before it (most messages at scale) is
      // answered here and now, without the general path's parse and promises; same bytes.
      if (conn.waiting === 0 && conn.userid !== undefined) {
        const beat = heartbeatId(text);
        if (beat !== undefined) return gateway.heartbeat(conn, conn.userid, beat);
      }
      conn.waiting += 1;
      conn.queue =
        conn.waiting === 1
          ? gateway.handle(conn, text)
          : (conn.queue ?? Promise.resolve()).then(() => gateway.handle(conn, text));
    };
  })();

  /** One queued message: handled, its failure logged, and the queue let go of once it is empty. */
  private async handle(conn: Connection, text: string): Promise<void> {
    try {
      await this.onMessage(conn, text);
    } catch (error) {
      this.failed(error);
    } finally {
      conn.waiting -= 1;
      if (conn.waiting === 0) conn.queue = undefined;
    }
  }

  private readonly onClose = (() => {
    const gateway = this;
    return function onClose(this: WebSocket) {
      const conn = gateway.connOf.get(this);
      if (!conn) return;
      gateway.all.delete(conn);
      gateway.detach(conn).catch((error) => gateway.options.log?.('socket detach failed', error));
    };
  })();

  private answer(
    conn: Connection,
    id: number,
    route: string,
    errno: number,
    errmsg: string,
    resData: unknown,
  ) {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    const message: SocketResponse = { id, route, res_data: resData, errno, errmsg };
    conn.ws.send(JSON.stringify(message));
  }

  /**
   * Keeps the connection's presence alive and answers the heartbeat without waiting for it: the
   * answer does not depend on it, and the socket's later presence writes still follow it (Redis
   * runs one connection's commands in the order they were sent).
   */
  private heartbeat(conn: Connection, userid: string, id: number): void {
    this.options.presence.touch(userid, conn.id)?.catch(this.failed);
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    conn.ws.send(HEARTBEAT_PREFIX + id + HEARTBEAT_SUFFIX);
  }

  private async onMessage(conn: Connection, text: string) {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return this.answer(conn, 0, '', Errno.INVALID_PARAMS, Messages.invalidParams, {});
    }
    if (typeof message !== 'object' || message === null) {
      return this.answer(conn, 0, '', Errno.INVALID_PARAMS, Messages.invalidParams, {});
    }
    const { id: rawId, route: rawRoute, req_data: reqData } = message as Record<string, unknown>;
    const id = typeof rawId === 'number' && Number.isFinite(rawId) ? rawId : 0;
    const route = typeof rawRoute === 'string' ? rawRoute.slice(0, 128) : '';
    // A client's answer to a request of ours carries res_data and no req_data.
    if (reqData === undefined && 'res_data' in (message as object)) {
      const pending = conn.pending ?? [];
      const at = pending.findIndex((p) => p.id === id);
      const sent = pending[at];
      if (!sent || sent.route !== route || !conn.userid || !conn.role) return;
      if (pending.length === 1) conn.pending = undefined;
      else pending.splice(at, 1);
      const caller = { userid: conn.userid, role: conn.role, connId: conn.id };
      await this.options.hooks?.onAnswer?.(
        caller,
        route,
        (message as { res_data: unknown }).res_data,
        sent.data,
      );
      return;
    }
    const reply = (errno: number, errmsg: string, data: unknown = {}) =>
      this.answer(conn, id, route, errno, errmsg, data);
    // Any field, whatever the route's schema says: no control characters (PostgreSQL refuses NUL).
    const unsafe = controlCharsAt(reqData);
    if (unsafe !== undefined) {
      return reply(Errno.INVALID_PARAMS, `${Messages.invalidParams} (${unsafe}: ${CONTROL_CHARS_REFUSED})`);
    }

    if (route === SocketRoute.login) {
      if (this.options.maintenance) return reply(Errno.MAINTENANCE, Messages.maintenance);
      const body = SocketLoginBody.safeParse(reqData ?? {});
      const claims = body.success ? await this.options.tokens.verify(body.data.token) : undefined;
      if (!claims) return reply(Errno.TOKEN_EXPIRED, Messages.loginTimeout);
      // A token of a session that ended (signed in elsewhere, signed out, suspended) no longer logs in.
      if (!(await this.options.sessionAlive(claims.sid))) {
        return reply(Errno.TOKEN_EXPIRED, Messages.loginTimeout);
      }
      if (conn.userid && conn.userid !== claims.userid) await this.detach(conn);
      conn.userid = claims.userid;
      conn.role = claims.role;
      conn.sid = claims.sid;
      let set = this.byUser.get(claims.userid);
      if (!set) {
        set = new Set();
        this.byUser.set(claims.userid, set);
      }
      set.add(conn);
      await this.options.presence.connect(claims.userid, conn.id);
      reply(Errno.OK, '', { userid: claims.userid, role: claims.role });
      this.options.hooks?.onLogin?.({ userid: claims.userid, role: claims.role, connId: conn.id });
      return;
    }
    if (!conn.userid || !conn.role) return reply(Errno.LOGIN_TIMEOUT, Messages.loginTimeout);
    const caller: SocketCaller = { userid: conn.userid, role: conn.role, connId: conn.id };
    if (route === SocketRoute.heartbeat) return this.heartbeat(conn, conn.userid, id);
    this.options.hooks?.onActivity?.(caller, route);
    const handler = this.options.hooks?.routes?.[route];
    if (handler) {
      try {
        return reply(Errno.OK, '', (await handler(caller, reqData ?? {})) ?? {});
      } catch (error) {
        if (error instanceof ApiError) return reply(error.errno, error.errmsg);
        this.options.log?.(`socket route ${route} failed`, error);
        return reply(Errno.SERVER_ERROR, Messages.serverError);
      }
    }
    switch (route) {
      case SocketRoute.visibility: {
        const body = SocketVisibilityBody.safeParse(reqData ?? {});
        if (!body.success) return reply(Errno.INVALID_PARAMS, Messages.invalidParams);
        await this.options.presence.setVisible(conn.userid, conn.id, body.data.visible === 1);
        return reply(Errno.OK, '', { visible: body.data.visible });
      }
      default:
        return reply(Errno.UNKNOWN_PATH, Messages.unknownPath);
    }
  }

  private async detach(conn: Connection) {
    const userid = conn.userid;
    if (!userid) return;
    if (conn.role) this.options.hooks?.onClose?.({ userid, role: conn.role, connId: conn.id });
    conn.userid = undefined;
    conn.pending = undefined;
    const set = this.byUser.get(userid);
    set?.delete(conn);
    if (set?.size === 0) this.byUser.delete(userid);
    await this.options.presence.disconnect(userid, conn.id);
  }

  /**
   * Sends a request of ours. `tail` is `,"route":…,"req_data":…}` already serialized (see
   * requestTail), so an event for a user with several tabs is serialized once.
   */
  private send(conn: Connection, route: string, data: unknown, tail = requestTail(route, data)) {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    const id = conn.nextId;
    conn.nextId = id + 1 >= SOCKET_ID_RESET_AT ? 1 : id + 1;
    if (this.options.hooks?.answeredRoutes?.has(route)) {
      conn.pending ??= [];
      conn.pending.push({ id, route, data });
      if (conn.pending.length > MAX_PENDING_ANSWERS) conn.pending.shift();
    }
    conn.ws.send(`{"id":${id}${tail}`);
  }

  private deliverLocal(delivery: Delivery) {
    const conns = this.byUser.get(delivery.userid);
    if (!conns) return;
    const skip = Array.isArray(delivery.skip) ? delivery.skip : undefined;
    // Serialized once, and only if some socket still needs it (those sent it already are skipped).
    let tail: string | undefined;
    for (const conn of conns) {
      if (skip?.includes(conn.id)) continue;
      tail ??= requestTail(delivery.route, delivery.data);
      this.send(conn, delivery.route, delivery.data, tail);
    }
  }

  /** Closes the user's sockets of the ended session (of every session when it names none). */
  private endLocal(ended: SessionEnded) {
    for (const conn of [...(this.byUser.get(ended.userid) ?? [])]) {
      if (ended.idHash !== undefined && conn.sid !== ended.idHash) continue;
      // Detached now, so the user is offline at once and nothing more reaches the socket.
      this.detach(conn).catch((error) => this.options.log?.('socket detach failed', error));
      conn.ws.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
    }
  }

  /** Sends the kick-off text to the user's sockets of other sessions, then closes them. */
  private kickLocal(kick: Kickoff) {
    const data: KickoffNotice = { msg: Messages.kickoff };
    for (const conn of [...(this.byUser.get(kick.userid) ?? [])]) {
      if (conn.sid === kick.keep) continue;
      this.send(conn, EventRoute.kickoff, data);
      // Detached now, so nothing more reaches it; close() lets the kick-off text go out first.
      this.detach(conn).catch((error) => this.options.log?.('socket detach failed', error));
      conn.ws.close(KICKOFF_CLOSE_CODE, 'kickoff');
    }
  }
}
