/**
 * His room after it ended: why, in the spec's words; after a paid room its summary (what it lasted
 * and cost, inviting her again); a show refused for want of a ticket offers Get ticket. Both load
 * only when needed: most ends need neither.
 */
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { LiveText } from '../../../protocol/live/live';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { canPlayLive } from './rtc';
import type { LiveSearch } from './search';
import type { RoomState } from './use-watched-room';

const RoomSummary = lazy(() => import('./RoomSummary').then((m) => ({ default: m.RoomSummary })));
const ShowTicketOffer = lazy(() => import('./ShowTicketOffer').then((m) => ({ default: m.ShowTicketOffer })));

export function RoomEnded({
  state,
  search,
  onRetry,
}: {
  state: Extract<RoomState, { phase: 'ended' }>;
  search: LiveSearch;
  onRetry: () => void;
}) {
  return (
    <div className="live-stage live-stage-ended">
      <p role="alert" data-testid="live-end">
        {state.text}
      </p>
      <Suspense fallback={<p role="status">{LiveText.loading}</p>}>
        {state.visit && (
          <RoomSummary
            roomId={state.visit.roomId}
            anchorId={search.anchorid}
            nickname={state.visit.nickname}
            kind={state.visit.kind}
          />
        )}
        {state.ticket && search.liveShowid && <ShowTicketOffer liveShowId={search.liveShowid} />}
      </Suspense>
      <div className="live-actions">
        {state.text === LiveText.lackCredit && (
          <AddCreditsLink clickFrom={ClickFrom.liveEnded} className="btn btn-primary" />
        )}
        {/* After a paid room the summary leads on: entering again is from her profile, price first. */}
        {canPlayLive() && !state.visit && (
          <button type="button" className="btn" onClick={onRetry}>
            Try again
          </button>
        )}
        <Link to="/masterlist" className="btn btn-ghost">
          Back to Discover
        </Link>
      </div>
    </div>
  );
}
