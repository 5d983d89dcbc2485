/** Accept and Decline for a booking waiting on this side's answer (handleBooking type 1 or 2). */
import type { HandleType } from '../invites/api';

export function AnswerButtons({ busy, onAnswer }: { busy: boolean; onAnswer: (type: HandleType) => void }) {
  return (
    <>
      <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => onAnswer(1)}>
        Accept
      </button>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={busy}
        onClick={() => onAnswer(2)}
      >
        Decline
      </button>
    </>
  );
}
