/**
 * The realtime socket: one WebSocket per browser at SOCKET_PATH. Messages are {id, route, req_data}
 * answered {id, route, res_data, errno, errmsg}. A socket logs in with a token from getToken; until
 * then only the login route is served. Events for a user travel over the bus, so whichever process
 * holds the user's sockets delivers them.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { SOCKET_ID_RESET_AT } from '../../protocol/constants';
import { Errno, Messages } from '../../protocol/errors';
import { SOCKET_PATH } from '../../protocol/paths';
import { EventRoute, type KickoffNotice } from '../../protocol/realtime';
import { SocketLoginBody, SocketVisibilityBody } from '../../protocol/schemas';
import { type SocketResponse, SocketRoute } from '../../protocol/socket';
import type { Role } from '../../protocol/types';
import type { Bus } from '../bus';
import { ApiError } from '../domain/errors';
import type { TokenService } from '../domain/tokens';
import {
  busNotifier,
  DELIVER_CHANNEL,
  type Delivery,
  isDelivery,
  isKickoff,
  KICKOFF_CHANNEL,
  type Kickoff,
  type Notifier,
} from './deliver';
import type { Presence } from './presence';

const MAX_MESSAGE_BYTES = 64 * 1024;
/** Events we remember per socket until the client answers them (bounded, oldest dropped first). */
const MAX_PENDING_ANSWERS = 64;
/** Close code for a socket whose session ended because the account signed in elsewhere. */
export const KICKOFF_CLOSE_CODE = 4001;

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
  /** Events sent that the hooks want answers to: id → data sent. */
  pending: Map<number, { route: string; data: unknown }>;
  silence: NodeJS.Timeout;
  /** Messages are handled one after another, so a request sent right after login sees it done. */
  queue: Promise<void>;
}

export interface GatewayOptions {
  bus: Bus;
  presence: Presence;
  tokens: TokenService;
  heartbeatTimeoutMs: number;
  maintenance: boolean;
  /** Whether the session a token names still exists (a kicked-off or logged-out one does not). */
  sessionAlive?: (idHash: string) => Promise<boolean>;
  hooks?: SocketHooks;
  log?: (message: string, error?: unknown) => void;
}

export class RealtimeGateway {
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

  constructor(private readonly options: GatewayOptions) {
    this.notifier = busNotifier(options.bus);
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
    );
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== SOCKET_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
    });
  }

  /** Sends an event to every socket of `userid`, on whichever process holds it. */
  async deliver(userid: string, route: string, data: unknown): Promise<void> {
    await this.notifier.deliver(userid, route, data);
  }

  /** Number of this process's logged-in sockets for a user (for tests and diagnostics). */
  localSockets(userid: string): number {
    return this.byUser.get(userid)?.size ?? 0;
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribe) await unsubscribe();
    for (const conn of this.all) {
      clearTimeout(conn.silence);
      conn.ws.terminate();
      await this.detach(conn);
    }
    this.all.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket) {
    const conn: Connection = {
      id: randomUUID(),
      ws,
      nextId: 1,
      pending: new Map(),
      silence: setTimeout(() => ws.terminate(), this.options.heartbeatTimeoutMs),
      queue: Promise.resolve(),
    };
    this.all.add(conn);
    ws.on('message', (raw, isBinary) => {
      conn.silence.refresh();
      if (isBinary) return;
      const text = raw.toString();
      conn.queue = conn.queue
        .then(() => this.onMessage(conn, text))
        .catch((error) => this.options.log?.('socket message failed', error));
    });
    ws.on('close', () => {
      clearTimeout(conn.silence);
      this.all.delete(conn);
      this.detach(conn).catch((error) => this.options.log?.('socket detach failed', error));
    });
    ws.on('error', () => ws.terminate());
  }

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
      const sent = conn.pending.get(id);
      if (!sent || sent.route !== route || !conn.userid || !conn.role) return;
      conn.pending.delete(id);
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

    if (route === SocketRoute.login) {
      if (this.options.maintenance) return reply(Errno.MAINTENANCE, Messages.maintenance);
      const body = SocketLoginBody.safeParse(reqData ?? {});
      const claims = body.success ? await this.options.tokens.verify(body.data.token) : undefined;
      if (!claims) return reply(Errno.TOKEN_EXPIRED, Messages.loginTimeout);
      // A token of a session that ended (signed in elsewhere, signed out) no longer logs in.
      if (claims.sid && this.options.sessionAlive && !(await this.options.sessionAlive(claims.sid))) {
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
    if (route === SocketRoute.heartbeat) {
      await this.options.presence.touch(conn.userid, conn.id);
      return reply(Errno.OK, '');
    }
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
    conn.pending.clear();
    const set = this.byUser.get(userid);
    set?.delete(conn);
    if (set?.size === 0) this.byUser.delete(userid);
    await this.options.presence.disconnect(userid, conn.id);
  }

  private send(conn: Connection, route: string, data: unknown) {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    const id = conn.nextId;
    conn.nextId = id + 1 >= SOCKET_ID_RESET_AT ? 1 : id + 1;
    if (this.options.hooks?.answeredRoutes?.has(route)) {
      conn.pending.set(id, { route, data });
      if (conn.pending.size > MAX_PENDING_ANSWERS) {
        const oldest = conn.pending.keys().next().value;
        if (oldest !== undefined) conn.pending.delete(oldest);
      }
    }
    conn.ws.send(JSON.stringify({ id, route, req_data: data }));
  }

  private deliverLocal(delivery: Delivery) {
    for (const conn of this.byUser.get(delivery.userid) ?? []) this.send(conn, delivery.route, delivery.data);
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
