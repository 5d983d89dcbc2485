/**
 * The scheduled One-on-One request a member's mail carries, inside the letter: its state, time and
 * the discounted deposit. The member may cancel it before its start (the reservation fee comes back);
 * the broadcaster answers it (handleBooking) once she has opened the mail. The lifecycle is the
 * booking's: accepted, declined, expired, cancelled, refunded exactly once.
 */
import { Link } from '@tanstack/react-router';
import { MailMessages, type MailSchedule } from '../../../protocol/mail/mail';
import { useAction } from '../../api/use-action';
import { When } from '../../app/time/When';
import { balancesState } from '../../state/balances';
import { AnswerButtons } from '../booking/AnswerButtons';
import { cancelBooking, handleBooking } from '../booking/api';
import { STATUS_LABELS } from '../booking/rules';

export function LetterSchedule({
  schedule,
  side,
  onChanged,
}: {
  schedule: MailSchedule;
  /** 'member': his letter (cancel); 'lady': her copy (accept or decline). */
  side: 'member' | 'lady';
  onChanged: () => void;
}) {
  const { busy, error, act } = useAction(onChanged);
  const s = schedule;
  const upcoming = s.book_time * 1000 > Date.now();
  return (
    <section className="letter-schedule" data-testid="letter-schedule" data-status={s.status}>
      <h3>Scheduled One-on-One request</h3>
      <p>
        <When seconds={s.book_time} /> ·{' '}
        <strong data-testid="letter-schedule-status">{STATUS_LABELS[s.status]}</strong>
      </p>
      <p className="muted">
        Deposit {s.deposit.toFixed(2)} credits instead of {s.original_deposit.toFixed(2)} (
        {s.discount_percent}% off, sent by mail)
        {s.status === 'pending' || s.status === 'accepted' ? '' : refundNote(s.status)}
      </p>
      {error && (
        <p className="form-error" role="alert" data-testid="letter-schedule-error">
          {error}
        </p>
      )}
      <div className="letter-actions">
        {side === 'lady' && s.status === 'pending' && upcoming && (
          <AnswerButtons
            busy={busy}
            onAnswer={(type) => void act(() => handleBooking(s.invitation_id, type))}
          />
        )}
        {side === 'member' && upcoming && (s.status === 'pending' || s.status === 'accepted') && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            data-testid="letter-schedule-cancel"
            onClick={() =>
              void act(
                async () => {
                  const answer = await cancelBooking(s.invitation_id);
                  balancesState.credit = answer.left_credit;
                },
                MailMessages.cancelScheduleConfirm.replace('{fee}', s.deposit.toFixed(2)),
              )
            }
          >
            Cancel request
          </button>
        )}
        {side === 'member' && (
          <Link
            to="/schedule/detail"
            search={{ id: s.invitation_id }}
            className="btn btn-secondary btn-small"
          >
            Details
          </Link>
        )}
      </div>
    </section>
  );
}

function refundNote(status: MailSchedule['status']): string {
  if (status === 'completed') return '.';
  return '; the deposit has been refunded.';
}
