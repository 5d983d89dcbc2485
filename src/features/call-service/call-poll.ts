/**
 * The call status poll (spec 002 §4): getCallStatus at once and then every CALL_STATUS_POLL_S until
 * is_end; an error stops it. Each answer carries his balance, so the header's credits follow the
 * minutes charged while he talks.
 */
import { CALL_STATUS_POLL_S, type CallStatus } from '../../../protocol/call-service/call-service';
import { balancesState } from '../../state/balances';

export interface CallPollHandlers {
  status(status: CallStatus): void;
  error(error: unknown): void;
}

/** Starts polling; the returned function stops it (a late answer after that is dropped). */
export function startCallPoll(
  load: () => Promise<CallStatus>,
  on: CallPollHandlers,
  everyMs = CALL_STATUS_POLL_S * 1000,
): () => void {
  let live = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    let status: CallStatus;
    try {
      status = await load();
    } catch (e) {
      if (live) on.error(e);
      live = false;
      return;
    }
    if (!live) return;
    balancesState.credit = status.credit;
    on.status(status);
    if (status.is_end) live = false;
    else timer = setTimeout(() => void poll(), everyMs);
  };
  void poll();
  return () => {
    live = false;
    clearTimeout(timer);
  };
}
