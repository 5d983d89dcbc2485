/**
 * The livechat bubbles' rules (spec 002 §4, §9; 001 §4), pure and on an injected clock: at most 3
 * on screen; an invite over the cap waits, higher score (weights) first, and takes a place when
 * one frees; chat and contact invites count their arrivals apart, each in a 20 s window opened by
 * its first, and the 8th chat (4th contact) arrival cycles the screen: the oldest bubble goes and
 * the newcomer shows at once, and that kind's window starts again. A broadcaster shown is not shown
 * again within 10 minutes. A shown bubble lives its lifetime (left_seconds: 45 s, contacts and
 * robots 60 s); a waiting one is dropped once older than 35 s (a robot's 50 s, spec 001 §4), as
 * showing it that late would leave too little of its time.
 */
import { LIVECHAT_INVITE } from '../../../protocol/livechat/livechat-invites';
import { LIVECHAT_HUMAN_MAX_AGE_MS, LIVECHAT_ROBOT_MAX_AGE_MS } from '../../../protocol/realtime';
import { type Bubble, isExpiring } from './rules';

export type LivechatKind = 'chat' | 'contact';

export const kindOf = (bubble: Pick<Bubble, 'data'>): LivechatKind =>
  (bubble.data as { contact?: unknown }).contact === 1 ? 'contact' : 'chat';

const scoreOf = (bubble: Bubble) => (typeof bubble.data.weights === 'number' ? bubble.data.weights : -1);

const staleWaiting = (bubble: Bubble, now: number) =>
  now - bubble.receivedAt > (bubble.data.robot ? LIVECHAT_ROBOT_MAX_AGE_MS : LIVECHAT_HUMAN_MAX_AGE_MS);

export interface BoardRules {
  maxShown: number;
  cycleAt: Record<LivechatKind, number>;
  cycleWindowMs: number;
  sameAnchorMs: number;
}

export const BOARD_RULES: BoardRules = {
  maxShown: LIVECHAT_INVITE.maxShown,
  cycleAt: { chat: LIVECHAT_INVITE.chatCycleAt, contact: LIVECHAT_INVITE.contactCycleAt },
  cycleWindowMs: LIVECHAT_INVITE.cycleWindowMs,
  sameAnchorMs: LIVECHAT_INVITE.sameAnchorMs,
};

export type Arrived = 'shown' | 'cycled' | 'waiting' | 'suppressed';

export function createLivechatBoard(rules: BoardRules = BOARD_RULES) {
  let shown: Bubble[] = [];
  let waiting: Bubble[] = [];
  const shownAt = new Map<string, number>();
  const windows: Record<LivechatKind, { start: number; count: number }> = {
    chat: { start: 0, count: 0 },
    contact: { start: 0, count: 0 },
  };

  const suppressed = (anchorId: string, now: number) => {
    const at = shownAt.get(anchorId);
    return at !== undefined && now - at < rules.sameAnchorMs;
  };

  function place(bubble: Bubble, now: number) {
    shown = [...shown, bubble];
    shownAt.set(bubble.data.anchor_id, now);
  }

  /** Counts an arrival in its kind's window; true when it is the one that cycles. */
  function count(kind: LivechatKind, now: number): boolean {
    const window = windows[kind];
    if (window.count === 0 || now - window.start >= rules.cycleWindowMs) {
      window.start = now;
      window.count = 0;
    }
    window.count++;
    if (window.count < rules.cycleAt[kind]) return false;
    window.count = 0;
    return true;
  }

  function fill(now: number) {
    while (shown.length < rules.maxShown && waiting.length > 0) {
      const [next, ...rest] = waiting;
      waiting = rest;
      if (next && !suppressed(next.data.anchor_id, now)) place(next, now);
    }
  }

  return {
    /** A new invite: shown, shown by cycling out the oldest, waiting, or suppressed (10 minutes). */
    arrive(bubble: Bubble, now: number): Arrived {
      const anchorId = bubble.data.anchor_id;
      if (suppressed(anchorId, now) || shown.some((b) => b.data.anchor_id === anchorId)) return 'suppressed';
      const cycles = count(kindOf(bubble), now);
      if (shown.length < rules.maxShown) {
        place(bubble, now);
        return 'shown';
      }
      if (cycles) {
        shown = shown.slice(1);
        place(bubble, now);
        return 'cycled';
      }
      // One waiting invite per broadcaster: her newer one replaces it.
      waiting = [...waiting.filter((b) => b.data.anchor_id !== anchorId), bubble].sort(
        (a, b) => scoreOf(b) - scoreOf(a) || a.receivedAt - b.receivedAt,
      );
      return 'waiting';
    },
    /** The timer tick: expired bubbles go, stale waiting ones are dropped, free places fill. */
    tick(now: number) {
      shown = shown.filter((b) => !isExpiring(b, now));
      waiting = waiting.filter((b) => !isExpiring(b, now) && !staleWaiting(b, now));
      fill(now);
      for (const [anchorId, at] of shownAt) if (now - at >= rules.sameAnchorMs) shownAt.delete(anchorId);
    },
    remove(id: string, now: number) {
      shown = shown.filter((b) => b.id !== id);
      waiting = waiting.filter((b) => b.id !== id);
      fill(now);
    },
    clear() {
      shown = [];
      waiting = [];
      shownAt.clear();
      windows.chat = { start: 0, count: 0 };
      windows.contact = { start: 0, count: 0 };
    },
    get shown(): readonly Bubble[] {
      return shown;
    },
    get waiting(): readonly Bubble[] {
      return waiting;
    },
  };
}

export type LivechatBoard = ReturnType<typeof createLivechatBoard>;
