/**
 * Every environment variable the server reads, with its default and its check: the one list to
 * look at for what can be set. loadConfig (server/config.ts) turns it into the Config.
 */
import { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '../../protocol/constants';
import { DEFAULT_MONEY_MULTIPLIER, DEFAULT_MONEY_TYPE } from '../../protocol/money';
import { OPERATOR_ROLES } from '../../protocol/operator/operator';
import { SHOW_REMINDER_TICK_MS } from '../../protocol/push/push';
import { SAY_HI_DEMO_REPLY_MS } from '../../protocol/sayhi/sayhi';
import {
  commaList,
  flag,
  isOrigin,
  OPERATOR_ROLES_ITEM,
  optionalUrl,
  phoneNumber,
  TrustProxy,
} from './env-parsers';

export const EnvSchema = z.object({
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
