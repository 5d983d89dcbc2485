/**
 * The server's configuration, read from the environment once and validated, so a bad value stops
 * the start with a message that names the variable instead of failing later at a call.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import {
  REQUEST_TIMEOUT_MS,
  SOCKET_HEARTBEAT_TIMEOUT_MS,
  SOCKET_LOGIN_DEADLINE_MS,
} from '../protocol/constants';
import { DEFAULT_MONEY_MULTIPLIER, DEFAULT_MONEY_TYPE } from '../protocol/money';
import { OPERATOR_ROLES, type OperatorRole } from '../protocol/operator/operator';
import { MONEY_KEY_DEFAULTS, type MoneyKeys, parseMoneyKeys } from '../protocol/profile/settings';
import { SHOW_REMINDER_TICK_MS } from '../protocol/push/push';
import { SAY_HI_DEMO_REPLY_MS } from '../protocol/sayhi/sayhi';
import type { TwilioSettings } from './features/call-service';
import { type AutoInviteConfig, autoInviteConfig } from './features/invitations';
import { type PartnerConfig, PartnerEnv, partnerConfig } from './features/partner-sites';
import type { S3Config } from './files/s3';
import { DEMO_OPERATOR_ID } from './seed/operator';

const flag = z
  .enum(['', '0', '1', 'true', 'false'])
  .default('')
  .transform((v) => v === '1' || v === 'true');

const optionalUrl = (schemes: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || schemes.some((s) => v.startsWith(s)), {
      message: `must start with ${schemes.join(' or ')}`,
    });

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

const splitList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const OPERATOR_ROLES_ITEM = new RegExp(
  `^[A-Za-z0-9_-]{1,32}:(${OPERATOR_ROLES.join('|')})(\\+(${OPERATOR_ROLES.join('|')}))*$`,
);

/** OPERATOR_ROLES items as a map; the demo operator holds every role where development tools are on. */
function operatorRoles(items: string[], devTools: boolean): Record<string, OperatorRole[]> {
  const roles: Record<string, OperatorRole[]> = {};
  if (devTools) roles[DEMO_OPERATOR_ID] = [...OPERATOR_ROLES];
  for (const item of items) {
    const [userid = '', list = ''] = item.split(':');
    roles[userid] = list.split('+') as OperatorRole[];
  }
  return roles;
}

