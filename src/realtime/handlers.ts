/**
 * The app's handling of the account events of the socket: kick-off, credit, lack of credit, chat
 * minutes and voucher counts.
 * Invitations and bubbles are handled in src/features. Every tab runs these (events reach every tab).
 */
import { Pages } from '../../protocol/paths';
import { type ChatminNotice, type CreditNotice, EventRoute } from '../../protocol/realtime';
import { balancesState } from '../state/balances';
import { userState } from '../state/user';
import { applyCouponNotice } from '../state/vouchers';
import type { RealtimeClient } from './contract';
import { kickoffState } from './kickoff-state';

export interface HandlerDeps {
  /** Clears the session and the cached profile without a logout call (session.endKickedOff). */
  endSession: () => Promise<unknown>;
}

/** imShare/creditNotice: negative values are ignored; above 1 the low-credit flag goes. */
export function applyCreditNotice(data: Partial<CreditNotice> | null | undefined) {
  const credit = Number(data?.credit);
  if (data?.credit === undefined || !Number.isFinite(credit) || credit < 0) return;
  balancesState.credit = credit;
  if (credit > 1) balancesState.lowCredit = false;
}

/** imShare/chatminNotice (ours): his chat minutes now; anything but a whole number ≥ 0 is ignored. */
export function applyChatminNotice(data: Partial<ChatminNotice> | null | undefined) {
  const chatmin = Number(data?.chatmin);
  if (data?.chatmin === undefined || !Number.isSafeInteger(chatmin) || chatmin < 0) return;
  balancesState.chatmin = chatmin;
}

export function applyLackOfCredit() {
  balancesState.lowCredit = true;
}

/** imShare/kickoff: the blocking dialog, no more socket, no more session. */
export function applyKickoff(client: RealtimeClient, deps: HandlerDeps) {
  if (kickoffState.open) return;
  kickoffState.loginPage = userState.me?.role === 'lady' ? Pages.anchorLogin : Pages.memberLogin;
  kickoffState.open = true;
  client.stop();
  deps.endSession().catch((error: unknown) => console.warn('[realtime] ending the session failed', error));
}

/** Subscribes the handlers; answers the unsubscribe function. */
export function installRealtimeHandlers(client: RealtimeClient, deps: HandlerDeps): () => void {
  const offs = [
    client.on(EventRoute.kickoff, () => applyKickoff(client, deps)),
    client.on<CreditNotice>(EventRoute.credit, applyCreditNotice),
    client.on(EventRoute.lackOfCredit, applyLackOfCredit),
    client.on<ChatminNotice>(EventRoute.chatmin, applyChatminNotice),
    client.on(EventRoute.couponNumChange, applyCouponNotice),
  ];
  return () => {
    for (const off of offs) off();
  };
}
