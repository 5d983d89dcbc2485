/** The bell's list: recent invitations (IndexedDB, newest first) with the time each has left. */
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { notificationsState } from '../../state/notifications';
import { DesktopAlertsButton } from './DesktopAlerts';
import { formatLeft, type RecentEntry, secondsLeft } from './recent';
import { actionOf } from './store';
import { bubbleText } from './text';
import './invites.css';

/**
 * `unreadAfter`: entries newer than this are marked unread (the bell's read time before it opened);
 * `unreadKeys`, when given, the centre's unread keys instead (`invite:<id>`, read on every device).
 * `emptyText` null: nothing when empty (the centre lists other things).
 */
export function RecentList({
  onPick,
  unreadAfter,
  unreadKeys,
  emptyText = 'No notifications',
}: {
  onPick: () => void;
  unreadAfter: number;
  unreadKeys?: ReadonlySet<string>;
  emptyText?: string | null;
}) {
  const { recent } = useSnapshot(notificationsState);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  return (
    <>
      {recent.length === 0 ? (
        emptyText && <p className="popover-empty">{emptyText}</p>
      ) : (
        <ul className="notification-list recent-list">
          {(recent as RecentEntry[]).map((entry) => (
            <RecentItem
              key={entry.key}
              entry={entry}
              now={now}
              unread={unreadKeys ? unreadKeys.has(`invite:${entry.id}`) : entry.at > unreadAfter}
              onPick={onPick}
            />
          ))}
        </ul>
      )}
      <p className="recent-footer">
        <Link to="/oneononelist" onClick={onPick} data-testid="all-one-on-one">
          All One-on-One invitations
        </Link>
      </p>
      <DesktopAlertsButton />
    </>
  );
}

interface ItemProps {
  entry: RecentEntry;
  now: number;
  unread: boolean;
  onPick: () => void;
}

function RecentItem({ entry, now, unread, onPick }: ItemProps) {
  const navigate = useNavigate();
  const action = actionOf(entry.type, entry.data);
  const left = secondsLeft(entry, now);
  const name = entry.data.nick_name || 'A broadcaster';
  const content = (
    <>
      {entry.data.photourl ? (
        <img className="recent-photo" src={entry.data.photourl} alt="" width={36} height={36} />
      ) : (
        <span className="recent-photo invite-photo-empty" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      )}
      <span className="recent-body">
        <span className="recent-name">{name}</span>
        <span className="recent-text">{bubbleText(entry)}</span>
        <span className="recent-left" data-testid="recent-time-left">
          {left > 0 ? `${formatLeft(left)} left` : 'Expired'}
        </span>
      </span>
    </>
  );
  return (
    <li className={unread ? 'unread' : undefined} data-testid="recent-invite" data-invite-id={entry.id}>
      {action && left > 0 ? (
        <button
          type="button"
          className="recent-item"
          onClick={() => {
            onPick();
            void navigate({ to: action.to, search: action.search });
          }}
        >
          {content}
        </button>
      ) : (
        <div className="recent-item">{content}</div>
      )}
    </li>
  );
}
