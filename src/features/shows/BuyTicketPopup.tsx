/**
 * The buy-ticket pop-up (spec 002 §4), on the app's one payment confirmation: the show, its price
 * and the member's balance; Cancel takes nothing, Get Ticket buys it once (the button is busy
 * meanwhile, so a double click sends one call). Each answer sets the pop-up's status and button; on
 * success the lists refresh and it closes after 3.5 s.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { BUY_POPUP_CLOSE_MS, ShowMessages } from '../../../protocol/shows/shows';
import { ApiError } from '../../api/client';
import { isShort, PaymentConfirm } from '../../app/popups/PaymentConfirm';
import { balancesState } from '../../state/balances';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { buyTicket } from './api';
import {
  isOngoing,
  type LiveShow,
  type PopupStatus,
  popupButton,
  popupStatusOf,
  type TicketMessage,
  ticketMessage,
} from './rules';
import { closeBuy, showsChanged } from './store';
import { ticketCharge, ticketResume } from './ticket-charge';

export function BuyTicketPopup({ show }: { show: LiveShow }) {
  const { credit } = useSnapshot(balancesState);
  const [status, setStatus] = useState<PopupStatus>(1);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<TicketMessage | null>(() =>
    // Initial: the text about the show possibly being ongoing, when it is that close.
    isOngoing(show, Date.now()) ? { tone: 'error', text: ShowMessages.maybeOngoing } : null,
  );

  useEffect(() => {
    if (status !== 8) return;
    const timer = setTimeout(closeBuy, BUY_POPUP_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  // Credits bought meanwhile (the checkout closed): the stale "insufficient credits" goes, and
  // Get Ticket leads again, so he finishes what he started.
  const covered = !isShort(ticketCharge(show), credit);
  useEffect(() => {
    if (covered) setMessage((m) => (m?.addCredits ? null : m));
  }, [covered]);

  const buy = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await buyTicket(show.live_show_id);
      balancesState.credit = answer.left_credit;
      setStatus(8);
      setMessage(ticketMessage(0, '', 'popup'));
      showsChanged();
    } catch (error) {
      const errno = error instanceof ApiError ? error.errno : -1;
      const errmsg = error instanceof ApiError ? error.message : '';
      setStatus(popupStatusOf(errno));
      setMessage(ticketMessage(errno, errmsg, 'popup'));
    } finally {
      setBusy(false);
    }
  };

  const button = popupButton(status);
  const canBuy = button === 'Get Ticket';
  const short = isShort(ticketCharge(show), credit);
  return (
    <PaymentConfirm
      charge={{ ...ticketCharge(show), confirmLabel: button }}
      testId="buy-ticket-popup"
      confirmTestId="buy-ticket-confirm"
      confirmStatus={status}
      addCreditsFrom={ClickFrom.showTicket}
      resume={ticketResume(show)}
      confirmDisabled={!canBuy}
      cancelLabel={status === 1 ? 'Cancel' : 'Close'}
      busy={busy}
      onCancel={closeBuy}
      onConfirm={() => void buy()}
    >
      {message && (
        <p
          className={`ticket-message ticket-${message.tone}`}
          data-testid="ticket-message"
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
          {/* Short of credits, the dialog's main button is Add credits already. */}
          {message.addCredits && !short && (
            <>
              {' '}
              <AddCreditsLink clickFrom={ClickFrom.showTicket} resume={ticketResume(show)} />
            </>
          )}
          {message.myTickets && (
            <>
              {' '}
              <Link to="/showorder/myticket" onClick={closeBuy}>
                My tickets
              </Link>
            </>
          )}
        </p>
      )}
    </PaymentConfirm>
  );
}
