/**
 * The invitation store: realtime events become bubbles (spec 001 §2–§4). Every tab receives every
 * event and builds the same bubbles, each once (by id); a bubble closed in one tab is closed in all
 * (BroadcastChannel). Queued invitations (automatic ones and hang-outs) pass a server display check
 * run by the leading tab only, which then tells the others to show them. The clock, random source,
 * calls, storage and channel are injected, so the whole flow is tested in node with fake timers.
 */
import {
  BUBBLE_LIFETIME_MS,
  BUBBLE_TICK_MS,
  type BubbleType,
  EventRoute,
  type InviteData,
  MAX_VISIBLE_BUBBLES,
} from '../../../protocol/realtime';
import type { RealtimeClient, RealtimeStatus } from '../../realtime/contract';
import type { notificationsState } from '../../state/notifications';
import type { RecentInvite } from './api';
import type { Candidate } from './auto-lists';
import { type Arrival, arrivalOf, arrivalOfRecent, MEMBER_EVENT_ROUTES } from './events';
import { createLivechatBoard } from './livechat-board';
import { BUBBLE_TYPE_OF, createInviteQueue, type QueueKind } from './queue';
import { type RecentEntry, recentEntry, recentListOf } from './recent';
import {
  type Bubble,
  type BubblePriv,
  createSameAnchorRule,
  createWillStartRule,
  isExpiring,
  makeBubble,
  maySee,
} from './rules';
import type { TabChannel, TabMessage } from './tabs';

export interface InviteCalls {
  display(kind: QueueKind, candidate: Candidate): Promise<boolean>;
  /** The public invite was shown (type 0). */
  reportPublicInvite(logId: string, type: 0 | 1): Promise<unknown>;
  /** An accepted bubble's click log (automatic invitations, hang-outs, public invites). */
  clickLog(bubble: Bubble): Promise<unknown>;
  recentInvites(): Promise<RecentInvite[]>;
  /** imLady/instantInviteAnchorReport: an instant invitation from the recent list was shown. */
  anchorReport(inviteId: string): Promise<unknown>;
}

export interface InviteStorage {
  saveRecent(entry: RecentEntry): Promise<unknown>;
  /** Forgets an invitation in the recent lists (one the server withdrew). */
  dropRecent(id: string, userid: string): Promise<unknown>;
  saveClosed(id: string, userid: string, until: number): Promise<unknown>;
  readClosed(userid: string): Promise<string[]>;
}

export interface InviteStoreDeps {
  state: typeof notificationsState;
  realtime: Pick<RealtimeClient, 'on' | 'answer'> & Partial<Pick<RealtimeClient, 'onStatus' | 'status'>>;
  calls: InviteCalls;
  storage: InviteStorage;
  channel: TabChannel | null;
  userid: () => string;
  priv: () => BubblePriv;
  /** Calls `onLead` once this tab leads; returns the release. */
  claimLeadership: (onLead: () => void) => () => void;
  /** A desktop notice for a new bubble (the leading tab only; the notifier checks hidden/granted). */
  notify?: (bubble: Bubble) => void;
  /**
   * A livechat bubble took a place (the leading tab): its sound (not for ones found at start,
   * `quiet`) and its display check.
   */
  livechatShown?: (bubble: Bubble, quiet: boolean) => void;
  /** The title marquee after an invitation. */
  marquee?: { start(): void; stop(): void };
  now?: () => number;
  random?: () => number;
}

/** How long a closed id is remembered: past any lifetime it could still have. */
const CLOSED_MEMORY_MS = BUBBLE_LIFETIME_MS.showToStart;

