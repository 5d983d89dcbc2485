/**
 * Posts encrypted push messages (RFC 8030 + 8291 aes128gcm, signed with VAPID RFC 8292) with
 * `web-push`'s VAPID helper and its RFC 8291 encryption (in worker threads, encrypt-pool.ts), with
 * what a plain `sendNotification` loop lacks:
 * - the VAPID header is signed once per push-service origin and reused until near its expiry
 *   (an ECDSA signature per message is most of `sendNotification`'s CPU);
 * - HTTP/2 to services that speak it (one multiplexed connection per origin), else HTTP/1.1
 *   keep-alive (push-server/transport.ts), so TLS handshakes are not repeated;
 * - bounded concurrency across all sends;
 * - 429 and 5xx, timeouts and refused connections are retried with doubling back-off that honours
 *   Retry-After, a bounded number of times; 404 and 410 report the subscription gone.
 * Nothing here throws at the caller: every send ends in an outcome.
 */
import type https from 'node:https';
import webpush from 'web-push';
import {
  PUSH_CONCURRENCY,
  PUSH_MAX_RETRIES,
  PUSH_REQUEST_TIMEOUT_MS,
  PUSH_RETRY_AFTER_MAX_MS,
  PUSH_RETRY_BASE_MS,
  VAPID_JWT_LIFETIME_S,
  VAPID_JWT_RENEW_S,
} from '../protocol/push/push';
import { type Alert, ttlOf, withOrigin } from './alerts';
import { type Encrypt, encryptInline } from './encrypt-pool';
import { PushTransport } from './transport';
import type { VapidKeys } from './vapid';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * sent: the push service took it (201); gone: 404/410, the subscription is dead; stale: its TTL
 * ran out before it could go; failed: refused for good (4xx) or retries exhausted; deferred: the
 * next try would start after the caller's lease (deadline) ends, so it is left to a later claim.
 */
export type SendOutcome = 'sent' | 'gone' | 'stale' | 'failed' | 'deferred';

export interface SendResult {
  outcome: SendOutcome;
  status?: number;
  attempts: number;
}

export interface SenderOptions {
  vapid: VapidKeys;
  subject: string;
  concurrency?: number;
  maxRetries?: number;
  retryBaseMs?: number;
  retryAfterMaxMs?: number;
  timeoutMs?: number;
  /** Extra TLS options for the connections (tests trust their self-signed push service with `ca`). */
  tls?: https.AgentOptions;
  /** false: HTTP/1.1 only, never HTTP/2 (default: HTTP/2 where the push service offers it). */
  http2?: boolean;
  /** How bodies are encrypted (a worker pool; in-thread by default). */
  encrypt?: Encrypt;
  now?: () => number;
  /** PUBLIC_ORIGIN: links and images in payloads become absolute at it. */
  publicOrigin?: string;
  log?: (message: string, error?: unknown) => void;
}

interface CachedVapid {
  header: string;
  expiresS: number;
}

