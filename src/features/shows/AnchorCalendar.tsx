/** My Calendar of shows on the broadcaster profile: her upcoming shows, two at a time (spec 002 §9). */
import { useSnapshot } from 'valtio';
import { PROFILE_SHOWS_STEP, ShowMessages } from '../../../protocol/shows/shows';
import { getAnchorShows } from './api';
import { usePaged } from './paged';
import { ShowDialogs } from './ShowDialogs';
import { ShowList } from './ShowList';
import { showsUi } from './store';
import './shows.css';

export function AnchorCalendar({ anchorId, nickname }: { anchorId: string; nickname: string }) {
  const { version } = useSnapshot(showsUi);
  const paged = usePaged(
    (start, step) => getAnchorShows(anchorId, start, step),
    PROFILE_SHOWS_STEP,
    anchorId,
    version,
  );
  return (
    <section className="card profile-panel" aria-labelledby="calendar-title" data-testid="anchor-calendar">
      <h2 id="calendar-title">My Calendar of shows</h2>
      <ShowList
        paged={paged}
        compact
        // Her calendar sits below the profile's first screen: its covers load as it is scrolled near.
        firstScreenCards={0}
        failedText={ShowMessages.loadShowsFailed}
        emptyText={`${nickname} has no upcoming shows.`}
        testId="anchor-shows"
      />
      <ShowDialogs />
    </section>
  );
}
