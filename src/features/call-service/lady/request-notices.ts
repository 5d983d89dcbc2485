/**
 * A member's new call request to her (CallEvent.request), heard once for her whole workspace: the
 * workspace listens (CallRequestToasts) whichever section she is on and shows a toast, and her Calls
 * section reads its list again when one arrives (`heard`).
 */
import { proxy } from 'valtio';
import { CallEvent, type CallOrder } from '../../../../protocol/call-service/call-service';
import { realtime } from '../../../realtime';

export const callRequestState = proxy<{ notices: CallOrder[]; heard: number }>({ notices: [], heard: 0 });

/** The one listener: call it from the workspace, which is mounted on every section. */
export function listenForCallRequests(): () => void {
  return realtime.on<{ order: CallOrder }>(CallEvent.request, (data) => {
    const order = data.order;
    callRequestState.notices = [...callRequestState.notices.filter((n) => n.ref_no !== order.ref_no), order];
    callRequestState.heard += 1;
  });
}

export function dismissCallRequest(refNo: string): void {
  callRequestState.notices = callRequestState.notices.filter((n) => n.ref_no !== refNo);
}