export function createInviteStore(deps: InviteStoreDeps) {
  const { state } = deps;
  const now = deps.now ?? Date.now;
  const sameAnchor = createSameAnchorRule();
  const willStart = createWillStartRule();
  /** Live-chat invitations: cap, score queue, cycles and the 10 minutes (livechat-board.ts). */
  const livechatBoard = createLivechatBoard();
  /** Every id this tab has handled: an invitation is shown once per tab. */
  const known = new Set<string>();
  const closed = new Set<string>();
  /** Instant invitations loaded from the recent list: no socket answer reported them yet. */
  const unreported = new Set<string>();
  /** Direct bubbles waiting for a free place (they go before queued ones). */
  let waiting: Bubble[] = [];
  let leading = false;
  let started = false;
  let cleanups: (() => void)[] = [];

  const queue = createInviteQueue({
    display: (kind, candidate) => deps.calls.display(kind, candidate),
    show: (kind, candidate) => {
      const bubble = makeBubble(candidate.id, BUBBLE_TYPE_OF[kind], candidate.data, now());
      // Posted before the state takes the bubble: see show().
      post({ kind: 'shown', userid: deps.userid(), queue: kind, candidate });
      show(bubble);
    },
    visibleCount: () => state.bubbles.length + waiting.length,
    sameAnchor,
    random: deps.random,
    now,
  });

  const post = (message: TabMessage) => deps.channel?.post(message);
  const isVisible = (id: string) =>
    state.bubbles.some((b) => b.id === id) || state.livechat.some((b) => b.id === id);

  let catchingUp = false;

  function show(bubble: Bubble) {
    if (closed.has(bubble.id) || isVisible(bubble.id)) return;
    known.add(bubble.id);
    // Copied for IndexedDB (and, for a queued one, posted to the other tabs) before the state takes
    // the bubble: valtio turns the nested arrays it adopts (a hang-out's friendsList) into proxies
    // in place, which neither IndexedDB nor BroadcastChannel can clone.
    const list = recentListOf(bubble.type);
    if (list)
      void deps.storage.saveRecent(
        recentEntry(list, deps.userid(), bubble.id, bubble.type, structuredClone(bubble.data), now()),
      );
    if (bubble.type === 'livechatnotice') state.livechat.push(bubble);
    else state.bubbles.push(bubble);
    // The 3-minute rule is the room invitations'; livechat bubbles keep their own 10 minutes.
    if (bubble.type !== 'livechatnotice') sameAnchor.mark(bubble.data.anchor_id, now());
    // The marquee announces an invitation as it arrives, not the ones found at start.
    if (!catchingUp) deps.marquee?.start();
    if (!leading) return;
    deps.notify?.(bubble);
    if (bubble.type === 'livechatnotice') deps.livechatShown?.(bubble, catchingUp);
    if (bubble.type === 'viewPublic' && bubble.data.log_id)
      deps.calls.reportPublicInvite(bubble.data.log_id, 0).catch(warn('report public invite'));
    if (unreported.delete(bubble.id)) deps.calls.anchorReport(bubble.id).catch(warn('anchor report'));
  }

  function arrive(arrival: Arrival | null) {
    if (!started || !arrival || known.has(arrival.id) || closed.has(arrival.id)) return;
    const type = arrival.route === 'direct' ? arrival.type : BUBBLE_TYPE_OF[arrival.queue];
    if (!maySee(type, deps.priv())) return;
    if (type === 'requestWillStart' && !willStart.accept(arrival.data.roomid)) return;
    known.add(arrival.id);
    if (arrival.route === 'queued') {
      queue.add(arrival.queue, { id: arrival.id, data: arrival.data, receivedAt: now() });
      if (leading) void queue.refill();
      return;
    }
    const bubble = makeBubble(arrival.id, arrival.type, arrival.data, now());
    if (bubble.type === 'livechatnotice') {
      livechatBoard.arrive(bubble, now());
      syncLivechat();
      return;
    }
    if (state.bubbles.length < MAX_VISIBLE_BUBBLES && waiting.length === 0) show(bubble);
    else waiting.push(bubble);
  }

  /**
   * imLady/instantInviteWithdrawNotice: the server sent an instant invitation before storing it and
   * the insert failed, so it does not exist: its bubble and recent entry go. Every tab gets the
   * event itself, so nothing is posted to the others.
   */
  function withdraw(payload: unknown) {
    const id =
      typeof payload === 'object' && payload !== null ? (payload as { invite_id?: unknown }).invite_id : '';
    if (typeof id !== 'string' || id === '') return;
    closed.add(id);
    known.add(id);
    unreported.delete(id);
    removeLocal(id);
    void deps.storage.dropRecent(id, deps.userid());
  }

  /** The livechat stack follows the board: new places are shown (once), the others go. */
  function syncLivechat() {
    const next = livechatBoard.shown;
    const keep = (b: Bubble) => next.some((n) => n.id === b.id);
    if (state.livechat.some((b) => !keep(b))) state.livechat = state.livechat.filter(keep);
    for (const bubble of next) if (!state.livechat.some((b) => b.id === bubble.id)) show(bubble);
  }

  function removeLocal(id: string) {
    livechatBoard.remove(id, now());
    state.bubbles = state.bubbles.filter((b) => b.id !== id);
    state.livechat = state.livechat.filter((b) => b.id !== id);
    waiting = waiting.filter((b) => b.id !== id);
    queue.remove(id);
    syncLivechat();
  }

  /** The 272 ms tick: expired bubbles go, waiting ones take free places, the queue refills. */
  function tick() {
    const at = now();
    const keep = (b: Bubble) => !isExpiring(b, at);
    if (state.bubbles.some((b) => !keep(b))) state.bubbles = state.bubbles.filter(keep);
    livechatBoard.tick(at);
    syncLivechat();
    waiting = waiting.filter(keep);
    while (waiting.length > 0 && state.bubbles.length < MAX_VISIBLE_BUBBLES) {
      const next = waiting.shift();
      if (next) show(next);
    }
    sameAnchor.prune(at);
    if (leading) void queue.refill();
  }

  function onTabMessage(message: TabMessage) {
    if (message.userid !== deps.userid()) return;
    if (message.kind === 'closed') {
      closed.add(message.id);
      known.add(message.id);
      removeLocal(message.id);
      return;
    }
    known.add(message.candidate.id);
    queue.remove(message.candidate.id);
    show(makeBubble(message.candidate.id, BUBBLE_TYPE_OF[message.queue], message.candidate.data, now()));
  }

  async function start() {
    if (started) return;
    started = true;
    for (const route of MEMBER_EVENT_ROUTES) {
      cleanups.push(deps.realtime.on(route, (data) => arrive(arrivalOf(route, data))));
    }
    cleanups.push(deps.realtime.on(EventRoute.instantInviteWithdrawn, withdraw));
    deps.realtime.answer(EventRoute.instantInvite, () => ({
      is_show: maySee('askPrivate', deps.priv()) ? 1 : 0,
    }));
    if (deps.channel) cleanups.push(deps.channel.listen(onTabMessage));
    const timer = setInterval(tick, BUBBLE_TICK_MS);
    cleanups.push(() => clearInterval(timer));
    cleanups.push(
      deps.claimLeadership(() => {
        leading = true;
        void queue.refill();
      }),
    );
    if (deps.realtime.onStatus) cleanups.push(deps.realtime.onStatus(watchReconnect()));
    const userid = deps.userid();
    for (const id of await deps.storage.readClosed(userid)) closed.add(id);
    if (!started) return;
    await loadRecent();
  }

  /** Invitations sent while the member was away, before this tab opened or while the socket was down. */
  async function loadRecent() {
    const userid = deps.userid();
    try {
      const items = await deps.calls.recentInvites();
      if (!started || deps.userid() !== userid) return;
      catchingUp = true;
      try {
        for (const item of items) {
          const arrival = arrivalOfRecent(item);
          if (arrival?.route === 'direct' && arrival.type === 'askPrivate' && !known.has(arrival.id))
            unreported.add(arrival.id);
          arrive(arrival);
        }
      } finally {
        catchingUp = false;
      }
    } catch (error) {
      warn('load recent invites')(error);
    }
  }

  /**
   * A dropped connection: back 'online' after 'offline' or 'connecting' that followed an 'online'.
   * Events sent meanwhile never reached us, so the recent invitations are read again (the first
   * connection needs no reload: start() reads them). The socket may be online already when the
   * store starts (the realtime client can start first), so the current status is the first one.
   */
  function watchReconnect() {
    let wasOnline = deps.realtime.status === 'online';
    let dropped = false;
    return (status: RealtimeStatus) => {
      if (status === 'online') {
        if (dropped) void loadRecent();
        wasOnline = true;
        dropped = false;
      } else if (status === 'offline' || status === 'connecting') {
        dropped = wasOnline;
      } else {
        wasOnline = false;
        dropped = false;
      }
    };
  }

  function stop() {
    started = false;
    leading = false;
    for (const cleanup of cleanups) cleanup();
    cleanups = [];
    queue.clear();
    known.clear();
    closed.clear();
    unreported.clear();
    waiting = [];
    livechatBoard.clear();
    state.bubbles = [];
    state.livechat = [];
    deps.marquee?.stop();
  }

  /**
   * The member clicked the bubble's button ('accept', logged for automatic, hang-out and public
   * invitations) or its
   * close x ('dismiss'). Either way it goes, here and in every other tab, and stays gone.
   */
  function close(id: string, how: 'accept' | 'dismiss'): Bubble | undefined {
    const bubble = state.bubbles.find((b) => b.id === id) ?? state.livechat.find((b) => b.id === id);
    closed.add(id);
    known.add(id);
    removeLocal(id);
    const userid = deps.userid();
    post({ kind: 'closed', userid, id });
    void deps.storage.saveClosed(id, userid, Math.max(bubble?.expiresAt ?? 0, now() + CLOSED_MEMORY_MS));
    if (bubble && how === 'accept' && isLogged(bubble.type))
      deps.calls.clickLog(bubble).catch(warn('click log'));
    tick();
    return bubble ? { ...bubble, data: { ...bubble.data } } : undefined;
  }

  return {
    start,
    stop,
    close,
    /** For tests and the UI's debugging: the internals' sizes. */
    get leading() {
      return leading;
    },
    waitingCount: () => waiting.length,
    queued: (kind: QueueKind) => queue.list(kind),
    refill: () => queue.refill(),
    tick,
  };
}

