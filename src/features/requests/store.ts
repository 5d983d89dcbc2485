/**
 * The member's own requests to broadcasters, per broadcaster: an instant One-on-One request
 * (idle → sending → waiting → accepted | declined | expired | cancelled) and a hang-out request.
 * Kept in a valtio proxy outside any page, so the waiting panel is still there after navigating
 * away and back within the tab (a reload forgets it; the server then answers 10015 to a repeat).
 * The calls, clock and navigation are injected, so the flow is tested with fake timers.
 */
import { Errno } from '../../../protocol/errors';
import {
  type BookingRequestAnswer,
  type CancelRequestAnswer,
  type HangoutRequestAnswer,
  MEMBER_REQUEST_LIFETIME_S,
  type RequestHandledNotice,
  type RequestStatusAnswer,
} from '../../../protocol/realtime';
import { type RequestError, requestErrorOf } from './errors';

export type OneOnOnePhase =
  | 'idle'
  | 'sending'
  | 'waiting'
  | 'accepted'
  | 'declined'
  | 'expired'
  | 'cancelled';
export type HangoutPhase = 'idle' | 'sending' | 'sent';

export interface AnchorRequests {
  anchorId: string;
  nickname: string;
  phase: OneOnOnePhase;
  /** The open (or last) One-on-One request's id; '' before the server answered. */
  invitationId: string;
  /** When the open request expires (ms since the epoch). */
  expiresAt: number;
  /** The cancel call is on its way. */
  cancelling: boolean;
  hangout: HangoutPhase;
  /** The last failed call for this broadcaster (either kind); cleared when the member acts again. */
  error: RequestError | null;
}

export interface RequestsState {
  byAnchor: Record<string, AnchorRequests>;
}

export interface RequestCalls {
  sendBookingRequest(anchorId: string): Promise<BookingRequestAnswer>;
  cancelPrivateRequest(invitationId: string): Promise<CancelRequestAnswer>;
  sendHangoutRequest(anchorId: string): Promise<HangoutRequestAnswer>;
  requestStatus(invitationId: string): Promise<RequestStatusAnswer>;
}

export interface RequestStoreDeps {
  state: RequestsState;
  calls: RequestCalls;
  /** The answers' left_credit becomes the header balance. */
  setCredit: (credit: number) => void;
  /** Accepted: open the One-on-One (after the accepted text had a moment on screen). */
  /** Opens the One-on-One her acceptance of request `invitationId` opened. */
  startOneOnOne: (anchorId: string, invitationId: string) => void;
  now?: () => number;
}

/** Ours: how long 'accepted. Starting your One-on-One…' shows before the room opens. */
export const START_DELAY_MS = 1500;

const fresh = (anchorId: string, nickname: string): AnchorRequests => ({
  anchorId,
  nickname,
  phase: 'idle',
  invitationId: '',
  expiresAt: 0,
  cancelling: false,
  hangout: 'idle',
  error: null,
});

const isOpen = (phase: OneOnOnePhase) => phase === 'sending' || phase === 'waiting';

