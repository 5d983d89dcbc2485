import { proxy } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Errno, Messages } from '../../../protocol/errors';
import {
  type BookingRequestAnswer,
  type CancelRequestAnswer,
  MEMBER_REQUEST_LIFETIME_S,
} from '../../../protocol/realtime';
import { ApiError } from '../../api/client';
import { REQUEST_ERRNO_TEXT, requestErrorOf } from './errors';
import { createRequestStore, type RequestCalls, type RequestsState, START_DELAY_MS } from './store';

/** A promise the test settles by hand: the server's answer arriving later. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(calls: Partial<RequestCalls> = {}) {
  const state = proxy<RequestsState>({ byAnchor: {} });
  const setCredit = vi.fn();
  const startOneOnOne = vi.fn();
  const fullCalls: RequestCalls = {
    sendBookingRequest: vi.fn(async () => ({ invitation_id: 'R1', left_credit: 11.7 })),
    cancelPrivateRequest: vi.fn(async () => ({ left_credit: 12 })),
    sendHangoutRequest: vi.fn(async () => ({ invite_id: 'H1' })),
    requestStatus: vi.fn(async (id: string) => ({
      invitation_id: id,
      anchor_id: 'A2001',
      nickname: 'Olena',
      status: 'sent' as const,
    })),
    ...calls,
  };
  const store = createRequestStore({ state, calls: fullCalls, setCredit, startOneOnOne, now: Date.now });
  return { state, store, calls: fullCalls, setCredit, startOneOnOne, of: () => state.byAnchor.A2001 };
}

const handled = (accepted: 0 | 1, invitation_id = 'R1') => ({
  invitation_id,
  anchor_id: 'A2001',
  nickname: 'Olena',
  accepted,
});

describe('the member request store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('goes idle → sending → waiting and shows the held credit', async () => {
    const answer = deferred<BookingRequestAnswer>();
    const t = setup({ sendBookingRequest: vi.fn(() => answer.promise) });
    const sent = t.store.sendOneOnOne('A2001', 'Olena');
    expect(t.of()?.phase).toBe('sending');
    expect(t.calls.sendBookingRequest).toHaveBeenCalledWith('A2001');
    answer.resolve({ invitation_id: 'R1', left_credit: 11.7 });
    await sent;
    expect(t.of()).toMatchObject({ phase: 'waiting', invitationId: 'R1', nickname: 'Olena', error: null });
    expect(t.of()?.expiresAt).toBe(Date.now() + MEMBER_REQUEST_LIFETIME_S * 1000);
    expect(t.setCredit).toHaveBeenCalledWith(11.7);
  });

  it('sends nothing twice while a request to her is open', async () => {
    const t = setup();
    await t.store.sendOneOnOne('A2001', 'Olena');
    await t.store.sendOneOnOne('A2001', 'Olena');
    expect(t.calls.sendBookingRequest).toHaveBeenCalledTimes(1);
  });

  it('accepted: says so, then opens the One-on-One and forgets the request', async () => {
    const t = setup();
    await t.store.sendOneOnOne('A2001', 'Olena');
    t.store.handled(handled(1));
    expect(t.of()?.phase).toBe('accepted');
    vi.advanceTimersByTime(START_DELAY_MS - 1);
    expect(t.startOneOnOne).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(t.startOneOnOne).toHaveBeenCalledWith('A2001', expect.any(String));
    expect(t.of()?.phase).toBe('idle');
    // The expiry timer was cleared with the answer.
    vi.advanceTimersByTime(MEMBER_REQUEST_LIFETIME_S * 1000);
    expect(t.of()?.phase).toBe('idle');
  });

  it('declined: closes with her nickname; another request may follow', async () => {
    const t = setup();
    await t.store.sendOneOnOne('A2001', 'Lena');
    t.store.handled(handled(0));
    expect(t.of()).toMatchObject({ phase: 'declined', nickname: 'Olena' });
    vi.advanceTimersByTime(MEMBER_REQUEST_LIFETIME_S * 1000);
    expect(t.of()?.phase).toBe('declined');
    expect(t.startOneOnOne).not.toHaveBeenCalled();
    await t.store.sendOneOnOne('A2001', 'Olena');
    expect(t.calls.sendBookingRequest).toHaveBeenCalledTimes(2);
  });

  it('ignores answers to other requests', async () => {
    const t = setup();
    await t.store.sendOneOnOne('A2001', 'Olena');
    t.store.handled(handled(1, 'R9'));
    expect(t.of()?.phase).toBe('waiting');
  });

  it('expires after MEMBER_REQUEST_LIFETIME_S without an answer; a late answer changes nothing', async () => {
    const t = setup();
    await t.store.sendOneOnOne('A2001', 'Olena');
    vi.advanceTimersByTime(MEMBER_REQUEST_LIFETIME_S * 1000 - 1);
    expect(t.of()?.phase).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(t.of()?.phase).toBe('expired');
    t.store.handled(handled(1));
    expect(t.of()?.phase).toBe('expired');
    t.store.dismiss('A2001');
    expect(t.of()?.phase).toBe('idle');
  });

  it('cancelled: the refund answer sets the balance and no expiry follows', async () => {
    const answer = deferred<CancelRequestAnswer>();
    const t = setup({ cancelPrivateRequest: vi.fn(() => answer.promise) });
    await t.store.sendOneOnOne('A2001', 'Olena');
    const cancelling = t.store.cancel('A2001');
    expect(t.of()?.cancelling).toBe(true);
    expect(t.calls.cancelPrivateRequest).toHaveBeenCalledWith('R1');
    answer.resolve({ left_credit: 12 });
    await cancelling;
    expect(t.of()).toMatchObject({ phase: 'cancelled', cancelling: false });
    expect(t.setCredit).toHaveBeenLastCalledWith(12);
    vi.advanceTimersByTime(MEMBER_REQUEST_LIFETIME_S * 1000);
    expect(t.of()?.phase).toBe('cancelled');
  });

  it('a cancel the server refuses as closed ends the wait; her answer still shows', async () => {
    const t = setup({
      cancelPrivateRequest: vi.fn(async () => {
        throw new ApiError(Errno.REQUEST_CLOSED, Messages.requestClosed);
      }),
    });
    await t.store.sendOneOnOne('A2001', 'Olena');
    await t.store.cancel('A2001');
    expect(t.of()).toMatchObject({
      phase: 'idle',
      error: { errno: Errno.REQUEST_CLOSED, message: Messages.requestClosed, addCredits: false },
    });
    t.store.handled(handled(0));
    expect(t.of()?.phase).toBe('declined');
  });

  it('a cancel that fails otherwise keeps waiting and shows the error', async () => {
    const t = setup({
      cancelPrivateRequest: vi.fn(async () => {
        throw new ApiError(Errno.TIMEOUT, Messages.timeout);
      }),
    });
    await t.store.sendOneOnOne('A2001', 'Olena');
    await t.store.cancel('A2001');
    expect(t.of()).toMatchObject({ phase: 'waiting', cancelling: false, error: { errno: 408 } });
  });

  it('an answer that overtakes the call’s own answer still counts', async () => {
    const answer = deferred<BookingRequestAnswer>();
    const t = setup({ sendBookingRequest: vi.fn(() => answer.promise) });
    const sent = t.store.sendOneOnOne('A2001', 'Olena');
    t.store.handled(handled(0));
    answer.resolve({ invitation_id: 'R1', left_credit: 11.7 });
    await sent;
    expect(t.of()?.phase).toBe('declined');
  });

  it.each([
    [Errno.NOT_FOUND, Messages.notFound],
    [Errno.NO_PRIVILEGE, Messages.noPrivilege],
    [Errno.ANCHOR_OFFLINE, Messages.anchorOffline],
    [Errno.ANCHOR_NO_ONEONONE, Messages.anchorNoOneOnOne],
    [Errno.REQUEST_CLOSED, Messages.requestClosed],
    [Errno.REQUEST_PENDING, Messages.requestPending],
    [Errno.BOOKING_UNAVAILABLE, Messages.bookingUnavailable],
    [Errno.NO_CREDIT, Messages.noCredit],
  ])('a refused request (errno %i) goes back to idle with the server’s text', async (errno, errmsg) => {
    const t = setup({
      sendBookingRequest: vi.fn(async () => {
        throw new ApiError(errno, errmsg);
      }),
    });
    await t.store.sendOneOnOne('A2001', 'Olena');
    expect(t.of()).toMatchObject({
      phase: 'idle',
      error: { errno, message: errmsg, addCredits: errno === Errno.NO_CREDIT },
    });
    expect(t.setCredit).not.toHaveBeenCalled();
    // Acting again clears the old error.
    t.calls.sendBookingRequest = vi.fn(() => new Promise<BookingRequestAnswer>(() => {}));
    void t.store.sendOneOnOne('A2001', 'Olena');
    expect(t.of()?.error).toBeNull();
  });

  it('hang-out: sending → sent, or the error (10013) with the server’s text', async () => {
    const t = setup();
    const sent = t.store.sendHangout('A2001', 'Olena');
    expect(t.of()?.hangout).toBe('sending');
    await sent;
    expect(t.calls.sendHangoutRequest).toHaveBeenCalledWith('A2001');
    expect(t.of()).toMatchObject({ hangout: 'sent', error: null });

    t.calls.sendHangoutRequest = vi.fn(async () => {
      throw new ApiError(Errno.ANCHOR_NO_HANGOUT, Messages.anchorNoHangout);
    });
    await t.store.sendHangout('A2001', 'Olena');
    expect(t.of()).toMatchObject({
      hangout: 'idle',
      error: { errno: Errno.ANCHOR_NO_HANGOUT, message: Messages.anchorNoHangout },
    });
  });

  it('reset drops every request and the answers still on their way', async () => {
    const answer = deferred<BookingRequestAnswer>();
    const t = setup({ sendBookingRequest: vi.fn(() => answer.promise) });
    const sent = t.store.sendOneOnOne('A2001', 'Olena');
    t.store.reset();
    answer.resolve({ invitation_id: 'R1', left_credit: 11.7 });
    await sent;
    expect(t.state.byAnchor).toEqual({});
    expect(t.setCredit).not.toHaveBeenCalled();
  });
});

describe('request errors', () => {
  it('keep the server’s errmsg and fall back to the protocol’s text for the errno', () => {
    expect(requestErrorOf(new ApiError(Errno.ANCHOR_OFFLINE, 'As the server says'))).toEqual({
      errno: Errno.ANCHOR_OFFLINE,
      message: 'As the server says',
      addCredits: false,
    });
    expect(requestErrorOf(new ApiError(Errno.NO_CREDIT, ''))).toEqual({
      errno: Errno.NO_CREDIT,
      message: Messages.noCredit,
      addCredits: true,
    });
    expect(requestErrorOf(new Error('boom')).message).toBe(Messages.serverError);
  });

  it('know a protocol text for every code the request calls answer', () => {
    for (const errno of [10007, 10010, 10011, 10012, 10013, 10014, 10015, 10016, 10025]) {
      expect(REQUEST_ERRNO_TEXT[errno]).toBeTruthy();
    }
  });
});

describe('asking again when the socket is back', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const status = (value: 'sent' | 'accepted' | 'declined' | 'expired' | 'cancelled') =>
    vi.fn(async (id: string) => ({
      invitation_id: id,
      anchor_id: 'A2001',
      nickname: 'Olena',
      status: value,
    }));

  it('an acceptance the socket missed still opens the One-on-One', async () => {
    const t = setup({ requestStatus: status('accepted') });
    await t.store.sendOneOnOne('A2001', 'Olena');
    await t.store.recheck();
    expect(t.calls.requestStatus).toHaveBeenCalledWith('R1');
    expect(t.of()?.phase).toBe('accepted');
    vi.advanceTimersByTime(START_DELAY_MS);
    expect(t.startOneOnOne).toHaveBeenCalledWith('A2001', 'R1');
  });

  it('a missed decline or expiry shows as such; an open request keeps waiting', async () => {
    for (const [answer, phase] of [
      ['declined', 'declined'],
      ['expired', 'expired'],
      ['cancelled', 'cancelled'],
      ['sent', 'waiting'],
    ] as const) {
      const t = setup({ requestStatus: status(answer) });
      await t.store.sendOneOnOne('A2001', 'Olena');
      await t.store.recheck();
      expect(t.of()?.phase, answer).toBe(phase);
    }
  });

  it('asks nothing when no request is waiting', async () => {
    const t = setup();
    await t.store.recheck();
    expect(t.calls.requestStatus).not.toHaveBeenCalled();
  });
});
