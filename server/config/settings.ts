/**
 * What the server is configured with once the environment is read (Config), and the error a bad
 * value stops the start with. Kept apart from loadConfig so the parts that build it can name both.
 */

import type { OperatorRole } from '../../protocol/operator/operator';
import type { MoneyKeys } from '../../protocol/profile/settings';
import type { TwilioSettings } from '../features/call-service';
import type { AutoInviteConfig } from '../features/invitations';
import type { PartnerConfig } from '../features/partner-sites';
import type { S3Config } from '../files/s3';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  maintenance: boolean;
  moneyType: string;
  moneyMultiplier: number;
  /** The spec's money config keys (MONEY_KEYS): getUserConfig, getConstantInfo, live chat's rates. */
  moneyKeys: MoneyKeys;
  pushSubject: string;
  pushAllowedOrigins: string[];
  /** PUBLIC_ORIGIN: push alerts carry absolute links when set ('' keeps them relative). */
  publicOrigin: string;
  /** Run the push server inside the product server (PUSH_EMBEDDED, on by default). */
  pushEmbedded: boolean;
  /** How often show reminders are scheduled and claimed (PUSH_REMINDER_TICK_MS). */
  pushReminderTickMs: number;
  staticDir: string;
  quiet: boolean;
  /** A handler running longer than this answers 408 (spec: 20 s); tests shorten it. */
  requestTimeoutMs: number;
  /**
   * Slow clients (HTTP_REQUEST_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS): a request whose headers, or whole
   * body, take longer than this is answered 408 and its connection closed.
   */
  httpTimeouts: { requestMs: number; headersMs: number };
  /** A socket silent for longer than this is closed. */
  socketHeartbeatTimeoutMs: number;
  /** A socket that has not logged in this long after opening is closed (tests shorten it). */
  socketLoginDeadlineMs: number;
  /** Largest accepted request body. */
  bodyLimit: number;
  /** The automatic invitation engine's switch and timings. */
  autoInvite: AutoInviteConfig;
  /** The live-chat engine's automatic invitations (same timings, its own switch). */
  livechatInvite: AutoInviteConfig;
  /** How often open invitations past their time are expired (and request holds refunded). */
  invitationSweepMs: number;
  /** How often show-start notices that are due are claimed and sent (SHOW_NOTICE_TICK_MS). */
  showNoticeTickMs: number;
  /** Demo robot replies to private messages (ROBOT_REPLIES, ROBOT_REPLY_MS). */
  robotReplies: { enabled: boolean; delayMs: number };
  /** Demo broadcasters' answer to a Say Hi comes after this long (SAYHI_AUTO_REPLY_MS, 0 = off). */
  sayHiAutoReplyMs: number;
  /** The S3-compatible file store (S3_*), or undefined for the data folder. */
  s3: S3Config | undefined;
  /** TRUST_PROXY as Fastify takes it: false, a hop count, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  /** DEV_TOOLS: development pages (the SMS outbox) exist; off when NODE_ENV=production by default. */
  devTools: boolean;
  /** OPERATOR_IDS: accounts allowed the operator calls (suspension) and development pages. */
  operatorIds: string[];
  /**
   * OPERATOR_ROLES: each operator's roles (OPERATOR_IDS hold every role). With DEV_TOOLS on, the demo
   * operator (server/seed) holds every role; never in production, where the demo password is public.
   */
  operatorRoles: Record<string, OperatorRole[]>;
  /** NODE_ENV=production: no verification code or message body is written to the log. */
  production: boolean;
  /** TEST_CLOCK: the chat and visit clock development tools exist (they move money); refused in production. */
  testClock: boolean;
  /** Live video: demo clips for the seeded live broadcasters, and the ICE servers browsers get. */
  live: {
    demoStreams: boolean;
    iceUrls: string[];
    turnSecret: string;
    turnTtlS: number;
    /** LIVE_SFU: the embedded SFU, or Janus instances at JANUS_URLS. */
    sfu: 'embedded' | 'janus';
    janusUrls: string[];
    /** How often open paid sessions are billed (a minute is charged within this of its start). */
    tickMs: number;
    /** The billing clock; tests move it by hand. */
    now?: () => number;
    /** How long a room whose viewer's connection went waits for his reload (tests shorten it). */
    resumeGraceMs?: number;
  };
  /** Buying credits: Stripe when its keys are set (new orders go there), and the test provider. */
  /** Partner sites, their hand-off secrets, and the legal entities (FAMILY_SITES, CORP_KEY, ...). */
  partners: PartnerConfig;
  payments: {
    stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
    testProvider: boolean;
  };
  /** The call service's call center: Twilio when TWILIO_ACCOUNT_SID is set (else the local stand-in or none). */
  callCenter: { twilio?: TwilioSettings };
  /** FLOWER_DELIVERY_STAND_IN: flower orders go to the local stand-in an operator advances. */
  flowerDeliveryStandIn: boolean;
  /** Account mail: SMTP at smtpUrl (links then need PUBLIC_ORIGIN), else the local outbox. */
  mail: { smtpUrl: string | undefined; from: string };
}

export class ConfigError extends Error {}

/** The error a start stops with: each problem names a variable and what is wrong with it. */
export function invalidConfig(problems: readonly string[]): ConfigError {
  return new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

/** Issues from a failed zod parse of the environment, one problem per variable. */
export const issuesOf = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  issues.map((i) => `${i.path.join('.')}: ${i.message}`);
