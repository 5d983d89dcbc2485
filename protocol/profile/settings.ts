/**
 * The member's settings (/mysetting/options, /mysetting/setchoice) and the config calls around
 * them (spec 002 §3 "Config", §6, §7). Decisions where the spec is silent, written down here (and
 * in docs/api.md "Profile and settings"):
 * - Live chat: livechat_accept (invitations reach him) and livechat_send (he may start chats); the
 *   spec's livechat_switch reads 1 while either is on, and turning it off turns both off (§6: both
 *   0 blocks all). The live-chat engine reads livechat_accept before every invitation.
 * - Notification choices: for each alert kind, push, email or off, honoured by the push server for
 *   a member who is not looking at the app (push-server/delivery.ts): email goes to his verified
 *   address only (docs/api.md "Alert channels").
 * - Privacy: hide_online keeps him off the broadcasters' list of members online; hide_profile
 *   gives broadcasters only his card from getMemberProfileOther.
 * - getKeySwitch {key} answers {key, value} for his switches (SWITCH_KEYS); getConstantInfo {key}
 *   (a list, or comma-separated) answers {[key]: value} for the keys of CONSTANT_KEYS it knows.
 * - The money keys come from configuration (MONEY_KEYS=key=value,...), defaults below.
 */
import { LIVECHAT_TIMERS } from '../livechat/livechat';

type Flag = 0 | 1;

export const SettingsApi = {
  /** Spec: one of his switches {key} → {key, value}. */
  getKeySwitch: '/pman/setting/api/getKeySwitch',
  /** Spec: constants by name {key: string[] | 'a,b'} → {[key]: value}. */
  getConstantInfo: '/share/v1/getConstantInfo',
  /** Ours: all his settings → MemberSettings. */
  getMemberSettings: '/user/getMemberSettings',
  /** Ours: changes some of his settings (any subset of MemberSettings' fields) → MemberSettings. */
  saveMemberSettings: '/user/saveMemberSettings',
} as const;

/** Ours: settings refusals (10640-10649). */
export const SettingsErrno = {
  /** getKeySwitch for a key that is not one of his switches. */
  UNKNOWN_SWITCH: 10640,
} as const;
export const SettingsText = {
  unknownSwitch: 'There is no such setting.',
  saved: 'Saved',
} as const;

/** The alerts a member chooses a channel for. */
export const ALERT_KINDS = ['invite', 'show', 'mail', 'online'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_CHANNELS = ['push', 'email', 'off'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const ALERT_LABELS: Record<AlertKind, string> = {
  invite: 'Invitations from broadcasters',
  show: 'Shows starting',
  mail: 'New mail',
  online: 'A broadcaster I follow comes online',
};
export const CHANNEL_LABELS: Record<AlertChannel, string> = {
  push: 'Push notification',
  email: 'Email',
  off: 'Off',
};

export const DEFAULT_ALERTS: Record<AlertKind, AlertChannel> = {
  invite: 'push',
  show: 'push',
  mail: 'email',
  online: 'push',
};

/** The push server's alert types (protocol/push PUSH_TYPES) are these alert kinds. */
export const wantsPush = (alerts: Record<AlertKind, AlertChannel>, pushType: string): boolean =>
  !(pushType in alerts) || alerts[pushType as AlertKind] === 'push';

export interface MemberSettings {
  livechat_switch: Flag;
  livechat_accept: Flag;
  livechat_send: Flag;
  alerts: Record<AlertKind, AlertChannel>;
  hide_online: Flag;
  hide_profile: Flag;
}

/** What getKeySwitch answers for. */
export const SWITCH_KEYS = [
  'livechat_switch',
  'livechat_accept',
  'livechat_send',
  'hide_online',
  'hide_profile',
] as const;
export type SwitchKey = (typeof SWITCH_KEYS)[number];

/**
 * Spec 002 §3 money config keys and their defaults (credits). send_toast_credit: a highlighted
 * message in a public room; user_push_credit_point: the balance under which he is asked to add
 * credits; the timers: live chat's rates a minute (protocol/livechat LIVECHAT_TIMERS).
 */
export const MONEY_KEY_DEFAULTS = {
  send_toast_credit: 0.1,
  send_private_message_credit: 0.5,
  user_push_credit_point: 1,
  ...LIVECHAT_TIMERS,
} as const;
export type MoneyKey = keyof typeof MONEY_KEY_DEFAULTS;
export type MoneyKeys = Record<MoneyKey, number>;
export const MONEY_KEYS = Object.keys(MONEY_KEY_DEFAULTS) as MoneyKey[];

/** getConstantInfo's keys beyond the money keys. */
export const CONSTANT_KEYS = ['profile_min_age', 'introduction_max', 'hobbies_max'] as const;

/** MONEY_KEYS=key=value,... over the defaults; a bad entry stops the start (server/config.ts). */
export function parseMoneyKeys(raw: string, defaults: MoneyKeys): MoneyKeys | string {
  const out = { ...defaults };
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key = '', value = ''] = item.split('=').map((s) => s.trim());
    if (!(MONEY_KEYS as string[]).includes(key)) return `unknown key ${key}`;
    const n = Number(value);
    if (!/^\d+(\.\d{1,2})?$/.test(value) || !Number.isFinite(n) || n > 1000)
      return `${key} must be credits (e.g. 0.15)`;
    out[key as keyof MoneyKeys] = n;
  }
  return out;
}
