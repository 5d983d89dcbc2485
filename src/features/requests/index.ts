/**
 * The app's request store, wired to the browser: the request calls, the header balance, the
 * realtime answer imLady/handleBookingNotice, and the router (through the starter the shell's
 * bubbles register, so the One-on-One opens wherever in the app the member is).
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { proxy, subscribe } from 'valtio';
import { EventRoute, type RequestHandledNotice } from '../../../protocol/realtime';
import { onRealtime } from '../../app/realtime-later';
import { balancesState } from '../../state/balances';
import { userState } from '../../state/user';
import { cancelPrivateRequest, requestStatus, sendBookingRequest, sendHangoutRequest } from '../invites/api';
import { createRequestStore, type RequestsState } from './store';

export const requestsState = proxy<RequestsState>({ byAnchor: {} });

let starter: ((anchorId: string, invitationId: string) => void) | null = null;

export const requestStore = createRequestStore({
  state: requestsState,
  calls: { sendBookingRequest, cancelPrivateRequest, sendHangoutRequest, requestStatus },
  setCredit: (credit) => {
    balancesState.credit = credit;
  },
  startOneOnOne: (anchorId, invitationId) => starter?.(anchorId, invitationId),
});

onRealtime((realtime) => {
  realtime.on<RequestHandledNotice>(EventRoute.requestHandled, requestStore.handled);
  realtime.onStatus((status) => {
    if (status === 'online') void requestStore.recheck();
  });
  // For the app's life: the store outlives every page.
  return () => {};
});

// Another member in this tab (or none) starts with no requests.
let owner = userState.me?.userid ?? '';
subscribe(userState, () => {
  const next = userState.me?.userid ?? '';
  if (next === owner) return;
  owner = next;
  requestStore.reset();
});

/** Mounted once in the shell: an accepted request opens its One-on-One room (PV<request>). */
export function useRequestStarter(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const start = (anchorId: string, invitationId: string) =>
      void navigate({
        to: '/live',
        search: { anchorid: anchorId, type: 'private', roomid: `PV${invitationId}` },
      });
    starter = start;
    return () => {
      if (starter === start) starter = null;
    };
  }, [navigate]);
}
