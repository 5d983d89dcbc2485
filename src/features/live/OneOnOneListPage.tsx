/**
 * /oneononelist, the member's One-on-One page: the One-on-One invitations of the last 10 minutes
 * (the bell's recent list, spec 001 §4, each counting down from 600 s with its Accept) and his own
 * last One-on-One sessions from the server, with when, how long and what each cost.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  LiveSessionsApi,
  type MySessionsAnswer,
  type OneOnOneSession,
} from '../../../protocol/live/live-sessions';
import { moneyLabel } from '../../../protocol/money';
import { call } from '../../api/http';
import { useRequest } from '../../api/use-request';
import { Avatar } from '../../app/layout/Avatar';
import { When } from '../../app/time/When';
import { useOnline } from '../../app/use-online';
import { configState, currencyOf } from '../../state/config';
import { notificationsState } from '../../state/notifications';
import { inviteStore } from '../invites';
import { formatLeft, type RecentEntry, secondsLeft } from '../invites/recent';
import { actionOf } from '../invites/store';
import { bubbleText } from '../invites/text';
import { endNote, openInvites, sessionLength } from './one-on-one-list';
import './one-on-one-list.css';
import { ErrorRetry } from '../../app/layout/ErrorRetry';

const mySessions = () => call<MySessionsAnswer>(LiveSessionsApi.mine, {}, { method: 'GET' });

export function OneOnOneListPage() {
  return (
    <div className="page one-on-one-page" data-testid="one-on-one-page">
      <h1 className="page-title">One-on-One</h1>
      <Invitations />
      <Sessions />
    </div>
  );
}

/** The clock the countdowns read, once a second. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Invitations() {
  const { recent, recentReady } = useSnapshot(notificationsState);
  const now = useNow();
  const headingId = useId();
  const invites = openInvites(recent as RecentEntry[], now);
  return (
    <section className="section" aria-labelledby={headingId} data-testid="one-on-one-invitations">
      <div className="section-head">
        <h2 id={headingId}>Invitations</h2>
        <p>From the last 10 minutes</p>
      </div>
      {!recentReady ? (
        <p className="muted" role="status">
          Loading invitations…
        </p>
      ) : invites.length === 0 ? (
        <div className="empty-state">
          <p>No One-on-One invitations in the last 10 minutes</p>
          <p className="oo-hint">When a broadcaster invites you, her invitation waits here for 10 minutes.</p>
        </div>
      ) : (
        <ul className="oo-list">
          {invites.map((entry) => (
            <InviteRow key={entry.key} entry={entry} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InviteRow({ entry, now }: { entry: RecentEntry; now: number }) {
  const navigate = useNavigate();
  const action = actionOf(entry.type, entry.data);
  const left = secondsLeft(entry, now);
  const name = entry.data.nick_name || 'A broadcaster';
  const accept = () => {
    if (!action) return;
    // As the bubble's Accept: its bubble (if still up) goes in every tab, then her room opens.
    inviteStore.close(entry.id, 'accept');
    void navigate({ to: action.to, search: action.search });
  };
  return (
    <li className="oo-row" data-testid="one-on-one-invite" data-invite-id={entry.id}>
      <Avatar src={entry.data.photourl ?? ''} name={name} size={52} />
      <div className="oo-main">
        <span className="oo-name">{name}</span>
        <span className="oo-text">{bubbleText(entry)}</span>
        <span className="oo-left" data-testid="invite-time-left">
          {formatLeft(left)} left
        </span>
      </div>
      {action && (
        <button
          type="button"
          className="btn btn-primary btn-small oo-action"
          aria-label={`${action.label} ${name}'s invitation`}
          onClick={accept}
        >
          {action.label}
        </button>
      )}
    </li>
  );
}

function Sessions() {
  const [state, retry] = useRequest(mySessions, 'mine');
  const online = useOnline();
  const headingId = useId();
  const failed = state.status === 'error';
  // The network came back after a failed load: try again without waiting for a click.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current && failed) retry();
    wasOnline.current = online;
  }, [online, failed, retry]);
  return (
    <section className="section" aria-labelledby={headingId} data-testid="one-on-one-sessions">
      <div className="section-head">
        <h2 id={headingId}>Your One-on-One sessions</h2>
      </div>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading your sessions…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.list.length === 0 && (
        <div className="empty-state">
          <p>You have not had a One-on-One yet</p>
          <Link to="/masterlist" className="btn btn-primary">
            Discover broadcasters
          </Link>
        </div>
      )}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <ul className="oo-list">
          {state.data.list.map((session) => (
            <SessionRow key={session.session_id} session={session} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionRow({ session }: { session: OneOnOneSession }) {
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  const length = sessionLength(session);
  const note = endNote(session.end_status);
  const { anchor } = session;
  return (
    <li className="oo-row" data-testid="one-on-one-session" data-session-id={session.session_id}>
      <Avatar src={anchor.photourl} name={anchor.nickname} size={44} />
      <div className="oo-main">
        <Link to="/anchor/$id" params={{ id: anchor.anchor_id }} className="oo-name">
          {anchor.nickname}
        </Link>
        <span className="oo-text">
          <When seconds={session.started_at} short /> · {length ?? 'In progress'}
        </span>
        {note && <span className="oo-note">{note}</span>}
      </div>
      <span className="oo-cost" data-testid="session-cost">
        {moneyLabel(session.credits, words, multiplier)}
      </span>
    </li>
  );
}
