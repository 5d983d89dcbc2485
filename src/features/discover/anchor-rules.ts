/** What an anchor card shows, from the broadcaster's state and the member's privileges. */
import {
  NICKNAME_CUT,
  NICKNAME_MAX,
  ONLINE_STATUS_ONLINE,
  PUBLIC_ROOM_TYPES,
  ROOM_TYPE_PREMIUM,
} from '../../../protocol/constants';
import type { AnchorCard, AnchorPriv, Flag, MemberPriv } from '../../../protocol/types';

/** Nicknames over 18 characters are cut to 15 plus '...' (spec 002 §9); counted in characters, not UTF-16 units. */
export function truncateNickname(nickname: string): string {
  const chars = Array.from(nickname);
  return chars.length > NICKNAME_MAX ? `${chars.slice(0, NICKNAME_CUT).join('')}...` : nickname;
}

type Presence = Pick<AnchorCard, 'online_status' | 'is_online' | 'is_live' | 'room_type'>;

export const isOnline = (a: Presence) => a.online_status === ONLINE_STATUS_ONLINE || a.is_online === 1;

/** Live in a room a member can watch: room_type 1 or 3 (spec 002 §3). */
export const isLiveInPublicRoom = (a: Presence, isLive: Flag = a.is_live) =>
  isLive === 1 && PUBLIC_ROOM_TYPES.includes(a.room_type);

/** Live in her premium room: watching it costs PREMIUM_CREDIT_PER_MINUTE, so every list says so. */
export const isLiveInPremiumRoom = (a: Presence, isLive: Flag = a.is_live) =>
  isLiveInPublicRoom(a, isLive) && a.room_type === ROOM_TYPE_PREMIUM;

export type CardAction = 'watch-now' | 'invite-one-on-one';

/** She takes One-on-One invitations now, but his account lacks the privilege: the card says why. */
export const oneOnOneLocked = (anchor: Presence & { priv: AnchorPriv }, member: MemberPriv) =>
  member.oneonone !== 1 && anchor.priv.oneonone === 1 && isOnline(anchor) && !isLiveInPublicRoom(anchor);

export function cardActions(anchor: Presence & { priv: AnchorPriv }, member: MemberPriv): CardAction[] {
  const actions: CardAction[] = [];
  if (member.public === 1 && isLiveInPublicRoom(anchor)) actions.push('watch-now');
  if (member.oneonone === 1 && anchor.priv.oneonone === 1 && isOnline(anchor))
    actions.push('invite-one-on-one');
  return actions;
}
