import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventRoute } from '../../protocol/realtime';
import type { OwnUserInfo } from '../../protocol/types';
import { balancesState } from '../state/balances';
import { userState } from '../state/user';
import type { RealtimeClient, RealtimeStatus } from './contract';
import { applyChatminNotice, applyCreditNotice, installRealtimeHandlers } from './handlers';
import { kickoffState } from './kickoff-state';

/** A client whose events are raised by hand. */
function fakeClient() {
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const client: RealtimeClient & { emit(route: string, data: unknown): void } = {
    status: 'online' as RealtimeStatus,
    start: vi.fn(),
    stop: vi.fn(),
    on(route, handler) {
      const set = handlers.get(route) ?? new Set();
      handlers.set(route, set);
      set.add(handler as (data: unknown) => void);
      return () => set.delete(handler as (data: unknown) => void);
    },
    answer: vi.fn(),
    request: vi.fn(),
    onStatus: () => () => {},
    emit(route, data) {
      for (const handler of handlers.get(route) ?? []) handler(data);
    },
  };
  return client;
}

beforeEach(() => {
  Object.assign(balancesState, { credit: 10, poststamp: 0, chatmin: 0, lowCredit: false });
  Object.assign(kickoffState, { open: false, loginPage: '' });
  userState.me = null;
});

describe('credit notices', () => {
  it('sets the credit, ignores negative values, and clears the low-credit flag above 1', () => {
    const client = fakeClient();
    installRealtimeHandlers(client, { endSession: async () => {} });
    client.emit(EventRoute.lackOfCredit, {});
    expect(balancesState.lowCredit).toBe(true);
    client.emit(EventRoute.credit, { credit: -3 });
    expect(balancesState.credit).toBe(10);
    client.emit(EventRoute.credit, { credit: 0.5 });
    expect(balancesState).toMatchObject({ credit: 0.5, lowCredit: true });
    client.emit(EventRoute.credit, { credit: 1 });
    expect(balancesState).toMatchObject({ credit: 1, lowCredit: true });
    client.emit(EventRoute.credit, { credit: 1.25 });
    expect(balancesState).toMatchObject({ credit: 1.25, lowCredit: false });
  });

  it('ignores a notice without a number', () => {
    applyCreditNotice({});
    applyCreditNotice(null);
    applyCreditNotice({ credit: Number.NaN });
    expect(balancesState.credit).toBe(10);
  });
});

describe('chat-minute notices', () => {
  it('sets his chat minutes from the socket and stops listening when uninstalled', () => {
    const client = fakeClient();
    const uninstall = installRealtimeHandlers(client, { endSession: async () => {} });
    client.emit(EventRoute.chatmin, { chatmin: 105 });
    expect(balancesState.chatmin).toBe(105);
    client.emit(EventRoute.chatmin, { chatmin: 0 });
    expect(balancesState.chatmin).toBe(0);
    // The credit is not the chat-minute notice's business.
    expect(balancesState.credit).toBe(10);
    uninstall();
    client.emit(EventRoute.chatmin, { chatmin: 30 });
    expect(balancesState.chatmin).toBe(0);
  });

  it('ignores a notice without a whole number of minutes at or above zero', () => {
    balancesState.chatmin = 45;
    applyChatminNotice({});
    applyChatminNotice(null);
    applyChatminNotice({ chatmin: -1 });
    applyChatminNotice({ chatmin: 1.5 });
    applyChatminNotice({ chatmin: Number.NaN });
    expect(balancesState.chatmin).toBe(45);
  });
});

describe('kick-off', () => {
  it('opens the dialog, stops the client and ends the session without logging out', async () => {
    const client = fakeClient();
    const endSession = vi.fn(async () => {});
    userState.me = { userid: 'M1001', role: 'man' } as OwnUserInfo;
    const uninstall = installRealtimeHandlers(client, { endSession });
    client.emit(EventRoute.kickoff, { msg: 'x' });
    expect(kickoffState).toEqual({ open: true, loginPage: '/user/login' });
    expect(client.stop).toHaveBeenCalledTimes(1);
    expect(endSession).toHaveBeenCalledTimes(1);
    // A second notice (another tab's relay, say) changes nothing.
    client.emit(EventRoute.kickoff, { msg: 'x' });
    expect(endSession).toHaveBeenCalledTimes(1);
    uninstall();
  });

  it('sends a broadcaster to the broadcaster login', () => {
    const client = fakeClient();
    userState.me = { userid: 'A2001', role: 'lady' } as OwnUserInfo;
    installRealtimeHandlers(client, { endSession: async () => {} });
    client.emit(EventRoute.kickoff, {});
    expect(kickoffState.loginPage).toBe('/broadcast/login');
  });
});
