/**
 * How the sender reaches push services: HTTP/2 where the service speaks it (FCM, Mozilla autopush
 * and Apple do), one multiplexed TLS connection per origin, HPACK sending the repeated headers
 * (the VAPID Authorization above all) as a few bytes; HTTP/1.1 keep-alive otherwise.
 * The first request to an origin opens a TLS connection offering both (ALPN); if the service
 * picks HTTP/1.1, that origin uses a keep-alive agent from then on. A connection that closes, fails
 * or is sent GOAWAY is dropped and the next request opens a new one.
 */
import http2 from 'node:http2';
import https from 'node:https';
import tls from 'node:tls';

export interface PostAnswer {
  status: number;
  retryAfter: string | undefined;
}

export interface PostRequest {
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
  timeoutMs: number;
}

export interface TransportOptions {
  /** Requests in flight at once (bounds the HTTP/1.1 sockets per origin). */
  concurrency: number;
  /** Extra TLS options (tests trust their self-signed push service with `ca`). */
  tls?: https.AgentOptions;
  /** false: HTTP/1.1 only (the bench's comparison, and a way out if a service misbehaves). */
  http2?: boolean;
}

type Conn = { kind: 'h2'; session: http2.ClientHttp2Session } | { kind: 'h1'; agent: https.Agent };

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export class PushTransport {
  private readonly conns = new Map<string, Conn>();
  private readonly connecting = new Map<string, Promise<Conn>>();
  /** Origins that answered ALPN with HTTP/1.1: never asked again by this process. */
  private readonly http1 = new Set<string>();
  private closed = false;

  constructor(private readonly o: TransportOptions) {}

  /** The protocol in use for an origin ('h2', 'h1'), once known. */
  protocolOf(origin: string): 'h2' | 'h1' | undefined {
    return this.conns.get(origin)?.kind;
  }

  async post(r: PostRequest): Promise<PostAnswer> {
    const origin = r.url.origin;
    const conn = this.conns.get(origin) ?? (await this.connect(origin, r.timeoutMs));
    return conn.kind === 'h2' ? this.postH2(conn.session, r) : this.postH1(conn.agent, r);
  }

  private connect(origin: string, timeoutMs: number): Promise<Conn> {
    let pending = this.connecting.get(origin);
    if (!pending) {
      pending = this.open(origin, timeoutMs).finally(() => this.connecting.delete(origin));
      this.connecting.set(origin, pending);
    }
    return pending;
  }

  private h1(origin: string): Conn {
    const conn: Conn = {
      kind: 'h1',
      agent: new https.Agent({
        keepAlive: true,
        maxSockets: this.o.concurrency,
        // As many idle sockets as may be busy: a burst's sockets are reused, not re-handshaken.
        maxFreeSockets: this.o.concurrency,
        ...this.o.tls,
      }),
    };
    this.conns.set(origin, conn);
    return conn;
  }

  private async open(origin: string, timeoutMs: number): Promise<Conn> {
    if (this.closed) throw new Error('push transport closed');
    if (this.o.http2 === false || this.http1.has(origin)) return this.h1(origin);
    const url = new URL(origin);
    const socket = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const s = tls.connect({
        ...(this.o.tls as tls.ConnectionOptions),
        host: url.hostname,
        port: Number(url.port || 443),
        servername: url.hostname === '127.0.0.1' || url.hostname === '::1' ? undefined : url.hostname,
        ALPNProtocols: ['h2', 'http/1.1'],
      });
      const timer = setTimeout(() => s.destroy(new Error('push service connect timed out')), timeoutMs);
      s.once('secureConnect', () => {
        clearTimeout(timer);
        resolve(s);
      });
      s.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    if (socket.alpnProtocol !== 'h2') {
      // HTTP/1.1 only: this handshake is spent; the agent opens its own keep-alive sockets.
      socket.destroy();
      this.http1.add(origin);
      return this.h1(origin);
    }
    const session = http2.connect(origin, { createConnection: () => socket });
    const conn: Conn = { kind: 'h2', session };
    const drop = () => {
      if (this.conns.get(origin) === conn) this.conns.delete(origin);
    };
    session.on('error', drop);
    session.on('close', drop);
    session.on('goaway', () => {
      drop();
      session.close();
    });
    // Like an idle keep-alive socket, the connection alone does not keep the process running.
    session.unref();
    if (this.closed) {
      session.destroy();
      throw new Error('push transport closed');
    }
    this.conns.set(origin, conn);
    return conn;
  }

  private postH2(session: http2.ClientHttp2Session, r: PostRequest): Promise<PostAnswer> {
    return new Promise((resolve, reject) => {
      let stream: http2.ClientHttp2Stream;
      try {
        stream = session.request({
          ':method': 'POST',
          ':path': r.url.pathname + r.url.search,
          ...r.headers,
          'content-length': String(r.body.length),
        });
      } catch (error) {
        // The session ended between the lookup and this request (it is dropped by now).
        session.destroy();
        reject(error);
        return;
      }
      let answer: PostAnswer | undefined;
      stream.setTimeout(r.timeoutMs, () => stream.close(http2.constants.NGHTTP2_CANCEL));
      stream.on('response', (headers) => {
        answer = { status: Number(headers[':status']), retryAfter: single(headers['retry-after']) };
      });
      stream.on('error', reject);
      stream.on('close', () => {
        if (answer) resolve(answer);
        else reject(new Error('push service closed the stream without an answer (or timed out)'));
      });
      // Drain the body (a Location and nothing else, normally).
      stream.resume();
      stream.end(r.body);
    });
  }

  private postH1(agent: https.Agent, r: PostRequest): Promise<PostAnswer> {
    return new Promise((resolve, reject) => {
      const request = https.request(r.url, {
        method: 'POST',
        agent,
        timeout: r.timeoutMs,
        headers: { ...r.headers, 'Content-Length': String(r.body.length) },
      });
      request.on('timeout', () => request.destroy(new Error('push service timed out')));
      request.on('error', reject);
      request.on('response', (response) => {
        // Drain the body so the socket goes back to the keep-alive pool.
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfter: single(response.headers['retry-after']) }),
        );
        response.on('error', reject);
      });
      request.end(r.body);
    });
  }

  close(): void {
    this.closed = true;
    for (const conn of this.conns.values()) {
      if (conn.kind === 'h2') conn.session.destroy();
      else conn.agent.destroy();
    }
    this.conns.clear();
  }
}
