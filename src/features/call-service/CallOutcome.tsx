/**
 * What a failed call-service answer shows (call-rules.ts callOutcomeOf): the message and the
 * actions the spec gives each code — Purchase Credits, Call Again, keep or Redial, a new request,
 * verify the phone, OK or Close.
 */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { CALL_RESERVATION_HUNDREDTHS } from '../../../protocol/call-service/call-service';
import { fromHundredths } from '../../../protocol/money';
import { Modal } from '../../app/popups/Modal';
import { useMoneyLabel } from '../../app/popups/PaymentConfirm';
import { balancesState } from '../../state/balances';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { refreshBalance } from '../payments/purchase';
import type { CallOutcome } from './call-rules';

export interface OutcomeActions {
  onClose(): void;
  /** 17721, 17722: Call Again. */
  onRetry?(): void;
  /** 17723: keep the call going on (poll it) or ring again. */
  onKeep?(): void;
  onRedial?(): void;
  /** 17709: send a new instant request. */
  onResend?(): void;
  busy?: boolean;
}

export const outcomeTitle = (o: CallOutcome) => (o.kind === 'credits' ? 'Credits Purchase' : 'Call service');

/** The outcome's message, for a pop-up's body. */
export function OutcomeBody({ outcome }: { outcome: CallOutcome }) {
  const { credit } = useSnapshot(balancesState);
  const balance = useMoneyLabel(credit);
  const fee = useMoneyLabel(fromHundredths(CALL_RESERVATION_HUNDREDTHS));
  // 17302 reads credit and stamps again (spec §8), so the balance shown is the server's.
  useEffect(() => {
    if (outcome.kind === 'credits') void refreshBalance();
  }, [outcome.kind]);
  return (
    <div data-testid="call-outcome" data-kind={outcome.kind}>
      {(outcome.kind === 'retry' || (outcome.kind === 'closed' && outcome.code)) && (
        <p className="call-err" data-testid="call-err">
          Err: {outcome.kind === 'retry' ? outcome.code : outcome.code}
        </p>
      )}
      {outcome.text && <p role="alert">{outcome.text}</p>}
      {outcome.kind === 'credits' && <p data-testid="call-credit-balance">Your balance: {balance}</p>}
      {outcome.kind === 'resend' && (
        <p className="muted">A new request holds the reservation fee of {fee}.</p>
      )}
    </div>
  );
}

/** The outcome's buttons. */
export function OutcomeActionButtons({
  outcome,
  actions,
}: {
  outcome: CallOutcome;
  actions: OutcomeActions;
}) {
  const { onClose, busy } = actions;
  const fee = useMoneyLabel(fromHundredths(CALL_RESERVATION_HUNDREDTHS));
  const close = (label = 'Close') => (
    <button type="button" className="btn btn-ghost" onClick={onClose}>
      {label}
    </button>
  );
  switch (outcome.kind) {
    case 'credits':
      return (
        <>
          {close()}
          <AddCreditsLink clickFrom={ClickFrom.call} className="btn btn-primary" onOpen={onClose}>
            Purchase Credits
          </AddCreditsLink>
        </>
      );
    case 'retry':
      return (
        <>
          {close()}
          {actions.onRetry && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={actions.onRetry}>
              Call Again
            </button>
          )}
        </>
      );
    case 'in-progress':
      return (
        <>
          {actions.onKeep && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={actions.onKeep}>
              Keep the current call
            </button>
          )}
          {actions.onRedial && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={actions.onRedial}>
              Redial
            </button>
          )}
          {close()}
        </>
      );
    case 'resend':
      return (
        <>
          {close('Cancel')}
          {actions.onResend && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={actions.onResend}>
              Send a new request ({fee})
            </button>
          )}
        </>
      );
    case 'verify-phone':
      return (
        <>
          {close()}
          <Link to="/profile/verify-phone" className="btn btn-primary" onClick={onClose}>
            Verify my phone
          </Link>
        </>
      );
    case 'notice':
      return (
        <>
          {close()}
          <button type="button" className="btn btn-primary" onClick={onClose}>
            OK
          </button>
        </>
      );
    default:
      return close();
  }
}

/** A failed answer on its own (sending a request): the outcome in a pop-up. */
export function CallOutcomeDialog({ outcome, actions }: { outcome: CallOutcome; actions: OutcomeActions }) {
  return (
    <Modal
      title={outcomeTitle(outcome)}
      testId="call-outcome-dialog"
      onClose={actions.onClose}
      actions={<OutcomeActionButtons outcome={outcome} actions={actions} />}
    >
      <OutcomeBody outcome={outcome} />
    </Modal>
  );
}
