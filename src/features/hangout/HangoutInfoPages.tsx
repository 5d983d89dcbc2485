/**
 * /howhangoutwork (how a hang-out works, as /help/service-intro/hang-out tells it, with the price)
 * and /hangoutdetail?id= (who is in his hang-out now and how to join one).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import {
  HANGOUT_ALREADY,
  HANGOUT_CREDIT_PER_MINUTE,
  HANGOUT_SLOTS,
  type HangoutRoom,
  type HangoutStatusEntry,
} from '../../../protocol/hangouts/hangout';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { getHangoutRoom, getHangoutStatus } from './api';
import './hangout.css';

const STEPS = [
  "Open a broadcaster's profile and choose Hang-out. You see her friends who may join you.",
  'Choose Enter Hang-out Room: she is asked, and your room opens as soon as she starts it on camera.',
  `She invites up to ${HANGOUT_SLOTS} of her friends. Each knocks with her camera and comes in when she lets her in.`,
  'You see each of them on camera and chat with all of them in the room.',
  `It costs ${HANGOUT_CREDIT_PER_MINUTE} credits for each minute you start, paid from your credit as you stay. When your credit runs out the hang-out closes.`,
  'You can be in one hang-out at a time. Leaving ends it.',
];

export function HowHangoutWorkPage() {
  return (
    <div className="page hangout-page">
      <h1 className="page-title">How Hang-out works</h1>
      <p>
        A Hang-out is a room where a broadcaster brings her friends along. You see each of them on camera and
        chat with all of them.
      </p>
      <ol className="hangout-steps">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        <Link to="/help/service-intro/hang-out">Hang-out in the help centre</Link>
      </p>
    </div>
  );
}

type Detail =
  | { phase: 'loading' }
  | { phase: 'none' }
  | { phase: 'error'; text: string }
  | { phase: 'in'; room: HangoutRoom };

export function HangoutDetailPage({ id }: { id?: string }) {
  const [detail, setDetail] = useState<Detail>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setDetail({ phase: 'loading' });
    getHangoutStatus()
      .then(
        () => ({ phase: 'none' }) as Detail,
        async (e: unknown) => {
          const entry =
            e instanceof ApiError && e.errno === HANGOUT_ALREADY ? (e.data as HangoutStatusEntry[])[0] : null;
          if (!entry) throw e;
          return { phase: 'in', room: await getHangoutRoom(entry.live_room_id) } as Detail;
        },
      )
      .then(
        (d) => live && setDetail(d),
        (e: unknown) => live && setDetail({ phase: 'error', text: errorText(e) }),
      );
    return () => {
      live = false;
    };
  }, [attempt]);
  return (
    <div className="page hangout-page">
      <h1 className="page-title">Hang-out details</h1>
      {detail.phase === 'loading' && <p role="status">Loading…</p>}
      {detail.phase === 'error' && (
        <ErrorRetry message={detail.text} onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {detail.phase === 'none' && (
        <p>
          You are not in a hang-out now. To join one, open a broadcaster's profile and choose Hang-out
          {id ? (
            <>
              {' '}
              (
              <Link to="/anchor/$anchorId" params={{ anchorId: id }}>
                her profile
              </Link>
              )
            </>
          ) : null}
          .
        </p>
      )}
      {detail.phase === 'in' && (
        <section aria-label="Who is in this hang-out">
          <p>
            Your hang-out with {detail.room.anchor.nickname}, {detail.room.credit_per_minute.toFixed(2)}{' '}
            credits a minute.
          </p>
          <ul data-testid="hangout-people">
            <li>{detail.room.anchor.nickname} (host, on camera)</li>
            {detail.room.slots
              .filter((s) => s.anchorData && s.url.length > 0)
              .map((s) => (
                <li key={s.index}>{s.anchorData?.nickname} (on camera)</li>
              ))}
            <li>You</li>
          </ul>
          <Link to="/hangout" search={{ id: detail.room.anchor.anchor_id }} className="btn btn-primary">
            Back to the hang-out room
          </Link>
        </section>
      )}
      <p>
        <Link to="/howhangoutwork">How Hang-out works</Link>
      </p>
    </div>
  );
}
