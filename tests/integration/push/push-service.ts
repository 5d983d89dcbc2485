/**
 * A local Web Push service for tests: HTTPS with a self-signed certificate made for the run, it
 * hands out subscriptions (a fresh P-256 key pair and auth secret each, as a browser would make),
 * and for every message it receives it checks the VAPID JWT (RFC 8292) with node:crypto and
 * decrypts the body (RFC 8291 aes128gcm) with `http_ece` directly — not through `web-push` — so a
 * mistake on the sending side cannot cancel itself out. Answers can be scripted per subscription.
 * Like FCM, Mozilla autopush and Apple it speaks HTTP/2 (ALPN) and HTTP/1.1; `{ http1: true }`
 * makes one that speaks HTTP/1.1 only.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ece from 'http_ece';
import type { PushPayload, PushSubscriptionJson } from '../../../protocol/push/push';

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export interface ReceivedPush {
  subscription: string;
  headers: Record<string, string | undefined>;
  /** undefined when the JWT is missing or its signature does not verify. */
  jwt?: { header: { typ?: string; alg?: string }; claims: VapidClaims; key: string };
  payload?: PushPayload;
  /** Why decryption or verification failed, if it did. */
  error?: string;
  status: number;
  at: number;
  /** '2.0' or '1.1'. */
  httpVersion: string;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
}

interface Sub {
  ecdh: ReturnType<typeof createECDH>;
  auth: string;
  script: ScriptedAnswer[];
}

/** A self-signed certificate for 127.0.0.1 and localhost (openssl, made once per run). */
export function selfSignedCert(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'glimmer-push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Verifies an ES256 JWT against the raw P-256 public key `k` (base64url); returns its parts. */
export function verifyVapid(token: string, k: string): ReceivedPush['jwt'] {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return undefined;
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65) return undefined;
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) return undefined;
  return {
    header: JSON.parse(Buffer.from(h, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(p, 'base64url').toString()),
    key: k,
  };
}

export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  readonly cert: string;
  private readonly subs = new Map<string, Sub>();
  private readonly sockets = new Set<Socket>();
  private constructor(
    private readonly server: ReturnType<typeof createServer> | ReturnType<typeof createSecureServer>,
    cert: string,
  ) {
    this.cert = cert;
  }

  static async start(options: { http1?: boolean } = {}): Promise<LocalPushService> {
    const { key, cert } = selfSignedCert();
    const server = options.http1
      ? createServer({ key, cert })
      : createSecureServer({ key, cert, allowHTTP1: true });
    const service = new LocalPushService(server, cert);
    server.on('secureConnection', (socket: Socket) => {
      service.sockets.add(socket);
      socket.once('close', () => service.sockets.delete(socket));
    });
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answer = service.handle(
          req.url ?? '',
          req.method ?? '',
          req.headers,
          Buffer.concat(chunks),
          req.httpVersion,
        );
        res.writeHead(answer.status, answer.headers).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return service;
  }

  get origin(): string {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser subscription at this service. */
  subscribe(): PushSubscriptionJson {
    const id = randomBytes(9).toString('base64url');
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    this.subs.set(id, { ecdh, auth, script: [] });
    return {
      endpoint: `${this.origin}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    };
  }

  /** The next messages to this endpoint get these answers (then 201 again). */
  script(endpoint: string, ...answers: ScriptedAnswer[]): void {
    const sub = this.subs.get(endpoint.split('/').pop() ?? '');
    if (!sub) throw new Error(`unknown endpoint ${endpoint}`);
    sub.script.push(...answers);
  }

  /** Messages received for one endpoint. */
  to(endpoint: string): ReceivedPush[] {
    const id = endpoint.split('/').pop();
    return this.received.filter((r) => r.subscription === id);
  }

  private handle(
    url: string,
    method: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
    httpVersion: string,
  ): ScriptedAnswer {
    const id = url.match(/^\/push\/([A-Za-z0-9_-]+)$/)?.[1];
    const sub = id ? this.subs.get(id) : undefined;
    if (method !== 'POST' || !id || !sub) return { status: 404 };
    const h = (name: string) => {
      const v = headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const entry: ReceivedPush = {
      subscription: id,
      headers: {
        ttl: h('ttl'),
        urgency: h('urgency'),
        topic: h('topic'),
        'content-encoding': h('content-encoding'),
        'content-type': h('content-type'),
        authorization: h('authorization'),
      },
      status: 201,
      at: Date.now(),
      httpVersion,
    };
    try {
      const auth = h('authorization') ?? '';
      const m = auth.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
      if (!m?.[1] || !m[2]) throw new Error(`no VAPID authorization: ${auth}`);
      entry.jwt = verifyVapid(m[1], m[2]);
      if (!entry.jwt) throw new Error('the VAPID signature does not verify');
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth });
      entry.payload = JSON.parse(plain.toString('utf8')) as PushPayload;
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
    }
    const answer = sub.script.shift() ?? { status: entry.error ? 400 : 201 };
    entry.status = answer.status;
    this.received.push(entry);
    return answer.status === 201
      ? { status: 201, headers: { Location: `${url}/m${this.received.length}` } }
      : answer;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
