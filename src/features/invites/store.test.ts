import { proxy } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUBBLE_REMOVE_UNDER_MS,
  BUBBLE_TICK_MS,
  EventRoute,
  type InstantInviteNotice,
  MAX_VISIBLE_BUBBLES,
} from '../../../protocol/realtime';
import type { notificationsState } from '../../state/notifications';
import type { RecentInvite } from './api';
import type { RecentEntry } from './recent';
import { actionOf, createInviteStore, type InviteCalls, type InviteStoreDeps } from './store';
import type { TabChannel, TabMessage } from './tabs';

type Handler = (data: unknown) => void;

/** The realtime client as every tab sees it: each event reaches each tab. */
function fakeRealtime() {
  const handlers = new Map<string, Set<Handler>>();
  const responders = new Map<string, (data: unknown) => unknown>();
  return {
    on<T>(route: string, handler: (data: T) => void) {
      const set = handlers.get(route) ?? new Set();
      set.add(handler as Handler);
      handlers.set(route, set);
      return () => set.delete(handler as Handler);
    },
    answer<T>(route: string, responder: (data: T) => unknown) {
      responders.set(route, responder as (data: unknown) => unknown);
    },
    emit(route: string, data: unknown) {
      for (const handler of handlers.get(route) ?? []) handler(data);
    },
    respond: (route: string, data: unknown) => responders.get(route)?.(data),
  };
}

/** A BroadcastChannel between tabs: a message reaches every other tab, never the sender. */
function fakeBus() {
  const members = new Set<{ handler: (m: TabMessage) => void }>();
  return {
    open(): TabChannel {
      const me = { handler: (_m: TabMessage) => {} };
      members.add(me);
      return {
        post: (message) => {
          for (const other of members) if (other !== me) other.handler(structuredClone(message));
        },
        listen(handler) {
          me.handler = handler;
          return () => {
            me.handler = () => {};
          };
        },
        close: () => members.delete(me),
      };
    },
  };
}

/** The Web Lock: the first tab leads; when it releases, the next waiting one does. */
function fakeLock() {
  const waiting: (() => void)[] = [];
  let held = false;
  return (onLead: () => void) => {
    let mine = false;
    const grant = () => {
      held = true;
      mine = true;
      onLead();
    };
    if (!held) grant();
    else waiting.push(grant);
    return () => {
      if (!mine) return;
      held = false;
      waiting.shift()?.();
    };
  };
}

const emptyState = () =>
  proxy({ bubbles: [], livechat: [], recent: [], readAt: 0 }) as unknown as typeof notificationsState;

const invite = (
  id: string,
  anchor = 'A2001',
  extra: Partial<InstantInviteNotice> = {},
): InstantInviteNotice => ({
  invite_id: id,
  anchor_id: anchor,
  nick_name: 'Lena',
  photourl: '/p.jpg',
  left_seconds: 180,
  ...extra,
});

const member = { invitation_bubble: 1, oneonone: 1, public: 1 } as const;

function makeTab(
  realtime: ReturnType<typeof fakeRealtime>,
  shared: {
    bus: ReturnType<typeof fakeBus>;
    lock: ReturnType<typeof fakeLock>;
    closedDb: Map<string, number>;
  },
  overrides: Partial<Omit<InviteStoreDeps, 'calls'>> & { calls?: Partial<InviteCalls> } = {},
) {
  const { calls: callOverrides, ...rest } = overrides;
  const state = emptyState();
  const saved: RecentEntry[] = [];
  const dropped: string[] = [];
  const calls: InviteCalls = {
    display: vi.fn(async () => true),
    reportPublicInvite: vi.fn(async () => undefined),
    clickLog: vi.fn(async () => undefined),
    recentInvites: vi.fn(async (): Promise<RecentInvite[]> => []),
    anchorReport: vi.fn(async () => undefined),
    ...callOverrides,
  };
  const notify = vi.fn();
  const marquee = { start: vi.fn(), stop: vi.fn() };
  const store = createInviteStore({
    state,
    realtime,
    calls,
    storage: {
      saveRecent: async (entry) => saved.push(entry),
      dropRecent: async (id) => dropped.push(id),
      saveClosed: async (id, _userid, until) => shared.closedDb.set(id, until),
      readClosed: async () => [...shared.closedDb.keys()],
    },
    channel: shared.bus.open(),
    userid: () => 'M1001',
    priv: () => member,
    claimLeadership: shared.lock,
    notify,
    marquee,
    random: () => 0.99,
    ...rest,
  });
  return { store, state, calls, saved, dropped, notify, marquee };
}

