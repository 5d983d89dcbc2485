/**
 * The make-call pop-up (spec 002 §4): the price first, then makeCall rings his verified phone; the
 * status is polled every CALL_STATUS_POLL_S until is_end (an error stops it) and shown as the
 * spec's display states. While he talks each poll carries his balance, so the header's credits fall
 * with every charged minute.
 */
import { useEffect, useReducer, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CALL_MINUTE_HUNDREDTHS, type CallOrder } from '../../../protocol/call-service/call-service';
import { fromHundredths } from '../../../protocol/money';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { useMoneyLabel } from '../../app/popups/PaymentConfirm';
import { balancesState } from '../../state/balances';
import { confirmCall, getCallStatus, makeCall, sendInstantCall } from './api';
import { OutcomeActionButtons, OutcomeBody, outcomeTitle } from './CallOutcome';
import { startCallPoll } from './call-poll';
import {
  type CallEvent,
  type CallPhase,
  callPhaseAfter,
  callViewOf,
  isPolling,
  type StepIcon,
  talkTime,
} from './call-rules';

export type CallTarget = Pick<CallOrder, 'ref_no' | 'call_type' | 'need_transaction' | 'anchor_info'>;

const failure = (e: unknown): CallEvent =>
  e instanceof ApiError
    ? { type: 'error', errno: e.errno, message: e.message }
    : { type: 'error', errno: -1, message: errorText(e) };

const ICON_LABELS: Record<StepIcon, string> = {
  phone: 'Call center',
  user: 'You',
  agent: 'Translator',
  anchor: 'Broadcaster',
};

export function MakeCallPopup({
  order,
  onClose,
  onNewRequest,
}: {
  order: CallTarget;
  onClose(): void;
  /** 17709: the new instant request that replaced an expired one. */
  onNewRequest?(refNo: string): void;
}) {
  const [phase, dispatch] = useReducer(callPhaseAfter, { step: 'ready' } as CallPhase);
  const [busy, setBusy] = useState(false);
  const { credit } = useSnapshot(balancesState);
  const perMinute = useMoneyLabel(fromHundredths(CALL_MINUTE_HUNDREDTHS));
  const balance = useMoneyLabel(credit);
  const refNo = order.ref_no;
  const nickname = order.anchor_info.anchor_nickname;
  const polling = isPolling(phase);

  useEffect(() => {
    if (!polling) return;
    return startCallPoll(() => getCallStatus(refNo), {
      status: (status) => dispatch({ type: 'status', status }),
      error: (e) => dispatch(failure(e)),
    });
  }, [polling, refNo]);

  async function dial(redial = false) {
    dispatch({ type: 'dial', redial });
    try {
      await makeCall(refNo, redial);
      dispatch({ type: 'dialed' });
    } catch (e) {
      dispatch(failure(e));
    }
  }

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      dispatch(failure(e));
    } finally {
      setBusy(false);
    }
  }

  const confirm = () =>
    run(async () => {
      const status = await confirmCall(refNo);
      dispatch({ type: 'status', status });
    });

  const resend = () =>
    run(async () => {
      const answer = await sendInstantCall(order.anchor_info.anchor_id);
      balancesState.credit = answer.credit;
      onNewRequest?.(answer.ref_no);
      onClose();
    });

  if (phase.step === 'failed') {
    const { outcome } = phase;
    return (
      <Modal
        title={outcomeTitle(outcome)}
        testId="make-call-popup"
        onClose={onClose}
        actions={
          <OutcomeActionButtons
            outcome={outcome}
            actions={{
              onClose,
              busy,
              onRetry: () => void dial(),
              onKeep: () => dispatch({ type: 'dialed' }),
              onRedial: () => void dial(true),
              onResend: () => void resend(),
            }}
          />
        }
      >
        <OutcomeBody outcome={outcome} />
      </Modal>
    );
  }

  if (phase.step === 'ready') {
    return (
      <Modal
        title="Make Call"
        testId="make-call-popup"
        onClose={onClose}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-testid="make-call-now"
              onClick={() => void dial()}
            >
              Call Now
            </button>
          </>
        }
      >
        <p>
          Our call center will ring your verified phone first. Answer it and press 1 (or Confirm here), then
          we connect you with {nickname}
          {order.need_transaction ? ' and a translator' : ''}.
        </p>
        <p className="pay-price">
          Price: <strong data-testid="call-minute-price">{perMinute} per started minute</strong> while you
          talk
        </p>
        <p className="muted">Your balance: {balance}</p>
      </Modal>
    );
  }

  const status = phase.step === 'dialing' ? undefined : phase.status;
  const view = callViewOf(phase.step === 'ended' ? phase.status : status);
  return (
    <Modal
      title={`Call with ${nickname}`}
      testId="make-call-popup"
      onClose={onClose}
      actions={
        <>
          {view.canConfirm && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm()}>
              Confirm
            </button>
          )}
          {phase.step === 'ended' && (
            <button type="button" className="btn btn-primary" onClick={() => void dial()}>
              Call Again
            </button>
          )}
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="call-display" data-testid="call-display" data-display={view.display}>
        {view.icons.length > 0 && (
          <ol className="call-steps" aria-label="Call progress">
            {view.icons.map((icon) => (
              <li key={icon} className={`call-step call-step-${icon}`}>
                {ICON_LABELS[icon]}
              </li>
            ))}
          </ol>
        )}
        <p role="status" className={view.display === 'calling' ? 'call-calling' : undefined}>
          {phase.step === 'dialing' ? 'Placing your call…' : view.text}
        </p>
        {status && view.display === 'calling' && (
          <p data-testid="call-talk">
            {talkTime(status.duration)} · {status.cost.toFixed(2)} charged
          </p>
        )}
        {phase.step === 'ended' && (phase.status.duration > 0 || phase.status.cost > 0) && (
          <p data-testid="call-summary">
            You talked {talkTime(phase.status.duration)}; {phase.status.cost.toFixed(2)} charged.
          </p>
        )}
      </div>
    </Modal>
  );
}
