/**
 * The invitation store with live-chat invitations (imMan/liveChatInviteNotice): they become
 * livechat bubbles by the board's rules, apart from the room invitations' stack; the leading tab
 * plays the sound and runs the display check for each one shown (not for ones found at start).
 */
import { proxy } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveChatInviteEvent, type LiveChatInviteNotice } from '../../../protocol/livechat/livechat-invites';
import type { notificationsState } from '../../state/notifications';
import type { Bubble } from './rules';
import { actionOf, createInviteStore } from './store';

type Handler = (data: unknown) => void;

function setUp() {
  const handlers = new Map<string, Set<Handler>>();
  const realtime = {
    on<T>(route: string, handler: (data: T) => void) {
      const set = handlers.get(route) ?? new Set();
      set.add(handler as Handler);
      handlers.set(route, set);
      return () => set.delete(handler as Handler);
    },
    answer() {},
  };
  const emit = (route: string, data: unknown) => {
    for (const handler of handlers.get(route) ?? []) handler(data);
  };
  const state = proxy({
    bubbles: [],
    livechat: [],
    recent: [],
    readAt: 0,
  }) as unknown as typeof notificationsState;
  const shown: { id: string; quiet: boolean }[] = [];
  const store = createInviteStore({
    state,
    realtime,
    calls: {
      display: async () => true,
      reportPublicInvite: async () => undefined,
      clickLog: async () => undefined,
      recentInvites: async () => [],
      anchorReport: async () => undefined,
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
      return () => undefined;
    },
    livechatShown: (bubble: Bubble, quiet: boolean) => shown.push({ id: bubble.id, quiet }),
  });
  return { store, state, emit, shown };
}

let n = 0;
const notice = (anchor: string, extra: Partial<LiveChatInviteNotice> = {}): LiveChatInviteNotice => {
  const id = `LCI${++n}`;
  return {
    anchor_id: anchor,
    nick_name: anchor,
    photourl: '',
    invite_id: id,
    inviteId: id,
    left_seconds: 45,
    weights: 0,
    is_auto: 1,
    contact: 0,
    charge: 1,
    response: 0,
    msg: 'Hello there.',
    msgType: 0,
    inviteType: 0,
    automaticInvite: 1,
    robot: 0,
    free: 0,
    ...extra,
  };
};

describe('live-chat invitations in the store', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('shows at most 3, the 4th waits and takes a place when one is closed; each shown is announced once', async () => {
    const { store, state, emit, shown } = setUp();
    await store.start();
    for (const a of ['A1', 'A2', 'A3', 'A4']) emit(LiveChatInviteEvent.invite, notice(a));
    expect(state.livechat.map((b) => b.data.anchor_id)).toEqual(['A1', 'A2', 'A3']);
    expect(state.bubbles).toHaveLength(0);
    expect(state.livechat[0]?.type).toBe('livechatnotice');
    expect(shown.map((s) => s.quiet)).toEqual([false, false, false]);

    store.close(state.livechat[0]?.id ?? '', 'accept');
    expect(state.livechat.map((b) => b.data.anchor_id)).toEqual(['A2', 'A3', 'A4']);
    expect(shown).toHaveLength(4);
    // The same broadcaster again within 10 minutes: not shown.
    emit(LiveChatInviteEvent.invite, notice('A1'));
    store.close(state.livechat[0]?.id ?? '', 'dismiss');
    expect(state.livechat.map((b) => b.data.anchor_id)).toEqual(['A3', 'A4']);
    store.stop();
  });

  it('a bubble goes when its 45 s are over', async () => {
    const { store, state, emit } = setUp();
    await store.start();
    emit(LiveChatInviteEvent.invite, notice('A1'));
    emit(LiveChatInviteEvent.invite, notice('A2', { contact: 1, left_seconds: 60 }));
    await vi.advanceTimersByTimeAsync(44_000);
    expect(state.livechat).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.livechat.map((b) => b.data.anchor_id)).toEqual(['A2']);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(state.livechat).toHaveLength(0);
    store.stop();
  });

  it('Chat Now opens her chat', () => {
    expect(actionOf('livechatnotice', notice('A7'))).toEqual({
      label: 'Chat Now',
      to: '/livechat',
      search: { anchorid: 'A7' },
    });
  });
});
