/**
 * The member's notification choices (his settings page, /mysetting/setchoice: each alert kind by
 * push, by email or off; migration 035 member_settings.alerts), read before an alert goes out. The
 * push server reads the table itself: it may run as its own process, without the product's services.
 */
import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  type AlertChannel,
  type AlertKind,
  DEFAULT_ALERTS,
} from '../protocol/profile/settings';
import type { Db } from '../server/storage/contract';

/** How he wants alerts of this kind: 'push', 'email' or 'off'. */
export type ChannelOf = (userId: string, kind: string) => Promise<AlertChannel>;

const isKind = (kind: string): kind is AlertKind => (ALERT_KINDS as readonly string[]).includes(kind);
const isChannel = (value: unknown): value is AlertChannel =>
  typeof value === 'string' && (ALERT_CHANNELS as readonly string[]).includes(value);

/**
 * The channel for `kind` from his stored choices (the jsonb, or its text): a kind he never chose
 * takes DEFAULT_ALERTS; an unreadable choice too. A kind nobody chooses for goes by push, as before
 * there were choices.
 */
export function channelFor(stored: unknown, kind: string): AlertChannel {
  if (!isKind(kind)) return 'push';
  let alerts: unknown = stored;
  if (typeof stored === 'string') {
    try {
      alerts = JSON.parse(stored);
    } catch {
      alerts = undefined;
    }
  }
  const chosen =
    typeof alerts === 'object' && alerts !== null ? (alerts as Record<string, unknown>)[kind] : undefined;
  return isChannel(chosen) ? chosen : DEFAULT_ALERTS[kind];
}

export function alertChoices(db: Db): ChannelOf {
  return async (userId, kind) => {
    const [row] = await db.query<{ alerts: unknown }>(
      'SELECT alerts FROM member_settings WHERE userid = $1',
      [userId],
    );
    return channelFor(row?.alerts, kind);
  };
}
