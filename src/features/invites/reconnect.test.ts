import { proxy } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeStatus } from '../../realtime/contract';
import type { notificationsState } from '../../state/notifications';
import type { RecentInvite } from './api';
import { createInviteStore } from './store';

/** One tab's realtime client: events by route and the connection status the socket announces. */
function fakeRealtime() {
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  let status: RealtimeStatus = 'idle';
  return {
    on: () => () => {},
    answer: () => {},
    get status() {
      return status;
    },
    onStatus(listener: (status: RealtimeStatus) => void) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    announce(next: RealtimeStatus) {
      status = next;
      for (const listener of statusListeners) listener(next);
    },
  };
}

const instant = (id: string, anchor: string): RecentInvite => ({
  type: 'askPrivate',
  data: { invite_id: id, anchor_id: anchor, nick_name: 'Lena', photourl: '/p.jpg', left_seconds: 180 },
});

function setup() {
  const realtime = fakeRealtime();
  const state = proxy({
    bubbles: [],
    livechat: [],
    recent: [],
    readAt: 0,
  }) as unknown as typeof notificationsState;
  let recent: RecentInvite[] = [];
  const recentInvites = vi.fn(async () => recent);
  const marquee = { start: vi.fn(), stop: vi.fn() };
  const anchorReport = vi.fn(async () => undefined);
  const store = createInviteStore({
    state,
    realtime,
    calls: {
      display: async () => true,
      reportPublicInvite: async () => undefined,
      clickLog: async () => undefined,
      recentInvites,
      anchorReport,
    },
    storage: {
      saveRecent: async () => undefined,
      dropRecent: async () => undefined,
      saveClosed: async () => undefined,
      readClosed: async () => [],
    },
    channel: null,
    userid: () => 'M1001',
    priv: () => ({ invitation_bubble: 1, oneonone: 1, public: 1 }),
    claimLeadership: (onLead) => {
      onLead();
      return () => {};
    },
    marquee,
  });
  return {
    store,
    state,
    realtime,
    recentInvites,
    marquee,
    anchorReport,
    setRecent: (items: RecentInvite[]) => {
      recent = items;
    },
  };
}

/** Lets the awaited calls (storage, recent invites) settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('invitations after a dropped connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reloads the recent invitations when the socket is back, showing missed ones without the marquee', async () => {
    const t = setup();
    t.setRecent([instant('I1', 'A2001')]);
    await t.store.start();
    t.realtime.announce('connecting');
    t.realtime.announce('online');
    await settle();
    // Start read the list once; the first connection does not read it again.
    expect(t.recentInvites).toHaveBeenCalledTimes(1);
    expect(t.state.bubbles.map((b) => b.id)).toEqual(['I1']);
    t.marquee.start.mockClear();

    // The connection drops; an invitation is sent meanwhile; the socket reconnects.
    t.realtime.announce('offline');
    t.realtime.announce('connecting');
    t.setRecent([instant('I2', 'A2002'), instant('I1', 'A2001')]);
    t.realtime.announce('online');
    await settle();
    expect(t.recentInvites).toHaveBeenCalledTimes(2);
    expect(t.state.bubbles.map((b) => b.id)).toEqual(['I1', 'I2']);
    expect(t.marquee.start).not.toHaveBeenCalled();
    // Each instant invitation found in the list is reported as shown once: I1 at start, I2 now.
    expect(t.anchorReport.mock.calls).toEqual([['I1'], ['I2']]);
    t.store.stop();
  });

  it('a bubble closed before the drop does not come back', async () => {
    const t = setup();
    t.setRecent([instant('I1', 'A2001')]);
    await t.store.start();
    t.realtime.announce('online');
    await settle();
    t.store.close('I1', 'dismiss');
    t.realtime.announce('connecting');
    t.realtime.announce('online');
    await settle();
    expect(t.recentInvites).toHaveBeenCalledTimes(2);
    expect(t.state.bubbles).toEqual([]);
    t.store.stop();
  });

  it('a fresh start after sign-out (idle) is not a reconnect', async () => {
    const t = setup();
    await t.store.start();
    t.realtime.announce('online');
    t.realtime.announce('idle');
    t.realtime.announce('connecting');
    t.realtime.announce('online');
    await settle();
    expect(t.recentInvites).toHaveBeenCalledTimes(1);
    t.store.stop();
    // Stopped: status changes no longer reach the store.
    t.realtime.announce('offline');
    t.realtime.announce('online');
    await settle();
    expect(t.recentInvites).toHaveBeenCalledTimes(1);
  });

  it('a socket already online when the store starts still counts a later drop', async () => {
    const t = setup();
    t.realtime.announce('connecting');
    t.realtime.announce('online');
    t.setRecent([instant('I1', 'A2001')]);
    await t.store.start();
    await settle();
    expect(t.recentInvites).toHaveBeenCalledTimes(1);
    t.realtime.announce('connecting');
    t.setRecent([instant('I2', 'A2002'), instant('I1', 'A2001')]);
    t.realtime.announce('online');
    await settle();
    expect(t.recentInvites).toHaveBeenCalledTimes(2);
    expect(t.state.bubbles.map((b) => b.id)).toEqual(['I1', 'I2']);
    t.store.stop();
  });
});