const ids = (state: typeof notificationsState) => state.bubbles.map((b) => b.id);
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the invitation store', () => {
  let realtime: ReturnType<typeof fakeRealtime>;
  let shared: Parameters<typeof makeTab>[1];

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    realtime = fakeRealtime();
    shared = { bus: fakeBus(), lock: fakeLock(), closedDb: new Map() };
  });
  afterEach(() => vi.useRealTimers());

  it('shows an instant invitation once in every tab and answers is_show 1', async () => {
    const a = makeTab(realtime, shared);
    const b = makeTab(realtime, shared);
    await a.store.start();
    await b.store.start();
    realtime.emit(EventRoute.instantInvite, invite('inv1'));
    realtime.emit(EventRoute.instantInvite, invite('inv1'));
    expect(ids(a.state)).toEqual(['inv1']);
    expect(ids(b.state)).toEqual(['inv1']);
    expect(a.state.bubbles[0]?.type).toBe('askPrivate');
    expect(realtime.respond(EventRoute.instantInvite, invite('inv1'))).toEqual({ is_show: 1 });
    expect(a.marquee.start).toHaveBeenCalled();
    expect(a.saved[0]).toMatchObject({ list: 'oneOnOne', id: 'inv1', userid: 'M1001' });
  });

  it('an instant invitation the server withdraws leaves no bubble and no recent entry, in any tab', async () => {
    const a = makeTab(realtime, shared);
    const b = makeTab(realtime, shared);
    await a.store.start();
    await b.store.start();
    realtime.emit(EventRoute.instantInvite, invite('inv1'));
    realtime.emit(EventRoute.instantInvite, invite('inv2', 'A2002'));
    expect(ids(a.state)).toEqual(['inv1', 'inv2']);
    realtime.emit(EventRoute.instantInviteWithdrawn, { invite_id: 'inv1' });
    expect(ids(a.state)).toEqual(['inv2']);
    expect(ids(b.state)).toEqual(['inv2']);
    expect(a.dropped).toEqual(['inv1']);
    // A late copy of the notice does not bring it back.
    realtime.emit(EventRoute.instantInvite, invite('inv1'));
    expect(ids(a.state)).toEqual(['inv2']);
  });

  it('answers is_show 0 and shows nothing without the privileges', async () => {
    const a = makeTab(realtime, shared, { priv: () => ({ invitation_bubble: 1, oneonone: 0, public: 1 }) });
    await a.store.start();
    realtime.emit(EventRoute.instantInvite, invite('inv1'));
    expect(ids(a.state)).toEqual([]);
    expect(realtime.respond(EventRoute.instantInvite, invite('inv1'))).toEqual({ is_show: 0 });
  });

  it('a bubble clicked in one tab disappears in every tab and stays closed after a reload', async () => {
    const a = makeTab(realtime, shared);
    const b = makeTab(realtime, shared);
    await a.store.start();
    await b.store.start();
    realtime.emit(EventRoute.instantInvite, invite('inv1'));
    realtime.emit(EventRoute.instantInvite, invite('inv2', 'A2002'));
    const clicked = b.store.close('inv1', 'accept');
    expect(clicked?.type).toBe('askPrivate');
    expect(ids(a.state)).toEqual(['inv2']);
    expect(ids(b.state)).toEqual(['inv2']);
    a.store.close('inv2', 'dismiss');
    expect(ids(b.state)).toEqual([]);
    // A late copy of the event does not bring it back.
    realtime.emit(EventRoute.instantInvite, invite('inv1'));
    expect(ids(a.state)).toEqual([]);
    // A reloaded tab gets the invitations still alive from the server, but not the closed ones.
    a.store.stop();
    b.store.stop();
    const c = makeTab(realtime, shared, {
      calls: {
        recentInvites: async () => [
          { type: 'askPrivate', data: invite('inv1') },
          { type: 'askPrivate', data: invite('inv3', 'A2003') },
        ],
      },
    });
    await c.store.start();
    expect(ids(c.state)).toEqual(['inv3']);
    // Shown from the list, it is reported to the broadcaster (the live event's answer did that before).
    expect(c.calls.anchorReport).toHaveBeenCalledWith('inv3');
  });

  it('removes a bubble when under 282 ms remain, checked every 272 ms', async () => {
    const a = makeTab(realtime, shared);
    await a.store.start();
    realtime.emit(EventRoute.instantInvite, invite('short', 'A2001', { left_seconds: 2 }));
    // Under 282 ms are left from 1718 ms on; the first tick after that removes it.
    await vi.advanceTimersByTimeAsync(2_000 - BUBBLE_REMOVE_UNDER_MS);
    expect(ids(a.state)).toEqual(['short']);
    await vi.advanceTimersByTimeAsync(BUBBLE_TICK_MS);
    expect(ids(a.state)).toEqual([]);
  });

  it('shows at most 3; the next takes the first free place', async () => {
    const a = makeTab(realtime, shared);
    await a.store.start();
    for (let i = 0; i < 5; i++) realtime.emit(EventRoute.instantInvite, invite(`i${i}`, `A${i}`));
    expect(ids(a.state)).toEqual(['i0', 'i1', 'i2']);
    expect(a.state.bubbles).toHaveLength(MAX_VISIBLE_BUBBLES);
    a.store.close('i1', 'dismiss');
    expect(ids(a.state)).toEqual(['i0', 'i2', 'i3']);
  });

  it('runs display checks in the leading tab only; the others show what it showed', async () => {
    const a = makeTab(realtime, shared);
    const b = makeTab(realtime, shared);
    await a.store.start();
    await b.store.start();
    expect(a.store.leading).toBe(true);
    expect(b.store.leading).toBe(false);
    realtime.emit(EventRoute.autoInvitePublic, {
      anchor_id: 'A2005',
      nickname: 'Mia',
      photourl: '',
      autoInvitationId: 'auto1',
    });
    await flush();
    expect(a.calls.display).toHaveBeenCalledTimes(1);
    expect(b.calls.display).not.toHaveBeenCalled();
    expect(ids(a.state)).toEqual(['auto1']);
    expect(ids(b.state)).toEqual(['auto1']);
    expect(b.store.queued('public')).toHaveLength(0);
    b.store.close('auto1', 'accept');
    expect(b.calls.clickLog).toHaveBeenCalledTimes(1);
    expect(ids(a.state)).toEqual([]);
  });

  it('drops an automatic invitation the display check refuses', async () => {
    const a = makeTab(realtime, shared, { calls: { display: vi.fn(async () => false) } });
    await a.store.start();
    realtime.emit(EventRoute.autoInvitePrivate, {
      anchor_id: 'A2005',
      nick_name: 'Mia',
      photourl: '',
      autoInvitationId: 'auto2',
    });
    await flush();
    expect(ids(a.state)).toEqual([]);
    expect(a.store.queued('private')).toHaveLength(0);
  });

  it('a follower takes over the queue when the leading tab closes', async () => {
    let answer: (ok: boolean) => void = () => {};
    const a = makeTab(realtime, shared, { calls: { display: () => new Promise<boolean>(() => {}) } });
    const b = makeTab(realtime, shared, {
      calls: { display: () => new Promise<boolean>((r) => (answer = r)) },
    });
    await a.store.start();
    await b.store.start();
    realtime.emit(EventRoute.hangoutInvite, {
      anchor_id: 'A2006',
      nick_name: 'Zoe',
      photourl: '',
      invite_id: 'h1',
    });
    await flush();
    a.store.stop();
    expect(b.store.leading).toBe(true);
    answer(true);
    await flush();
    expect(ids(b.state)).toEqual(['h1']);
    expect(b.state.bubbles[0]?.type).toBe('hangoutInvite');
  });

  it('a hang-out bubble with its friends list reaches the other tab and stays plain data', async () => {
    const a = makeTab(realtime, shared);
    const b = makeTab(realtime, shared);
    await a.store.start();
    await b.store.start();
    // The server's hang-out notice carries nested data: once in the valtio state, nested arrays of
    // the same objects would become proxies, which BroadcastChannel and IndexedDB cannot clone.
    realtime.emit(EventRoute.hangoutInvite, {
      anchor_id: 'A2006',
      nick_name: 'Zoe',
      photourl: '',
      invite_id: 'h2',
      is_auto: 1,
      friendsList: [{ anchor_id: 'A2007', nickname: 'Mia', photourl: '' }],
    });
    await flush();
    expect(ids(a.state)).toEqual(['h2']);
    expect(ids(b.state)).toEqual(['h2']);
    expect(b.state.bubbles[0]?.data.friendsList?.[0]?.nickname).toBe('Mia');
    expect(() => structuredClone(a.saved[0])).not.toThrow();
  });

  it('reports a public invite once, from the leading tab', async () => {
    const a = makeTab(realtime, shared);
    const b = makeTab(realtime, shared);
    await a.store.start();
    await b.store.start();
    realtime.emit(EventRoute.publicInvite, {
      anchor_id: 'A2001',
      nick_name: 'Lena',
      photourl: '',
      log_id: 'log9',
    });
    expect(ids(b.state)).toEqual(['log9']);
    expect(b.state.bubbles[0]?.type).toBe('viewPublic');
    expect(a.calls.reportPublicInvite).toHaveBeenCalledWith('log9', 0);
    expect(b.calls.reportPublicInvite).not.toHaveBeenCalled();
    expect(a.notify).toHaveBeenCalledTimes(1);
    expect(b.notify).not.toHaveBeenCalled();
  });

  it('does not add a requestWillStart notice twice for the same roomid', async () => {
    const a = makeTab(realtime, shared);
    await a.store.start();
    const notice = {
      type: 'requestWillStart',
      data: { anchor_id: 'A2001', nick_name: 'Lena', photourl: '', roomid: 'R1' },
    };
    realtime.emit(EventRoute.bookingNotice, notice);
    a.store.close(a.state.bubbles[0]?.id ?? '', 'dismiss');
    realtime.emit(EventRoute.bookingNotice, notice);
    expect(ids(a.state)).toEqual([]);
    realtime.emit(EventRoute.bookingNotice, { ...notice, data: { ...notice.data, roomid: 'R2' } });
    expect(a.state.bubbles.map((b) => b.type)).toEqual(['requestWillStart']);
  });

  it('turns each notice into its bubble type', async () => {
    const a = makeTab(realtime, shared);
    await a.store.start();
    realtime.emit(EventRoute.scheduledInvite, {
      anchor_id: 'A1',
      nick_name: 'L',
      photourl: '',
      invite_id: 's1',
    });
    realtime.emit(EventRoute.manShowToStart, {
      type: 1,
      msg: 'Starting soon',
      show_info: { anchor_id: 'A2', anchor_nickname: 'Ann', live_show_id: 'show7', cover: '/c.jpg' },
    });
    realtime.emit(EventRoute.scheduleStart, {
      anchor_id: 'A3',
      anchor_nickname: 'Kim',
      anchor_avatar: '/k.jpg',
    });
    expect(a.state.bubbles.map((b) => [b.type, b.data.nick_name])).toEqual([
      ['askRequest', 'L'],
      ['showToStartNotice', 'Ann'],
      ['requestWillStart', 'Kim'],
    ]);
    expect(a.state.bubbles[1]?.lifetimeMs).toBe(240_000);
  });

  it('stops cleanly: no bubbles, no handlers', async () => {
    const a = makeTab(realtime, shared);
    await a.store.start();
    realtime.emit(EventRoute.instantInvite, invite('inv1'));
    a.store.stop();
    expect(ids(a.state)).toEqual([]);
    realtime.emit(EventRoute.instantInvite, invite('inv2'));
    expect(ids(a.state)).toEqual([]);
  });
});

describe('bubble buttons (spec 001 §2)', () => {
  it('lead to the rooms with the anchor', () => {
    const data = { anchor_id: 'A2001', nick_name: 'Lena', photourl: '', invite_id: 'i1' };
    expect(actionOf('askPrivate', data)).toMatchObject({
      label: 'Accept',
      to: '/live',
      search: { anchorid: 'A2001', type: 'private' },
    });
    expect(actionOf('viewPublic', data)).toMatchObject({ label: 'Watch Now', search: { type: 'public' } });
    expect(actionOf('hangoutInvite', data)?.label).toBe('Hang-out Now');
    expect(actionOf('askRequest', data)?.label).toBe('View Booking');
    expect(actionOf('showToStartNotice', data)?.label).toBe('Join Now');
    expect(actionOf('livechatnotice', data)?.label).toBe('Chat Now');
    // A booked or accepted One-on-One that is about to start opens its room.
    expect(actionOf('requestWillStart', { ...data, roomid: 'PVr1' })).toEqual({
      label: 'Start Now',
      to: '/live',
      search: { anchorid: 'A2001', type: 'private', roomid: 'PVr1' },
    });
  });
});