/** No try starts with less than this left of the caller's lease. */
const MIN_TRY_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Retry-After as seconds or an HTTP date (RFC 9110), in ms from now; undefined when absent. */
export function retryAfterMs(value: string | string[] | undefined, now: number): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim()) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export class PushSender {
  readonly transport: PushTransport;
  private readonly vapidCache = new Map<string, CachedVapid>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly o: Required<Omit<SenderOptions, 'tls' | 'log' | 'http2'>> & Pick<SenderOptions, 'log'>;
  /** Payload JSON per alert, made once however many subscriptions it goes to. */
  private readonly bodies = new WeakMap<Alert, string>();

  constructor(options: SenderOptions) {
    this.o = {
      concurrency: PUSH_CONCURRENCY,
      maxRetries: PUSH_MAX_RETRIES,
      retryBaseMs: PUSH_RETRY_BASE_MS,
      retryAfterMaxMs: PUSH_RETRY_AFTER_MAX_MS,
      timeoutMs: PUSH_REQUEST_TIMEOUT_MS,
      encrypt: encryptInline,
      now: Date.now,
      publicOrigin: '',
      ...options,
    };
    this.transport = new PushTransport({
      concurrency: this.o.concurrency,
      tls: options.tls,
      http2: options.http2,
    });
  }

  /** The Authorization header for this push-service origin, signed again when near expiry. */
  vapidHeader(origin: string): string {
    const nowS = Math.floor(this.o.now() / 1000);
    const cached = this.vapidCache.get(origin);
    if (cached && cached.expiresS - nowS > VAPID_JWT_RENEW_S) return cached.header;
    const expiresS = nowS + VAPID_JWT_LIFETIME_S;
    const headers = webpush.getVapidHeaders(
      origin,
      this.o.subject,
      this.o.vapid.publicKey,
      this.o.vapid.privateKey,
      'aes128gcm',
      expiresS,
    ) as { Authorization: string };
    this.vapidCache.set(origin, { header: headers.Authorization, expiresS });
    return headers.Authorization;
  }

  private async acquire(): Promise<void> {
    if (this.active < this.o.concurrency) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter.
    if (next) next();
    else this.active--;
  }

  /**
   * Encrypts once, then posts (and re-posts on retryable failures) with the TTL left at each try.
   * Every try ends by `deadline` (the caller's lease end: its timeout is cut to what is left) and
   * none starts in its last MIN_TRY_MS, so a process that takes the alert over after the lease
   * never races a send still going here.
   */
  async send(target: PushTarget, alert: Alert, deadline = Number.POSITIVE_INFINITY): Promise<SendResult> {
    const lastStart = deadline - MIN_TRY_MS;
    let body: Buffer;
    let url: URL;
    try {
      url = new URL(target.endpoint);
      let payload = this.bodies.get(alert);
      if (payload === undefined) {
        payload = JSON.stringify(withOrigin(alert.payload, this.o.publicOrigin));
        this.bodies.set(alert, payload);
      }
      body = await this.o.encrypt({ p256dh: target.p256dh, auth: target.auth, payload });
    } catch (error) {
      this.o.log?.('push: cannot encrypt for a subscription', error);
      return { outcome: 'failed', attempts: 0 };
    }
    for (let attempt = 1; ; attempt++) {
      const ttl = ttlOf(alert, this.o.now());
      if (ttl <= 0) return { outcome: 'stale', attempts: attempt - 1 };
      await this.acquire();
      if (this.o.now() > lastStart) {
        this.release();
        return { outcome: 'deferred', attempts: attempt - 1 };
      }
      let status: number | undefined;
      let retryAfter: string | undefined;
      try {
        const timeout = Math.min(this.o.timeoutMs, deadline - this.o.now());
        ({ status, retryAfter } = await this.post(url, body, ttl, alert, timeout));
      } catch (error) {
        this.o.log?.(`push: ${url.origin} did not answer`, error);
      } finally {
        this.release();
      }
      if (status !== undefined && status >= 200 && status < 300)
        return { outcome: 'sent', status, attempts: attempt };
      if (status === 404 || status === 410) return { outcome: 'gone', status, attempts: attempt };
      const retryable = status === undefined || status === 429 || status >= 500;
      if (!retryable || attempt > this.o.maxRetries) return { outcome: 'failed', status, attempts: attempt };
      const asked = retryAfterMs(retryAfter, this.o.now());
      if (asked !== undefined && asked > this.o.retryAfterMaxMs)
        return { outcome: 'failed', status, attempts: attempt };
      const backoff = this.o.retryBaseMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
      const wait = Math.max(backoff, asked ?? 0);
      if (this.o.now() + wait > lastStart) return { outcome: 'deferred', status, attempts: attempt };
      await sleep(wait);
    }
  }

  private post(url: URL, body: Buffer, ttl: number, alert: Alert, timeoutMs: number) {
    return this.transport.post({
      url,
      body,
      timeoutMs,
      headers: {
        ttl: String(ttl),
        urgency: alert.urgency,
        topic: alert.topic,
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
        authorization: this.vapidHeader(url.origin),
      },
    });
  }

  close(): void {
    this.transport.close();
  }
}
