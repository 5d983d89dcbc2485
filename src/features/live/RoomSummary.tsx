/**
 * After a paid room: what it lasted and what it cost, both read from the server (his visit's times
 * and the ledger's charge, never a clock in this page), a way to invite her to a One-on-One again
 * (the profile's request: its price confirmed first) and back to her profile.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { LastVisitAnswer } from '../../../protocol/live/live-room';
import { errorText } from '../../api/use-request';
import { InviteOneOnOneButton, RequestMessages } from '../requests/ProfileRequests';
import { lastVisit } from './room-api';
import { visitMs } from './room-view';
import { type RoomKind, summaryText } from './room-words';

/** The visit is closed as the room ends; if the read races the close, ask again shortly. */
const CLOSE_TRIES = 5;
const CLOSE_WAIT_MS = 400;

async function closedVisit(roomId: string): Promise<{ visit: LastVisitAnswer; at: number }> {
  let visit = await lastVisit(roomId);
  for (let i = 1; i < CLOSE_TRIES && visit.started_at && !visit.ended_at; i++) {
    await new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS));
    visit = await lastVisit(roomId);
  }
  return { visit, at: Math.floor(Date.now() / 1000) };
}

export function RoomSummary({
  roomId,
  anchorId,
  nickname,
  kind,
}: {
  roomId: string;
  anchorId: string;
  nickname: string;
  kind: RoomKind;
}) {
  const [state, setState] = useState<
    | { status: 'loading' }
    | { status: 'ready'; text: string; credits: number }
    | { status: 'error'; error: string }
  >({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    closedVisit(roomId).then(
      ({ visit, at }) =>
        live &&
        setState({
          status: 'ready',
          text: summaryText(kind, nickname, visitMs(visit, at), visit.credits),
          credits: visit.credits,
        }),
      (error: unknown) => live && setState({ status: 'error', error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [roomId, kind, nickname, attempt]);

  return (
    <section className="live-summary" aria-label="Your visit" data-testid="room-summary">
      {state.status === 'loading' && <p role="status">Adding up your visit…</p>}
      {state.status === 'error' && (
        <p role="alert">
          {state.error}{' '}
          <button type="button" className="btn btn-small" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </button>
        </p>
      )}
      {state.status === 'ready' && (
        <p data-testid="room-summary-text" data-spent={state.credits}>
          {state.text}
        </p>
      )}
      <div className="live-actions">
        <InviteOneOnOneButton
          anchorId={anchorId}
          nickname={nickname}
          label={`Invite ${nickname} to a One-on-One`}
          className="btn btn-primary"
        />
        <Link to="/anchor/$anchorId" params={{ anchorId }} className="btn btn-ghost">
          Back to {nickname}'s profile
        </Link>
      </div>
      <RequestMessages anchorId={anchorId} nickname={nickname} />
    </section>
  );
}