export type InviteStore = ReturnType<typeof createInviteStore>;

const LOGGED: ReadonlySet<BubbleType> = new Set([
  'autoInvitePublic',
  'autoInvitePrivate',
  'hangoutInvite',
  'viewPublic',
]);
const isLogged = (type: BubbleType) => LOGGED.has(type);

const warn = (what: string) => (error: unknown) =>
  console.warn(`[invites] ${what} failed:`, error instanceof Error ? error.message : error);

/** Where a bubble's button leads (spec 001 §2 buttons). */
export function actionOf(
  type: BubbleType,
  data: InviteData,
): { label: string; to: string; search: Record<string, string> } | null {
  const anchorid = data.anchor_id;
  switch (type) {
    case 'askPrivate':
      return {
        label: 'Accept',
        to: '/live',
        search: { anchorid, type: 'private', anchor_inviteid: data.invite_id ?? '' },
      };
    case 'autoInvitePrivate':
      return { label: 'Accept', to: '/live', search: { anchorid, type: 'private', isauto: '1' } };
    case 'viewPublic':
      return { label: 'Watch Now', to: '/live', search: { anchorid, type: 'public' } };
    case 'autoInvitePublic':
      return { label: 'Watch Now', to: '/live', search: { anchorid, type: 'public', isauto: '1' } };
    case 'hangoutInvite':
      return { label: 'Hang-out Now', to: '/hangout', search: { id: anchorid } };
    case 'showToStartNotice':
      return {
        label: 'Join Now',
        to: '/live',
        search: { anchorid, type: 'public', liveShowid: data.live_show_id ?? '' },
      };
    case 'askRequest':
      return { label: 'View Booking', to: '/liverequest/tag3', search: {} }; // her scheduled invitations
    case 'requestWillStart':
      return {
        label: 'Start Now',
        to: '/live',
        search: { anchorid, type: 'private', roomid: data.roomid ?? '' },
      };
    case 'livechatnotice':
      return { label: 'Chat Now', to: '/livechat', search: { anchorid } };
    default:
      return null;
  }
}