export function createRequestStore(deps: RequestStoreDeps) {
  const { state } = deps;
  const now = deps.now ?? Date.now;
  const expiryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Answers that overtook the sendBookingRequest answer (she answered within its round trip). */
  const early = new Map<string, RequestHandledNotice>();
  /** Bumped by reset(): answers of calls sent before it are dropped. */
  let generation = 0;

  function entry(anchorId: string, nickname = ''): AnchorRequests {
    let item = state.byAnchor[anchorId];
    if (!item) {
      state.byAnchor[anchorId] = fresh(anchorId, nickname);
      item = state.byAnchor[anchorId];
    } else if (nickname) item.nickname = nickname;
    return item;
  }

  const credit = (value: unknown) => {
    const n = Number(value);
    if (value !== undefined && value !== null && Number.isFinite(n) && n >= 0) deps.setCredit(n);
  };

  function clearExpiry(anchorId: string) {
    const timer = expiryTimers.get(anchorId);
    if (timer !== undefined) clearTimeout(timer);
    expiryTimers.delete(anchorId);
  }

  function expire(anchorId: string) {
    expiryTimers.delete(anchorId);
    const item = state.byAnchor[anchorId];
    if (item?.phase === 'waiting') {
      item.phase = 'expired';
      item.cancelling = false;
    }
  }

  /** Invite One-on-One: an instant request. Ignored while one to her is open. */
  async function sendOneOnOne(anchorId: string, nickname: string): Promise<void> {
    const item = entry(anchorId, nickname);
    if (isOpen(item.phase)) return;
    const round = generation;
    item.phase = 'sending';
    item.invitationId = '';
    item.error = null;
    try {
      const answer = await deps.calls.sendBookingRequest(anchorId);
      if (round !== generation || item.phase !== 'sending') return;
      credit(answer.left_credit);
      item.invitationId = String(answer.invitation_id);
      item.expiresAt = now() + MEMBER_REQUEST_LIFETIME_S * 1000;
      item.phase = 'waiting';
      clearExpiry(anchorId);
      expiryTimers.set(
        anchorId,
        setTimeout(() => expire(anchorId), item.expiresAt - now()),
      );
      const overtaken = early.get(item.invitationId);
      if (overtaken) {
        early.delete(item.invitationId);
        handled(overtaken);
      }
    } catch (error) {
      if (round !== generation || item.phase !== 'sending') return;
      item.phase = 'idle';
      item.error = requestErrorOf(error);
    }
  }

  /** Cancel request: the held credit comes back in the answer. */
  async function cancel(anchorId: string): Promise<void> {
    const item = state.byAnchor[anchorId];
    if (item?.phase !== 'waiting' || item.cancelling) return;
    const round = generation;
    item.cancelling = true;
    item.error = null;
    try {
      const answer = await deps.calls.cancelPrivateRequest(item.invitationId);
      if (round !== generation) return;
      credit(answer.left_credit);
      clearExpiry(anchorId);
      item.phase = 'cancelled';
    } catch (error) {
      if (round !== generation) return;
      item.error = requestErrorOf(error);
      // Already answered, cancelled or expired on the server: nothing is open any more. Her
      // answer, if that is what closed it, still arrives as imLady/handleBookingNotice.
      if (item.error.errno === Errno.REQUEST_CLOSED && item.phase === 'waiting') {
        clearExpiry(anchorId);
        item.phase = 'idle';
      }
    } finally {
      item.cancelling = false;
    }
  }

  /** imLady/handleBookingNotice: the broadcaster accepted or declined. */
  function handled(notice: RequestHandledNotice): void {
    const id = String(notice?.invitation_id ?? '');
    if (!id) return;
    const item = Object.values(state.byAnchor).find((r) => r.invitationId === id);
    if (!item) {
      // The answer may overtake our own call's answer; keep it for a moment.
      if (Object.values(state.byAnchor).some((r) => r.phase === 'sending')) early.set(id, notice);
      return;
    }
    // 'idle' here: the cancel call learnt the request was closed, and this says how.
    if (item.phase !== 'waiting' && item.phase !== 'idle') return;
    clearExpiry(item.anchorId);
    item.cancelling = false;
    if (notice.nickname) item.nickname = notice.nickname;
    if (Number(notice.accepted) === 1) {
      item.phase = 'accepted';
      item.error = null;
      const round = generation;
      setTimeout(() => {
        if (round !== generation || item.phase !== 'accepted' || item.invitationId !== id) return;
        deps.startOneOnOne(item.anchorId, id);
        // Back on her profile later, the member sees the buttons again, not an old 'Starting…'.
        item.phase = 'idle';
        item.invitationId = '';
      }, START_DELAY_MS);
    } else {
      item.phase = 'declined';
    }
  }

  /**
   * The socket is (back) online: her answer may have come while it was away (or before it first
   * signed in), so each waiting request is asked about once.
   */
  async function recheck(): Promise<void> {
    const round = generation;
    const waiting = Object.values(state.byAnchor).filter((r) => r.phase === 'waiting' && r.invitationId);
    await Promise.all(
      waiting.map(async (item) => {
        const id = item.invitationId;
        try {
          const now = await deps.calls.requestStatus(id);
          if (round !== generation || item.invitationId !== id) return;
          if (now.status === 'accepted' || now.status === 'declined') {
            handled({ ...now, accepted: now.status === 'accepted' ? 1 : 0 });
          } else if (now.status === 'expired') {
            clearExpiry(item.anchorId);
            expire(item.anchorId);
          } else if (now.status === 'cancelled' && item.phase === 'waiting') {
            clearExpiry(item.anchorId);
            item.phase = 'cancelled';
          }
        } catch {
          // Still waiting as far as we know: her answer or the expiry timer settles it.
        }
      }),
    );
  }

  /** Hang-out: one request, answered by the server at once; she answers in her workspace. */
  async function sendHangout(anchorId: string, nickname: string): Promise<void> {
    const item = entry(anchorId, nickname);
    if (item.hangout === 'sending') return;
    const round = generation;
    item.hangout = 'sending';
    item.error = null;
    try {
      await deps.calls.sendHangoutRequest(anchorId);
      if (round !== generation) return;
      item.hangout = 'sent';
    } catch (error) {
      if (round !== generation) return;
      item.hangout = 'idle';
      item.error = requestErrorOf(error);
    }
  }

  /** The member closed a finished request's message (expired, declined, cancelled). */
  function dismiss(anchorId: string): void {
    const item = state.byAnchor[anchorId];
    if (!item || isOpen(item.phase) || item.phase === 'accepted') return;
    item.phase = 'idle';
    item.error = null;
  }

  /** Signed out or another member signed in: nothing of the old requests stays. */
  function reset(): void {
    generation += 1;
    for (const timer of expiryTimers.values()) clearTimeout(timer);
    expiryTimers.clear();
    early.clear();
    state.byAnchor = {};
  }

  return { sendOneOnOne, cancel, handled, recheck, sendHangout, dismiss, reset };
}

export type RequestStore = ReturnType<typeof createRequestStore>;
