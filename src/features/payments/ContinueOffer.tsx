/**
 * Back from an in-place checkout that paid: "Credits added. Continue: <what he was doing>". The
 * page that can ask for that action again renders this with how to ask (its own confirmation with
 * the price); Continue asks, it never pays. Coming back without paying, the action is forgotten.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CloseIcon } from '../../app/layout/icons';
import { useMoneyLabel } from '../../app/popups/PaymentConfirm';
import { balancesState } from '../../state/balances';
import {
  dropUnpaidAction,
  forgetPendingAction,
  type PendingAction,
  paidPendingAction,
} from './pending-action';
import { refreshBalance } from './purchase';

export function ContinueOffer({
  kind,
  onContinue,
}: {
  kind: string;
  /** Opens the action's confirmation again (with its price). */
  onContinue(params: PendingAction['params']): void;
}) {
  const [action, setAction] = useState<PendingAction | null>(null);
  useEffect(() => {
    dropUnpaidAction(kind);
    const paid = paidPendingAction(kind);
    setAction(paid);
    // The page loaded with the balance it had; the one just bought is read again.
    if (paid) void refreshBalance();
  }, [kind]);
  if (!action) return null;
  const close = () => {
    forgetPendingAction();
    setAction(null);
  };
  return (
    <Offer
      action={action}
      onContinue={() => {
        close();
        onContinue(action.params);
      }}
      onDismiss={close}
    />
  );
}

function Offer({
  action,
  onContinue,
  onDismiss,
}: {
  action: PendingAction;
  onContinue(): void;
  onDismiss(): void;
}) {
  const { credit } = useSnapshot(balancesState);
  const balance = useMoneyLabel(credit);
  const button = useRef<HTMLButtonElement>(null);
  // He is back on the page for this: Enter continues.
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="toasts">
      <div className="toast continue-offer" role="status" data-testid="continue-offer">
        <span>
          Credits added — your balance is {balance}. Continue: {action.label}
        </span>
        <button
          ref={button}
          type="button"
          className="btn btn-primary btn-small"
          data-testid="continue-action"
          onClick={onContinue}
        >
          Continue
        </button>
        <button type="button" className="toast-close" aria-label="Dismiss" onClick={onDismiss}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
