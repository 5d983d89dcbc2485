/**
 * The server's configuration, read from the environment once and validated, so a bad value stops
 * the start with a message that names the variable instead of failing later at a call.
 * The variables are listed in config/env-schema.ts, the outside services' settings built in
 * config/outside-services.ts; this module puts them together.
 */
import { SOCKET_HEARTBEAT_TIMEOUT_MS, SOCKET_LOGIN_DEADLINE_MS } from '../protocol/constants';
import { OPERATOR_ROLES, type OperatorRole } from '../protocol/operator/operator';
import { MONEY_KEY_DEFAULTS, parseMoneyKeys } from '../protocol/profile/settings';
import { EnvSchema } from './config/env-schema';
import { callCenterConfig, paymentsConfig, s3Config } from './config/outside-services';
import { type Config, invalidConfig, issuesOf } from './config/settings';
import { autoInviteConfig } from './features/invitations';
import { type PartnerConfig, PartnerEnv, partnerConfig } from './features/partner-sites';
import { DEMO_OPERATOR_ID } from './seed/operator';

export type { Config } from './config/settings';
export { ConfigError } from './config/settings';

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

/** FAMILY_SITES and the legal entities (server/features/partner-sites/partner-config.ts). */
function loadPartners(env: Record<string, string | undefined>, devTools: boolean): PartnerConfig {
  const parsed = PartnerEnv.safeParse(env);
  if (!parsed.success) throw invalidConfig(issuesOf(parsed.error.issues));
  return partnerConfig(parsed.data, devTools);
}

/** Reads and validates the configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw invalidConfig(issuesOf(parsed.error.issues));
  const e = parsed.data;
  // Node refuses a headers time-out longer than the request's.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw invalidConfig(['HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS']);
  }
  const production = e.NODE_ENV === 'production';
  const testClock = e.TEST_CLOCK === '1' || e.TEST_CLOCK === 'true';
  if (production && testClock) {
    throw invalidConfig(['TEST_CLOCK: not allowed when NODE_ENV=production']);
  }
  if (e.LIVE_SFU === 'janus' && e.JANUS_URLS.length === 0) {
    throw invalidConfig(['JANUS_URLS: required when LIVE_SFU=janus']);
  }
  const moneyKeys = parseMoneyKeys(e.MONEY_KEYS, MONEY_KEY_DEFAULTS);
  if (typeof moneyKeys === 'string') throw invalidConfig([`MONEY_KEYS: ${moneyKeys}`]);
  // Mailed links must point at the address members use, never at whatever Host a request named.
  if (e.SMTP_URL && !e.PUBLIC_ORIGIN) {
    throw invalidConfig(['PUBLIC_ORIGIN: required when SMTP_URL is set']);
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
