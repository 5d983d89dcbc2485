/**
 * The profile's action buttons by the broadcaster's state (spec 002 §2 "Action buttons by state"):
 * - live in a public room and the member holds the public-room privilege: Watch Now and a Live badge;
 * - online: Chat Now, plus Invite One-on-One when both hold it, plus Hang-out when both hold it;
 * - offline with the booking privilege: Book One-on-One;
 * - offline without it: Send Mail.
 * A broadcaster live in a room the member may not watch is still online, so the online row applies.
 */
import type { AnchorProfile, MemberPriv } from '../../../protocol/types';
import { isLiveInPublicRoom, isOnline } from '../discover/anchor-rules';

export type ProfileAction =
  | 'chat-now'
  | 'invite-one-on-one'
  | 'hang-out'
  | 'watch-now'
  | 'book-one-on-one'
  | 'send-mail';

export type ProfileState = 'live' | 'online' | 'offline';

export interface ProfileButtons {
  state: ProfileState;
  actions: ProfileAction[];
  liveBadge: boolean;
}

export type ProfileFacts = Pick<AnchorProfile, 'online_status' | 'is_online' | 'is_live' | 'room_type'> & {
  anchor_info: Pick<AnchorProfile['anchor_info'], 'is_live' | 'priv'>;
};

export function profileButtons(anchor: ProfileFacts, member: MemberPriv): ProfileButtons {
  const priv = anchor.anchor_info.priv;
  const live = anchor.anchor_info.is_live === 1 || anchor.is_live === 1 ? 1 : 0;
  if (member.public === 1 && isLiveInPublicRoom(anchor, live)) {
    return { state: 'live', actions: ['watch-now'], liveBadge: true };
  }
  if (isOnline(anchor) || live === 1) {
    const actions: ProfileAction[] = ['chat-now'];
    if (member.oneonone === 1 && priv.oneonone === 1) actions.push('invite-one-on-one');
    if (member.hangout === 1 && priv.hangout === 1) actions.push('hang-out');
    return { state: 'online', actions, liveBadge: false };
  }
  return {
    state: 'offline',
    actions: [priv.booking === 1 ? 'book-one-on-one' : 'send-mail'],
    liveBadge: false,
  };
}

export const ACTION_LABELS: Record<ProfileAction, string> = {
  'chat-now': 'Chat Now',
  'invite-one-on-one': 'Invite One-on-One',
  'hang-out': 'Hang-out',
  'watch-now': 'Watch Now',
  'book-one-on-one': 'Book One-on-One',
  'send-mail': 'Send Mail',
};