/** A comma-separated variable whose every item must pass `valid`. */
const commaList = (valid: (item: string) => boolean, message: string) =>
  z
    .string()
    .default('')
    .transform(splitList)
    .refine((list) => list.every(valid), { message });

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(value: string): boolean {
  if (PROXY_RANGE_NAMES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default (the socket's address is the client's). A number trusts that many
 * proxy hops of X-Forwarded-For; a comma list trusts the proxies at those addresses or ranges.
 */
const TrustProxy = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === '0' || v === 'false') return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 16) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be 16 or less' });
      return z.NEVER;
    }
    const list = splitList(v);
    if (list.every(isAddressOrCidr)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'must be a hop count or a comma list of addresses and CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  });

/** A phone number as Twilio dials it: +<country><number>, or unset. */
const phoneNumber = z
  .string()
  .trim()
  .default('')
  .refine((v) => v === '' || /^\+\d{5,19}$/.test(v), { message: 'must be a number such as +14155550100' });

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  /** Prefix of every Redis key and channel, so several clusters can share one Redis. */
  REDIS_PREFIX: z.string().trim().min(1).max(64).default('glimmer:'),
  MAINTENANCE: flag,
  MONEY_TYPE: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z ]+$/, 'letters only')
    .default(DEFAULT_MONEY_TYPE),
  MONEY_MULTIPLIER: z.coerce.number().positive().max(1_000_000).default(DEFAULT_MONEY_MULTIPLIER),
  /** The spec's money config keys over their defaults: key=credits,... (protocol/profile/settings.ts). */
  MONEY_KEYS: z.string().trim().default(''),
  PUSH_SUBJECT: z
    .string()
    .trim()
    .default('mailto:support@glimmer.example')
    .refine((v) => /^mailto:.+@.+/.test(v) || /^https:\/\/.+/.test(v), {
      message: 'must be a mailto: or https: URL',
    }),
  PUSH_ALLOWED_ORIGINS: commaList(
    isOrigin,
    'must be a comma list of origins such as https://push.example.com',
  ),
  /** The address members reach the app at (e.g. https://glimmer.example); makes push links absolute. */
  PUBLIC_ORIGIN: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || isOrigin(v), { message: 'must be an origin such as https://glimmer.example' }),
  /** The push server runs inside this process unless PUSH_EMBEDDED=0 (then `npm run push-server`). */
  PUSH_EMBEDDED: z
    .enum(['', '0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v !== '0' && v !== 'false'),
  /** How often each push-server process writes and claims due show reminders. */
  PUSH_REMINDER_TICK_MS: z.coerce.number().int().min(10).max(600_000).default(SHOW_REMINDER_TICK_MS),
  STATIC_DIR: z.string().trim().min(1).default('./dist'),
  GLIMMER_QUIET: flag,
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(REQUEST_TIMEOUT_MS),
  /** A whole request, body included, must arrive within this (a 20 MB video on a slow phone network). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(600_000),
  /** A request's headers must arrive within this (at most HTTP_REQUEST_TIMEOUT_MS). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** The automatic invitation engine: on unless AUTO_INVITE=0. */
  AUTO_INVITE: z
    .enum(['', '0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v !== '0' && v !== 'false'),
  /** Divides every auto-invite time (10 makes 10 s idle 1 s); for demos and tests. */
  AUTO_INVITE_SPEED: z.coerce.number().min(1).max(10_000).default(1),
  AUTO_INVITE_SEED: z.coerce.number().int().min(0).optional(),
  /** The live-chat engine's automatic invitations: as AUTO_INVITE unless set (same speed and seed). */
  LIVECHAT_INVITE: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v !== '0' && v !== 'false')),
  /** Demo robot broadcasters answer private messages by themselves unless ROBOT_REPLIES=0. */
  ROBOT_REPLIES: z
    .enum(['', '0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v !== '0' && v !== 'false'),
  /** How long a robot waits before answering. */
  ROBOT_REPLY_MS: z.coerce.number().int().min(0).max(600_000).default(4_000),
  /** Demo (robot) broadcasters answer a Say Hi after this long; 0 turns it off. */
  SAYHI_AUTO_REPLY_MS: z.coerce.number().int().min(0).max(600_000).default(SAY_HI_DEMO_REPLY_MS),
  /** How often each process looks for shows whose start notices are due. */
  SHOW_NOTICE_TICK_MS: z.coerce.number().int().min(10).max(600_000).default(5_000),
  /** Mail files: uploaded files go to this S3-compatible bucket when set (else under DATA_DIR). */
  S3_BUCKET: z.string().trim().default(''),
  S3_ENDPOINT: optionalUrl(['https://', 'http://']),
  S3_REGION: z.string().trim().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().default(''),
  S3_SECRET_ACCESS_KEY: z.string().trim().default(''),
  S3_FORCE_PATH_STYLE: flag,
  TRUST_PROXY: TrustProxy,
  /** `production` turns the development tools off unless DEV_TOOLS says otherwise. */
  NODE_ENV: z.string().trim().default(''),
  /** The development endpoints and local stand-ins' pages (the SMS outbox): on outside production. */
  DEV_TOOLS: z.enum(['', '0', '1', 'true', 'false']).default(''),
  /** The chat clock (a development tool that pays a chat's next minute now): tests only. */
  TEST_CLOCK: z.enum(['', '0', '1', 'true', 'false']).default(''),
  /** Live rooms: the demo broadcasters shown as live stream a clip; on outside production. */
  DEMO_STREAMS: z.enum(['', '0', '1', 'true', 'false']).default(''),
  /** STUN and TURN servers offered to browsers for live video (comma list of stun:/turn: URLs). */
  ICE_URLS: commaList(
    (url) => /^(stun|stuns|turn|turns):[^\s,]+$/.test(url),
    'must be a comma list of stun: or turn: URLs',
  ),
  /** Where live rooms' media runs: the SFU inside this process (default), or Janus (JANUS_URLS). */
  LIVE_SFU: z.enum(['embedded', 'janus']).default('embedded'),
  /** The Janus instances (WebSocket API URLs) rooms are placed on when LIVE_SFU=janus. */
  JANUS_URLS: commaList(
    (url) => /^wss?:\/\/[^\s,]+$/.test(url),
    'must be a comma list of ws:// or wss:// URLs',
  ),
  /** The TURN server's shared secret: each browser gets a credential valid for TURN_TTL_S. */
  TURN_SECRET: z.string().default(''),
  TURN_TTL_S: z.coerce.number().int().min(60).max(604_800).default(86_400),
  /** Accounts that may use the operator calls and development pages from anywhere (comma list). */
  OPERATOR_IDS: commaList((id) => /^[A-Za-z0-9_-]{1,32}$/.test(id), 'must be a comma list of user ids'),
  /** Operators and their roles: `userid:role+role` items, comma separated (see protocol/operator). */
  OPERATOR_ROLES: commaList(
    (item) => OPERATOR_ROLES_ITEM.test(item),
    `must be a comma list of userid:role+role (roles: ${OPERATOR_ROLES.join(', ')})`,
  ),
  /** Buying credits with Stripe Checkout: the API key and the webhook endpoint's signing secret. */
  STRIPE_SECRET_KEY: z.string().trim().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().trim().default(''),
  /** Another Stripe API address (a local stand-in in tests). */
  STRIPE_API_BASE: optionalUrl(['https://', 'http://']),
  /** Phone calls through Twilio (the call service): the account, its auth token, the calling number. */
  TWILIO_ACCOUNT_SID: z.string().trim().default(''),
  TWILIO_AUTH_TOKEN: z.string().trim().default(''),
  TWILIO_FROM_NUMBER: phoneNumber,
  /** The origin Twilio calls back at (PUBLIC_ORIGIN unless set); its callbacks are signed for it. */
  TWILIO_CALLBACK_ORIGIN: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || isOrigin(v), { message: 'must be an origin such as https://glimmer.example' }),
  /** Another Twilio API address (a local stand-in in tests). */
  TWILIO_API_BASE: optionalUrl(['https://', 'http://']),
  /** The translators' desk Twilio rings for a broadcaster whose calls need a translator. */
  CALL_TRANSLATOR_NUMBER: phoneNumber,
  /** The built-in test provider and its checkout page: on outside production. */
  PAYMENTS_TEST_PROVIDER: z.enum(['', '0', '1', 'true', 'false']).default(''),
  /** Flower deliveries' local stand-in, advanced in the operator console: on outside production. */
  FLOWER_DELIVERY_STAND_IN: z.enum(['', '0', '1', 'true', 'false']).default(''),
  /** Account mail (verification, password reset) over SMTP; unset, it stays in the local outbox. */
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  /** The sender of account mail. */
  MAIL_FROM: z.string().trim().min(3).max(200).default('Glimmer <no-reply@glimmer.example>'),
});

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

/** FAMILY_SITES and the legal entities (server/features/partner-sites/partner-config.ts). */
function loadPartners(env: Record<string, string | undefined>, devTools: boolean): PartnerConfig {
  const parsed = PartnerEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return partnerConfig(parsed.data, devTools);
}

/** Reads and validates the configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Node refuses a headers time-out longer than the request's.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  const production = e.NODE_ENV === 'production';
  const testClock = e.TEST_CLOCK === '1' || e.TEST_CLOCK === 'true';
  if (production && testClock) {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK: not allowed when NODE_ENV=production');
  }
  if (e.LIVE_SFU === 'janus' && e.JANUS_URLS.length === 0) {
    throw new ConfigError('Invalid configuration:\n  JANUS_URLS: required when LIVE_SFU=janus');
  }
  const moneyKeys = parseMoneyKeys(e.MONEY_KEYS, MONEY_KEY_DEFAULTS);
  if (typeof moneyKeys === 'string')
    throw new ConfigError(`Invalid configuration:\n  MONEY_KEYS: ${moneyKeys}`);
  // Mailed links must point at the address members use, never at whatever Host a request named.
  if (e.SMTP_URL && !e.PUBLIC_ORIGIN) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_ORIGIN: required when SMTP_URL is set');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    maintenance: e.MAINTENANCE,
    moneyType: e.MONEY_TYPE,
    moneyMultiplier: e.MONEY_MULTIPLIER,
    moneyKeys,
    pushSubject: e.PUSH_SUBJECT,
    pushAllowedOrigins: e.PUSH_ALLOWED_ORIGINS,
    publicOrigin: e.PUBLIC_ORIGIN,
    pushEmbedded: e.PUSH_EMBEDDED,
    pushReminderTickMs: e.PUSH_REMINDER_TICK_MS,
    staticDir: e.STATIC_DIR,
    quiet: e.GLIMMER_QUIET,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    httpTimeouts: { requestMs: e.HTTP_REQUEST_TIMEOUT_MS, headersMs: e.HTTP_HEADERS_TIMEOUT_MS },
    socketHeartbeatTimeoutMs: SOCKET_HEARTBEAT_TIMEOUT_MS,
    socketLoginDeadlineMs: SOCKET_LOGIN_DEADLINE_MS,
    bodyLimit: 64 * 1024,
    autoInvite: autoInviteConfig(e.AUTO_INVITE, e.AUTO_INVITE_SPEED, e.AUTO_INVITE_SEED),
    livechatInvite: autoInviteConfig(
      e.LIVECHAT_INVITE ?? e.AUTO_INVITE,
      e.AUTO_INVITE_SPEED,
      e.AUTO_INVITE_SEED,
    ),
    invitationSweepMs: 5_000,
    showNoticeTickMs: e.SHOW_NOTICE_TICK_MS,
    robotReplies: { enabled: e.ROBOT_REPLIES, delayMs: e.ROBOT_REPLY_MS },
    sayHiAutoReplyMs: e.SAYHI_AUTO_REPLY_MS,
    s3: s3Config(e),
    trustProxy: e.TRUST_PROXY,
    devTools:
      e.DEV_TOOLS === '' ? e.NODE_ENV !== 'production' : e.DEV_TOOLS === '1' || e.DEV_TOOLS === 'true',
    operatorIds: e.OPERATOR_IDS,
    operatorRoles: operatorRoles(
      e.OPERATOR_ROLES,
      e.DEV_TOOLS === '' ? e.NODE_ENV !== 'production' : e.DEV_TOOLS === '1' || e.DEV_TOOLS === 'true',
    ),
    production,
    testClock,
    live: {
      demoStreams:
        e.DEMO_STREAMS === ''
          ? e.NODE_ENV !== 'production'
          : e.DEMO_STREAMS === '1' || e.DEMO_STREAMS === 'true',
      iceUrls: e.ICE_URLS,
      turnSecret: e.TURN_SECRET,
      turnTtlS: e.TURN_TTL_S,
      sfu: e.LIVE_SFU,
      janusUrls: e.JANUS_URLS,
      tickMs: 1_000,
    },
    payments: paymentsConfig(e),
    callCenter: callCenterConfig(e),
    flowerDeliveryStandIn:
      e.FLOWER_DELIVERY_STAND_IN === ''
        ? !production
        : e.FLOWER_DELIVERY_STAND_IN === '1' || e.FLOWER_DELIVERY_STAND_IN === 'true',
    partners: loadPartners(
      env,
      e.DEV_TOOLS === '' ? !production : e.DEV_TOOLS === '1' || e.DEV_TOOLS === 'true',
    ),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
  };
}

/** Both Stripe keys or neither; Stripe sends the browser back to absolute addresses (PUBLIC_ORIGIN). */
function paymentsConfig(e: z.infer<typeof EnvSchema>): Config['payments'] {
  const testProvider =
    e.PAYMENTS_TEST_PROVIDER === ''
      ? e.NODE_ENV !== 'production'
      : e.PAYMENTS_TEST_PROVIDER === '1' || e.PAYMENTS_TEST_PROVIDER === 'true';
  if (!e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) return { testProvider };
  const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PUBLIC_ORIGIN'] as const).filter(
    (k) => !e[k],
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when a Stripe key is set`).join('\n')}`,
    );
  }
  return {
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    testProvider,
  };
}

/** Twilio when its account is set: then its token, our number, a callback origin and the desk are required. */
function callCenterConfig(e: z.infer<typeof EnvSchema>): Config['callCenter'] {
  if (!e.TWILIO_ACCOUNT_SID && !e.TWILIO_AUTH_TOKEN) return {};
  const callbackOrigin = e.TWILIO_CALLBACK_ORIGIN || e.PUBLIC_ORIGIN;
  const missing = [
    ...(
      ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER', 'CALL_TRANSLATOR_NUMBER'] as const
    ).filter((k) => !e[k]),
    ...(callbackOrigin ? [] : ['TWILIO_CALLBACK_ORIGIN (or PUBLIC_ORIGIN)']),
  ];
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when a Twilio key is set`).join('\n')}`,
    );
  }
  return {
    twilio: {
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      fromNumber: e.TWILIO_FROM_NUMBER,
      callbackBase: callbackOrigin,
      translatorNumber: e.CALL_TRANSLATOR_NUMBER,
      apiBase: e.TWILIO_API_BASE,
    },
  };
}

/** S3_BUCKET turns the S3 store on; then both keys are required. */
function s3Config(e: z.infer<typeof EnvSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) return undefined;
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required when S3_BUCKET is set`).join('\n')}`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
