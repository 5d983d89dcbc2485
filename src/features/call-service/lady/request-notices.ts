/**
 * A member's new call request to her (CallEvent.request), heard once for her whole workspace: the
 * workspace listens (CallRequestToasts) whichever section she is on and shows a toast, her Calls
 * section reads its list again when one arrives (`heard`), and her Calls tab shows how many wait
 * for her answer (`pending`, read from her list when the workspace opens, with each new request,
 * and whenever her Calls section reads it).
 */
import { proxy } from 'valtio';
import { CallEvent, type CallOrder } from '../../../../protocol/call-service/call-service';
import { realtime } from '../../../realtime';
import { getLadyCallRequests } from './api';
import { pendingRequestCount } from './rules';

export const callRequestState = proxy<{ notices: CallOrder[]; heard: number; pending: number }>({
  notices: [],
  heard: 0,
  pending: 0,
});

/** The one listener: call it from the workspace, which is mounted on every section. */
export function listenForCallRequests(): () => void {
  void refreshPendingRequests();
  return realtime.on<{ order: CallOrder }>(CallEvent.request, (data) => {
    const order = data.order;
    callRequestState.notices = [...callRequestState.notices.filter((n) => n.ref_no !== order.ref_no), order];
    callRequestState.heard += 1;
    void refreshPendingRequests();
  });
}

export function dismissCallRequest(refNo: string): void {
  callRequestState.notices = callRequestState.notices.filter((n) => n.ref_no !== refNo);
}

/** Her list as last read: the tab's count follows it. */
export function notePendingRequests(list: readonly CallOrder[]): void {
  callRequestState.pending = pendingRequestCount(list, Math.floor(Date.now() / 1000));
}

/** Reads her list for the tab's count; a failed read leaves the count as it was. */
export async function refreshPendingRequests(): Promise<void> {
  try {
    notePendingRequests(await getLadyCallRequests());
  } catch {
    // The badge is a hint; her Calls section shows the failure when she opens it.
  }
}
