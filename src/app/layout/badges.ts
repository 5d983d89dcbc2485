/** Count badges with the spec's caps (spec 002 §9). An empty string means: show no badge. */
import { BELL_BADGE_CAP, CHAT_BADGE_CAP, MENU_BADGE_CAP } from '../../../protocol/constants';

const positive = (count: number) => Number.isFinite(count) && count > 0;

/** The notification bell: '...' over 9. */
export const bellBadge = (count: number) =>
  !positive(count) ? '' : count > BELL_BADGE_CAP ? '...' : String(count);

/** Top menu badges: '9+' over 9. */
export const menuBadge = (count: number) =>
  !positive(count) ? '' : count > MENU_BADGE_CAP ? `${MENU_BADGE_CAP}+` : String(count);

/** Unread chat: '99+' over 99. */
export const chatBadge = (count: number) =>
  !positive(count) ? '' : count > CHAT_BADGE_CAP ? `${CHAT_BADGE_CAP}+` : String(count);
