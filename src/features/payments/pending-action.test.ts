import { describe, expect, it } from 'vitest';
import {
  dropUnpaidAction,
  PENDING_ACTION_MAX_AGE_MS,
  paidPendingAction,
  rememberPendingAction,
  settlePendingAction,
} from './pending-action';

function memory() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const ticket = { kind: 'show-ticket', label: 'Ticket for Sunset', params: { liveShowId: 'LS3013' } };
const ROUTE = 'http://localhost/#/showorder/schs';

describe('the action waiting across an in-place checkout', () => {
  it('is offered only once paid, and sends him back to its page once', () => {
    const store = memory();
    rememberPendingAction(ticket, ROUTE, store, 1000);
    expect(paidPendingAction('show-ticket', store, 1000)).toBeNull();
    expect(settlePendingAction(store, 2000)).toBe(ROUTE);
    expect(paidPendingAction('show-ticket', store, 2000)).toEqual(ticket);
    expect(paidPendingAction('premium-room', store, 2000)).toBeNull();
    // The result page shown again does not send him off a second time.
    expect(settlePendingAction(store, 3000)).toBe('');
  });

  it('is forgotten when he comes back without paying, but not once paid', () => {
    const store = memory();
    rememberPendingAction(ticket, ROUTE, store, 1000);
    dropUnpaidAction('show-ticket', store, 1000);
    expect(settlePendingAction(store, 1000)).toBe('');
    rememberPendingAction(ticket, ROUTE, store, 1000);
    settlePendingAction(store, 1000);
    dropUnpaidAction('show-ticket', store, 1000);
    expect(paidPendingAction('show-ticket', store, 1000)).toEqual(ticket);
  });

  it('is no longer offered an hour later, nor when the storage holds something else', () => {
    const store = memory();
    rememberPendingAction(ticket, ROUTE, store, 0);
    expect(settlePendingAction(store, PENDING_ACTION_MAX_AGE_MS)).toBe('');
    store.setItem('glimmer.pendingAction', '{not json');
    expect(settlePendingAction(store, 0)).toBe('');
  });
});
