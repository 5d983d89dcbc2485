/** /showorder/schs (the show calendar) and /showorder/myticket (My tickets, current and history). */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { SHOW_LIST_STEP, ShowMessages } from '../../../protocol/shows/shows';
import { userState } from '../../state/user';
import { getMyTickets, getShowList } from './api';
import { usePaged } from './paged';
import { ShowDialogs } from './ShowDialogs';
import { ShowList } from './ShowList';
import { showsUi } from './store';
import { readTickets, saveTickets } from './ticket-cache';
import './shows.css';

function Tabs({ current }: { current: 'schs' | 'myticket' }) {
  return (
    <nav className="show-tabs" aria-label="Shows">
      <Link to="/showorder/schs" className="show-tab" aria-current={current === 'schs' ? 'page' : undefined}>
        Show calendar
      </Link>
      <Link
        to="/showorder/myticket"
        className="show-tab"
        aria-current={current === 'myticket' ? 'page' : undefined}
      >
        My tickets
      </Link>
    </nav>
  );
}

export function ShowCalendarPage() {
  const { version } = useSnapshot(showsUi);
  const paged = usePaged(getShowList, SHOW_LIST_STEP, 'calendar', version);
  return (
    <div className="page shows-page">
      <h1 className="page-title">Shows</h1>
      <p className="muted">Scheduled shows by our broadcasters, at times in your own time zone.</p>
      <Tabs current="schs" />
      <ShowList
        paged={paged}
        failedText={ShowMessages.loadShowsFailed}
        emptyText="No shows are scheduled right now."
        testId="show-calendar"
      />
      <ShowDialogs />
    </div>
  );
}

export function MyTicketsPage() {
  const { version } = useSnapshot(showsUi);
  const [history, setHistory] = useState(false);
  const userid = useSnapshot(userState).me?.userid ?? '';
  const paged = usePaged(
    (start, step) => getMyTickets(history, start, step),
    SHOW_LIST_STEP,
    `${userid}:${history ? 'history' : 'current'}`,
    version,
    {
      read: () => readTickets(userid, history),
      write: (list) => void saveTickets(userid, history, list),
    },
  );
  return (
    <div className="page shows-page">
      <h1 className="page-title">My tickets</h1>
      <p className="muted">The shows you hold tickets for, at times in your own time zone.</p>
      <Tabs current="myticket" />
      <fieldset className="ticket-views" aria-label="Which tickets">
        <button
          type="button"
          className={`btn btn-small ${history ? 'btn-ghost' : 'btn-secondary'}`}
          aria-pressed={!history}
          onClick={() => setHistory(false)}
        >
          Upcoming
        </button>
        <button
          type="button"
          className={`btn btn-small ${history ? 'btn-secondary' : 'btn-ghost'}`}
          aria-pressed={history}
          data-testid="ticket-history"
          onClick={() => setHistory(true)}
        >
          History
        </button>
      </fieldset>
      <ShowList
        paged={paged}
        history={history}
        failedText={ShowMessages.loadTicketsFailed}
        emptyText={history ? 'No past tickets yet.' : 'You have no tickets for upcoming shows.'}
        testId="my-tickets"
      />
      <ShowDialogs />
    </div>
  );
}
