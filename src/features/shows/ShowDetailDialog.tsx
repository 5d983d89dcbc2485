/**
 * The show detail dialog (spec 001 §2, §4): cover, broadcaster, title, date and time in GMT (and in
 * the member's own zone), duration, description, the Notify me toggle, and one button among Get
 * Ticket, Reserved, Watch Now, No tickets left, Finished, Cancelled. Get Ticket asks first (the
 * app's one payment confirmation, as on the card). Buying here shows the ticket message in place:
 * on success it clears after 3 s; other errors show the server's errmsg and the detail is reloaded.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { ShowMessages, TICKET_MESSAGE_MS } from '../../../protocol/shows/shows';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { usePaymentConfirm } from '../../app/popups/PaymentConfirm';
import { dateTime, gmtDateTime, isoDateTime } from '../../app/time/format';
import { balancesState } from '../../state/balances';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { buyTicket, followShow, getShowDetail } from './api';
import {
  detailButton,
  followLocked,
  type LiveShow,
  leftSec,
  received,
  startsInText,
  type TicketMessage,
  ticketMessage,
} from './rules';
import { usePrice } from './ShowCard';
import { closeDetail, showsChanged } from './store';
import { ticketCharge, ticketResume } from './ticket-charge';
import { useNow } from './use-now';

type Load = { status: 'loading' } | { status: 'ready'; show: LiveShow } | { status: 'error'; error: string };

export function ShowDetailDialog({ liveShowId }: { liveShowId: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const reload = useCallback(async () => {
    try {
      setLoad({ status: 'ready', show: received(await getShowDetail(liveShowId)) });
    } catch (error) {
      setLoad({ status: 'error', error: errorText(error) });
    }
  }, [liveShowId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  if (load.status !== 'ready') {
    return (
      <Modal
        title="Show"
        testId="show-detail"
        onClose={closeDetail}
        actions={
          <>
            {load.status === 'error' && (
              <button type="button" className="btn btn-secondary" onClick={() => void reload()}>
                Retry
              </button>
            )}
            <button type="button" className="btn btn-ghost" onClick={closeDetail}>
              Close
            </button>
          </>
        }
      >
        <p role={load.status === 'error' ? 'alert' : 'status'}>
          {load.status === 'error' ? load.error : 'Loading…'}
        </p>
      </Modal>
    );
  }
  return <Detail show={load.show} reload={reload} />;
}

function Detail({ show, reload }: { show: LiveShow; reload: () => Promise<void> }) {
  const now = useNow();
  const price = usePrice(show.price);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<TicketMessage | null>(null);
  const [follow, setFollow] = useState(show.has_follow === 1);
  const [followError, setFollowError] = useState('');
  const left = leftSec(show, now);
  const button = detailButton(show, now);
  const locked = followLocked(show, now);
  const confirm = usePaymentConfirm();

  useEffect(() => {
    if (message?.tone !== 'success') return;
    const timer = setTimeout(() => setMessage(null), TICKET_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const buy = async () => {
    if (busy) return;
    // The same confirmation as the card's pop-up: nothing is charged before Get Ticket there.
    if (!(await confirm.ask(ticketCharge(show)))) return;
    setBusy(true);
    try {
      const answer = await buyTicket(show.live_show_id);
      balancesState.credit = answer.left_credit;
      setMessage(ticketMessage(0, '', 'dialog'));
      showsChanged();
      await reload();
    } catch (error) {
      const errno = error instanceof ApiError ? error.errno : -1;
      setMessage(ticketMessage(errno, error instanceof ApiError ? error.message : '', 'dialog'));
      if (!(error instanceof ApiError && error.offline)) await reload();
    } finally {
      setBusy(false);
    }
  };

  // The toggle moves at once and goes back if the server refuses.
  const toggleFollow = async () => {
    const wanted = !follow;
    setFollowError('');
    setFollow(wanted);
    try {
      const answer = await followShow(show.live_show_id, wanted);
      setFollow(answer.has_follow === 1);
    } catch (error) {
      setFollow(!wanted);
      setFollowError(errorText(error));
    }
  };

  return (
    <Modal
      title={show.show_title}
      testId="show-detail"
      onClose={closeDetail}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={closeDetail}>
            Close
          </button>
          {button === 'Get Ticket' ? (
            <button
              type="button"
              className="btn btn-primary"
              data-testid="detail-button"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void buy()}
            >
              Get Ticket · {price}
            </button>
          ) : button === 'Watch Now' ? (
            <Link
              to="/live"
              search={{ anchorid: show.anchor_id, type: 'public', liveShowid: show.live_show_id }}
              className="btn btn-primary"
              data-testid="detail-button"
              onClick={closeDetail}
            >
              Watch Now
            </Link>
          ) : (
            <button type="button" className="btn btn-secondary" data-testid="detail-button" disabled>
              {button}
            </button>
          )}
        </>
      }
    >
      <img className="detail-cover" src={show.cover} alt="" width={640} height={360} />
      <p className="detail-anchor">
        <img className="detail-avatar" src={show.anchor_avatar} alt="" width={32} height={32} />
        <Link to="/anchor/$id" params={{ id: show.anchor_id }} onClick={closeDetail}>
          {show.anchor_nickname}
        </Link>
      </p>
      <dl className="detail-facts">
        <dt>Date and time</dt>
        <dd>
          {/* The spec's GMT time, and the member's own beside it. */}
          <time dateTime={isoDateTime(show.start_time)} data-testid="detail-time">
            {gmtDateTime(show.start_time)}
          </time>
          <br />
          <span className="muted" data-testid="detail-local-time">
            Your time: {dateTime(show.start_time)}
          </span>
        </dd>
        <dt>Duration</dt>
        <dd>{show.duration} min</dd>
        <dt>Price</dt>
        <dd>{price}</dd>
      </dl>
      {show.status === 1 && (
        <p className="detail-countdown" data-testid="detail-countdown">
          {startsInText(left, 'Starting')}
        </p>
      )}
      {show.show_introduce && <p className="detail-introduce">{show.show_introduce}</p>}
      <label className={`notify-toggle${locked ? ' is-locked' : ''}`}>
        <input
          type="checkbox"
          data-testid="notify-me"
          checked={follow}
          disabled={locked}
          onChange={() => void toggleFollow()}
        />
        Notify me
      </label>
      {locked && show.status === 1 && !followError && (
        <p className="muted notify-hint" data-testid="follow-locked">
          {ShowMessages.followLocked}
        </p>
      )}
      {followError && (
        <p className="ticket-message ticket-error" role="alert" data-testid="follow-error">
          {followError}
        </p>
      )}
      {confirm.dialog}
      {message && (
        <p
          className={`ticket-message ticket-${message.tone}`}
          data-testid="ticket-message"
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.myTickets ? (
            // 13015: the whole message leads to My tickets, and clicking it closes the dialog (spec 001 §8).
            <Link to="/showorder/myticket" onClick={closeDetail} className="ticket-message-link">
              {message.text} My tickets
            </Link>
          ) : (
            message.text
          )}
          {message.addCredits && (
            <>
              {' '}
              <AddCreditsLink clickFrom={ClickFrom.showDetail} resume={ticketResume(show)} />
            </>
          )}
        </p>
      )}
    </Modal>
  );
}
