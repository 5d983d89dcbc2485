/** One booking as the member's pages show it, with the actions its state allows. */
import { Link } from '@tanstack/react-router';
import type { BookingItem } from '../../../protocol/bookings/booking';
import { Messages } from '../../../protocol/errors';
import { useAction } from '../../api/use-action';
import { When } from '../../app/time/When';
import { balancesState } from '../../state/balances';
import { AnswerButtons } from './AnswerButtons';
import { cancelBooking, handleBooking } from './api';
import { canStartNow, STATUS_LABELS } from './rules';

export function BookingCard({
  booking,
  now,
  onChanged,
  showDetailLink = true,
}: {
  booking: BookingItem;
  now: number;
  onChanged: () => void;
  showDetailLink?: boolean;
}) {
  const { busy, error, act } = useAction(onChanged, Messages.bookRequestFailed);
  const b = booking;
  const upcoming = b.book_time * 1000 > now;
  const who = b.kind === 'invite' ? `${b.anchor_nickname} invites you` : `With ${b.anchor_nickname}`;
  return (
    <li className="booking-card" data-testid={`booking-${b.invitation_id}`}>
      <img src={b.anchor_avatar} alt="" width={48} height={48} />
      <div className="booking-card-main">
        <strong>{who}</strong>
        <When seconds={b.book_time} />
        <span className="booking-status">
          {STATUS_LABELS[b.status]}
          {b.deposit > 0 && ` · deposit ${b.deposit.toFixed(2)}`}
          {b.giftid && ` · gift ×${b.gift_num}`}
          {b.need_sms === 1 && ' · SMS reminder'}
        </span>
        {error && (
          <span className="booking-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <div className="booking-card-actions">
        {b.kind === 'invite' && b.status === 'pending' && upcoming && (
          <AnswerButtons
            busy={busy}
            onAnswer={(type) => void act(() => handleBooking(b.invitation_id, type))}
          />
        )}
        {canStartNow(b, now) && (
          <Link
            to="/live"
            search={{ anchorid: b.anchor_id, type: 'private', roomid: `PV${b.invitation_id}` }}
            className="btn btn-primary btn-small"
          >
            Start Now
          </Link>
        )}
        {upcoming && (b.status === 'accepted' || (b.status === 'pending' && b.kind === 'request')) && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                const answer = await cancelBooking(b.invitation_id);
                balancesState.credit = answer.left_credit;
              }, 'Cancel this booking? Your reservation fee will be refunded.')
            }
          >
            Cancel
          </button>
        )}
        {showDetailLink && (
          <Link
            to="/schedule/detail"
            search={{ id: b.invitation_id }}
            className="btn btn-secondary btn-small"
          >
            Details
          </Link>
        )}
      </div>
    </li>
  );
}
