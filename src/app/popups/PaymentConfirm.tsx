/**
 * The one confirmation before money is taken or held: what is paid, its price in the configured
 * money word and the member's balance, then Confirm or Cancel. Nothing is charged before Confirm.
 * It is a Modal (focus trapped, Escape cancels); focus goes back to what had it when it opened.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { moneyLabel } from '../../../protocol/money';
import { AddCreditsLink } from '../../features/payments/AddCreditsLink';
import { ClickFrom } from '../../features/payments/click-from';
import {
  forgetPendingAction,
  type PendingAction,
  paidPendingAction,
  sameAction,
} from '../../features/payments/pending-action';
import { balancesState } from '../../state/balances';
import { configState, currencyOf } from '../../state/config';
import { useQuietMoment } from '../../state/quiet-moment';
import { Modal } from './Modal';

/** What a confirmation asks the member to pay. */
export interface Charge {
  title: string;
  /** What is paid for, in one line. */
  what: ReactNode;
  /** In credits as the server counts them (the multiplier applies when shown). */
  amount: number;
  /** Shown under the price: e.g. when a hold comes back. */
  note?: ReactNode;
  /** The confirm button's label; 'Confirm' unless the spec names the action (Get Ticket). */
  confirmLabel?: string;
  /** Something other than credits pays it (a voucher): his balance does not need to cover it. */
  covered?: boolean;
}

export function useMoneyLabel(amount: number): string {
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  return moneyLabel(amount, words, multiplier);
}

export interface PaymentConfirmProps {
  charge: Charge;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  /** The confirm button is off (e.g. the ticket popup after an answer); its label may change too. */
  confirmDisabled?: boolean;
  cancelLabel?: string;
  /** What follows the answer (the ticket popup's status message). */
  children?: ReactNode;
  testId?: string;
  confirmTestId?: string;
  confirmStatus?: number;
  /** Where Add credits says it was pressed (ClickFrom) when the balance is short. */
  addCreditsFrom?: string;
  /**
   * This confirmation as an action to offer again after an in-place checkout (a phone): Add
   * credits remembers it, and when it opens again by itself (the page reloads into it) it says
   * the credits came and the offer is done.
   */
  resume?: PendingAction;
}

/** Opened again for the action just paid for: the offer is taken, and he is told the credits came. */
function useResumed(resume: PendingAction | undefined): boolean {
  const [resumed] = useState(() => {
    const paid = resume && paidPendingAction(resume.kind);
    if (!paid || !resume || !sameAction(paid, resume)) return false;
    forgetPendingAction();
    return true;
  });
  return resumed;
}

/** His balance does not cover the charge (nothing else pays it): Add credits leads. */
export const isShort = (charge: Pick<Charge, 'amount' | 'covered'>, credit: number) =>
  !charge.covered && charge.amount > credit;

export function PaymentConfirm({
  charge,
  onConfirm,
  onCancel,
  busy = false,
  confirmDisabled = false,
  cancelLabel = 'Cancel',
  children,
  testId = 'payment-confirm',
  confirmTestId = 'payment-confirm-ok',
  confirmStatus,
  addCreditsFrom = ClickFrom.confirm,
  resume,
}: PaymentConfirmProps) {
  // No invitation bubble over a payment: they wait (src/state/quiet-moment.ts).
  useQuietMoment('payment');
  // What had the focus before the dialog opened gets it back when the dialog leaves the page.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      setTimeout(() => {
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      }, 0);
    },
    [opener],
  );
  const { credit } = useSnapshot(balancesState);
  const price = useMoneyLabel(charge.amount);
  const balance = useMoneyLabel(credit);
  // Short of credits: buying them is the way on, so Add credits is the main button. Once the
  // payment lands the balance follows and Confirm is the main button again: he finishes here.
  const short = isShort(charge, credit);
  const resumed = useResumed(resume);
  return (
    <Modal
      title={charge.title}
      testId={testId}
      onClose={onCancel}
      actions={
        <>
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="payment-confirm-cancel"
            onClick={onCancel}
          >
            {cancelLabel}
          </button>
          {short && (
            <AddCreditsLink clickFrom={addCreditsFrom} className="btn btn-primary" resume={resume}>
              Add credits
            </AddCreditsLink>
          )}
          <button
            type="button"
            className={short ? 'btn btn-secondary' : 'btn btn-primary'}
            data-testid={confirmTestId}
            data-status={confirmStatus}
            disabled={confirmDisabled || busy}
            aria-busy={busy}
            onClick={onConfirm}
          >
            {charge.confirmLabel ?? 'Confirm'}
          </button>
        </>
      }
    >
      <div className="pay-what">{charge.what}</div>
      <p className="pay-price">
        Price: <strong data-testid="payment-price">{price}</strong>
      </p>
      <p className="muted" data-testid="payment-balance">
        Your balance: {balance}
      </p>
      {resumed && !short && (
        <p className="pay-resumed" role="status" data-testid="payment-resumed">
          Credits added: confirm to finish.
        </p>
      )}
      {short && (
        <p className="pay-short" role="status" data-testid="payment-short">
          Your balance does not cover this: add credits first.
        </p>
      )}
      {charge.note && <p className="pay-note">{charge.note}</p>}
      {children}
    </Modal>
  );
}

interface Pending {
  charge: Charge;
  resolve(confirmed: boolean): void;
}

/**
 * `ask(charge)` shows the confirmation and resolves true on Confirm, false on Cancel or Escape;
 * render `dialog` somewhere in the component.
 */
export function usePaymentConfirm(): { ask(charge: Charge): Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);

  const ask = useCallback((charge: Charge) => {
    current.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { charge, resolve };
      current.current = next;
      setPending(next);
    });
  }, []);

  const answer = (confirmed: boolean) => {
    const asked = current.current;
    if (!asked) return;
    current.current = null;
    setPending(null);
    asked.resolve(confirmed);
  };

  const dialog = pending ? (
    <PaymentConfirm charge={pending.charge} onConfirm={() => answer(true)} onCancel={() => answer(false)} />
  ) : null;
  return { ask, dialog };
}
