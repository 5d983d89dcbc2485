/**
 * Make Call for an instant call: the reservation fee confirmed first (PaymentConfirm), then the
 * request is sent and its page opens; a refusal shows what the spec gives its code.
 */
import {
  CALL_MINUTE_HUNDREDTHS,
  CALL_RESERVATION_HUNDREDTHS,
} from '../../../protocol/call-service/call-service';
import { fromHundredths } from '../../../protocol/money';
import { whenShown } from '../../app/after-paint';
import { useMoneyLabel, usePaymentConfirm } from '../../app/popups/PaymentConfirm';
import { sendInstantCall } from './api';
import { useSendCallRequest } from './use-send-request';

// What came of the request: its code loads while the fee is being confirmed.
const CallOutcomeDialog = whenShown(() => import('./CallOutcome').then((m) => m.CallOutcomeDialog));

export function InstantCallButton({
  anchorId,
  nickname,
  className = 'btn btn-primary',
  label = 'Make Call',
  testId = 'make-call',
}: {
  anchorId: string;
  nickname: string;
  className?: string;
  label?: string;
  testId?: string;
}) {
  const { ask, dialog } = usePaymentConfirm();
  const { busy, outcome, setOutcome, send } = useSendCallRequest();
  const perMinute = useMoneyLabel(fromHundredths(CALL_MINUTE_HUNDREDTHS));

  async function start() {
    CallOutcomeDialog.preload();
    const confirmed = await ask({
      title: 'Make Call',
      what: `An instant call request to ${nickname}: once she accepts, our call center connects you by phone.`,
      amount: fromHundredths(CALL_RESERVATION_HUNDREDTHS),
      note: `The reservation fee is refunded if she declines or does not answer. Talking costs ${perMinute} per started minute.`,
      confirmLabel: 'Send Request',
    });
    if (confirmed) await send(() => sendInstantCall(anchorId));
  }

  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={testId}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void start()}
      >
        {label}
      </button>
      {dialog}
      {outcome && <CallOutcomeDialog outcome={outcome} actions={{ onClose: () => setOutcome(null) }} />}
    </>
  );
}
