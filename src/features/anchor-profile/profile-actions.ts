/**
 * The profile's action buttons by the broadcaster's state (spec 002 §2 "Action buttons by state"):
 * - live in a public room and the member holds the public-room privilege: Watch Now and a Live badge;
 * - online: Chat Now, plus Invite One-on-One when both hold it, plus Hang-out when both hold it;
 * - offline with the booking privilege: Book One-on-One;
 * - offline without it: Send Mail.
 * A broadcaster live in a room the member may not watch is still online, so the online row applies.
 * What she offers but his account does not (Invite or Book One-on-One without his oneonone
 * privilege, which the server requires for both) is `locked`: the page says why and how to get it
 * rather than leaving an empty space or a button the server refuses.
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

export type LockedAction = 'invite-one-on-one' | 'book-one-on-one';

export interface ProfileButtons {
  state: ProfileState;
  actions: ProfileAction[];
  liveBadge: boolean;
  locked: LockedAction[];
}

export type ProfileFacts = Pick<AnchorProfile, 'online_status' | 'is_online' | 'is_live' | 'room_type'> & {
  anchor_info: Pick<AnchorProfile['anchor_info'], 'is_live' | 'priv'>;
};

export function profileButtons(anchor: ProfileFacts, member: MemberPriv): ProfileButtons {
  const priv = anchor.anchor_info.priv;
  const live = anchor.anchor_info.is_live === 1 || anchor.is_live === 1 ? 1 : 0;
  if (member.public === 1 && isLiveInPublicRoom(anchor, live)) {
    return { state: 'live', actions: ['watch-now'], liveBadge: true, locked: [] };
  }
  if (isOnline(anchor) || live === 1) {
    const actions: ProfileAction[] = ['chat-now'];
    const locked: LockedAction[] = [];
    if (priv.oneonone === 1) {
      if (member.oneonone === 1) actions.push('invite-one-on-one');
      else locked.push('invite-one-on-one');
    }
    if (member.hangout === 1 && priv.hangout === 1) actions.push('hang-out');
    return { state: 'online', actions, liveBadge: false, locked };
  }
  if (priv.booking === 1 && member.oneonone !== 1)
    return { state: 'offline', actions: ['send-mail'], liveBadge: false, locked: ['book-one-on-one'] };
  return {
    state: 'offline',
    actions: [priv.booking === 1 ? 'book-one-on-one' : 'send-mail'],
    liveBadge: false,
    locked: [],
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
