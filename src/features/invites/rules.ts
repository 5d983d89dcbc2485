/**
 * The bubble rules of the notification list (spec 001 §4, 000 §4–§6), pure: lifetimes, removal,
 * privileges, the visible cap, same-anchor suppression and the booking-notice de-duplication.
 * Time is always passed in, so every rule is tested with plain numbers.
 */
import {
  BUBBLE_LIFETIME_MS,
  BUBBLE_REMOVE_UNDER_MS,
  type BubbleType,
  type InviteData,
  LIVECHAT_HUMAN_MAX_AGE_MS,
  LIVECHAT_ROBOT_MAX_AGE_MS,
  MAX_VISIBLE_BUBBLES,
  SAME_ANCHOR_SUPPRESS_MS,
} from '../../../protocol/realtime';
import type { MemberPriv } from '../../../protocol/types';

/** A bubble on screen (or waiting for a free place): its id is invite_id, autoInvitationId or log_id. */
export interface Bubble {
  id: string;
  type: BubbleType;
  data: InviteData;
  /** When this tab received it (ms). */
  receivedAt: number;
  /** When its lifetime ends (ms). */
  expiresAt: number;
  lifetimeMs: number;
}

/** The types whose lifetime comes from left_seconds, else 40 s featured, else 30 s. */
const INVITE_TYPES: ReadonlySet<BubbleType> = new Set([
  'hangoutInvite',
  'askPrivate',
  'viewPublic',
  'autoInvitePublic',
  'autoInvitePrivate',
]);

const fromLeftSeconds = (data: InviteData) =>
  typeof data.left_seconds === 'number' && data.left_seconds > 0 ? data.left_seconds * 1000 : 0;

/** Lifetime in ms of a bubble of this type (spec 001 §4 "Notification lifetimes"). */
export function bubbleLifetimeMs(type: BubbleType, data: InviteData): number {
  if (INVITE_TYPES.has(type))
    return (
      fromLeftSeconds(data) || (data.is_featured ? BUBBLE_LIFETIME_MS.featured : BUBBLE_LIFETIME_MS.invite)
    );
  if (type === 'livechatnotice')
    return (
      fromLeftSeconds(data) || (data.robot ? BUBBLE_LIFETIME_MS.livechatRobot : BUBBLE_LIFETIME_MS.livechat)
    );
  if (type === 'showToStartNotice') return BUBBLE_LIFETIME_MS.showToStart;
  return BUBBLE_LIFETIME_MS.other;
}

export function makeBubble(id: string, type: BubbleType, data: InviteData, now: number): Bubble {
  const lifetimeMs = bubbleLifetimeMs(type, data);
  return { id, type, data, receivedAt: now, expiresAt: now + lifetimeMs, lifetimeMs };
}

/** The id a bubble is known by in every tab (and on the server). */
export function bubbleIdOf(data: InviteData): string {
  return data.invite_id || data.autoInvitationId || data.log_id || data.live_show_id || data.roomid || '';
}

export const timeLeftMs = (bubble: Pick<Bubble, 'expiresAt'>, now: number) =>
  Math.max(0, bubble.expiresAt - now);

/** Removed at the tick once under 282 ms remain (the tick runs every 272 ms). */
export const isExpiring = (bubble: Pick<Bubble, 'expiresAt'>, now: number) =>
  bubble.expiresAt - now < BUBBLE_REMOVE_UNDER_MS;

/** Livechat bubbles: a robot's is dropped when older than 50 s, a person's when older than 35 s. */
export const isLivechatStale = (bubble: Pick<Bubble, 'data' | 'receivedAt'>, now: number) =>
  now - bubble.receivedAt > (bubble.data.robot ? LIVECHAT_ROBOT_MAX_AGE_MS : LIVECHAT_HUMAN_MAX_AGE_MS);

/** Free places left for bubbles of the stack (invites and livechat each hold at most 3). */
export const freePlaces = (visible: number) => Math.max(0, MAX_VISIBLE_BUBBLES - visible);

export type BubblePriv = Pick<MemberPriv, 'invitation_bubble' | 'oneonone' | 'public'>;

/**
 * Whether the member may see a bubble of this type (spec 000 §6, 001 §6): any bubble needs
 * invitation_bubble; private invites (instant and automatic) also oneonone; public-room invites
 * also the public-room privilege.
 */
export function maySee(type: BubbleType, priv: BubblePriv): boolean {
  if (!priv.invitation_bubble) return false;
  if (type === 'askPrivate' || type === 'autoInvitePrivate') return Boolean(priv.oneonone);
  if (type === 'viewPublic' || type === 'autoInvitePublic') return Boolean(priv.public);
  return true;
}

/**
 * Same-anchor suppression (spec 000 §5): an anchor whose invitation was shown within the last
 * 3 minutes is not requested again. `mark` returns an undo, for the queue's roll-back when the
 * display check refuses the candidate.
 */
export function createSameAnchorRule(windowMs = SAME_ANCHOR_SUPPRESS_MS) {
  const shownAt = new Map<string, number>();
  return {
    isSuppressed(anchorId: string, now: number): boolean {
      const at = shownAt.get(anchorId);
      return at !== undefined && now - at < windowMs;
    },
    mark(anchorId: string, now: number): () => void {
      const before = shownAt.get(anchorId);
      shownAt.set(anchorId, now);
      return () => {
        if (shownAt.get(anchorId) !== now) return;
        if (before === undefined) shownAt.delete(anchorId);
        else shownAt.set(anchorId, before);
      };
    },
    prune(now: number) {
      for (const [anchorId, at] of shownAt) if (now - at >= windowMs) shownAt.delete(anchorId);
    },
  };
}

export type SameAnchorRule = ReturnType<typeof createSameAnchorRule>;

/** A booking notice of type requestWillStart is not added twice for the same roomid (spec 000 §5). */
export function createWillStartRule() {
  const rooms = new Set<string>();
  return {
    /** True the first time a room is seen; a notice without a roomid always passes. */
    accept(roomid: string | undefined): boolean {
      if (!roomid) return true;
      if (rooms.has(roomid)) return false;
      rooms.add(roomid);
      return true;
    },
  };
}
