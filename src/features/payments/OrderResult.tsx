/**
 * Back from the checkout: asks for the order until it is paid or failed, then says so. Paid, the
 * balance is read again so the sentence and the header show the credits (or chat minutes) just added,
 * and a checkout opened in place goes back to what he was doing.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { moneyLabel } from '../../../protocol/money';
import { type OrderInfo, PaymentText } from '../../../protocol/payments/payments';
import { errorText } from '../../api/use-request';
import { balancesState } from '../../state/balances';
import { configState, currencyOf } from '../../state/config';
import { sameSiteUrl } from './add-credit-url';
import { getOrder } from './api';
import { waitForOrder } from './order-wait';
import { chatminText, packText } from './pack-text';
import { settlePendingAction } from './pending-action';
import { refreshBalance, refreshChatmin } from './purchase';

/**
 * Paid in place (no popup to close): back to the page where credits ran short, which offers to
 * finish what he started (pending-action.ts). Replaced, so Back does not land on this result.
 */
function backToPendingAction() {
  if (window.opener) return;
  const route = sameSiteUrl(settlePendingAction(), window.location.origin);
  if (route) window.location.replace(route);
}

type Result =
  | { status: 'waiting' }
  | { status: 'settled'; order: OrderInfo }
  | { status: 'pending' }
  | { status: 'error'; error: string };

export function OrderResult({
  orderId,
  back,
  onChooseAgain,
}: {
  orderId: string;
  back: ReactNode;
  onChooseAgain: () => void;
}) {
  const [result, setResult] = useState<Result>({ status: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  const { credit, chatmin } = useSnapshot(balancesState);
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  const message = useRef<HTMLDivElement>(null);

  // `attempt` asks again.
  useEffect(() => {
    const stop = new AbortController();
    setResult({ status: 'waiting' });
    waitForOrder(() => getOrder(orderId), { signal: stop.signal }).then(
      async (wait) => {
        if (wait.settled && wait.order.state === 'paid')
          await (wait.order.kind === 'chatmin' ? refreshChatmin() : refreshBalance());
        if (stop.signal.aborted) return;
        setResult(wait.settled ? { status: 'settled', order: wait.order } : { status: 'pending' });
        if (wait.settled && wait.order.state === 'paid') backToPendingAction();
      },
      (error: unknown) => !stop.signal.aborted && setResult({ status: 'error', error: errorText(error) }),
    );
    return () => stop.abort();
  }, [orderId, attempt]);

  // The outcome takes the focus, so a screen reader reads it and Enter reaches its action.
  useEffect(() => {
    if (result.status !== 'waiting') message.current?.focus();
  }, [result.status]);

  if (result.status === 'waiting')
    return (
      <p className="add-credit-note" role="status" data-testid="order-waiting">
        Confirming your payment…
      </p>
    );

  const again = (label: string, action: () => void) => (
    <button type="button" className="btn btn-primary" onClick={action}>
      {label}
    </button>
  );
  let body: ReactNode;
  let actions: ReactNode;
  if (result.status === 'error') {
    body = <p role="alert">{result.error}</p>;
    actions = again('Check again', () => setAttempt((n) => n + 1));
  } else if (result.status === 'pending') {
    body = (
      <p role="status">
        Your payment is still being confirmed. Your credits are added as soon as it is; you can close this
        page.
      </p>
    );
    actions = again('Check again', () => setAttempt((n) => n + 1));
  } else if (result.order.state === 'paid') {
    body = (
      <p role="status" className="add-credit-done">
        {packText(result.order, words)} added —{' '}
        {result.order.kind === 'chatmin'
          ? `you have ${chatminText(chatmin)}`
          : `your balance is ${moneyLabel(credit, words, multiplier)}`}
      </p>
    );
  } else if (result.order.state === 'refunded') {
    body = (
      <p role="status">
        This payment was refunded, and its {result.order.kind === 'chatmin' ? 'chat minutes' : 'credits'} were
        taken back.
      </p>
    );
  } else {
    body = (
      <p role="alert" className="add-credit-failed">
        {result.order.failure || PaymentText.asyncFailed} Nothing was charged.
      </p>
    );
    actions = again('Try again', onChooseAgain);
  }
  return (
    <div ref={message} className="add-credit-result" tabIndex={-1} data-testid="order-result">
      {body}
      <div className="add-credit-actions">
        {actions}
        {back}
      </div>
    </div>
  );
}
