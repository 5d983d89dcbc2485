/**
 * The bubbles shared between tabs (BroadcastChannel 'glimmer-bubbles'): a bubble closed in one tab
 * is closed in all; a queued invitation the leading tab showed after its display check is shown in
 * all. One tab leads (a Web Lock) so each display check, report and desktop notice happens once.
 */

import { holdLock } from '../../realtime/web-lock';
import type { Candidate } from './auto-lists';
import type { QueueKind } from './queue';

export const BUBBLE_CHANNEL = 'glimmer-bubbles';
const LEADER_LOCK = 'glimmer-bubbles-leader';

export type TabMessage =
  | { kind: 'closed'; userid: string; id: string }
  | { kind: 'shown'; userid: string; queue: QueueKind; candidate: Candidate };

export interface TabChannel {
  post(message: TabMessage): void;
  listen(handler: (message: TabMessage) => void): () => void;
  close(): void;
}

export function openTabChannel(): TabChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(BUBBLE_CHANNEL);
  return {
    post: (message) => channel.postMessage(message),
    listen(handler) {
      const onMessage = (event: MessageEvent<TabMessage>) => handler(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

/**
 * Becomes the leading tab when the lock is free (at once, or when the leader closes). Without Web
 * Locks every tab leads: checks may repeat, but nothing is lost. Returns the release function.
 */
export function claimLeadership(onLead: () => void): () => void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) {
    onLead();
    return () => {};
  }
  const lock = holdLock(locks, LEADER_LOCK, onLead);
  return () => {
    lock.cancel();
    lock.release();
  };
}
