/**
 * The notification centre, in the bell's panel (loaded on first open): the invitations of now with
 * the time each has left (src/features/invites/RecentList), then mail, messages, answered bookings
 * and shows, newest first; do not disturb for an hour, or its end and the way back. What the panel
 * shows as unread is read once it has been opened: on every device (the server keeps the marks and
 * tells his other devices).
 */

import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Messages } from '../../../protocol/errors';
import { type NoticeItem, NoticeText } from '../../../protocol/notices/notices';
import { errorText } from '../../api/use-request';
import { isDnd, noticeCentre } from '../../state/notice-centre';
import { notificationsState } from '../../state/notifications';
import { RecentList } from '../invites/RecentList';
import { markRead, refreshCentre, setQuiet } from './centre';
import './notice-centre.css';

const clock = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function ago(at: number, now: number): string {
  const s = Math.max(0, Math.round(now / 1000 - at));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(at * 1000).toLocaleDateString();
}

const INVITE_WORDS: Record<string, string> = {
  instant: 'invited you to a One-on-One.',
  auto_private: 'invited you to a One-on-One.',
  scheduled: 'invited you to a scheduled One-on-One.',
  public: 'invited you to her public room.',
  auto_public: 'invited you to her public room.',
  hangout: 'invited you to a Hang-out.',
  livechat: 'invited you to chat.',
};

/** What an entry says, only what it is. */
export function noticeText(item: Pick<NoticeItem, 'kind' | 'detail' | 'nick_name' | 'at'>): string {
  const name = item.nick_name || 'A broadcaster';
  switch (item.kind) {
    case 'mail':
      return item.detail === 'loi' ? `${name} sent you a letter of interest.` : `New mail from ${name}.`;
    case 'message':
      return `New message from ${name}.`;
    case 'booking':
      return item.detail === 'accepted'
        ? `${name} accepted your One-on-One booking.`
        : `${name} declined your One-on-One booking.`;
    case 'show':
      return `${name}'s show "${item.detail}" starts at ${clock(item.at * 1000)}.`;
    default:
      return `${name} ${INVITE_WORDS[item.detail] ?? 'invited you.'}`;
  }
}

/** Where an entry leads (hash routes of the member's app). */
export function noticeHref(item: Pick<NoticeItem, 'kind' | 'anchor_id'>): string {
  switch (item.kind) {
    case 'mail':
      return '#/inbox';
    case 'message':
      return '#/mymessage';
    case 'booking':
      return '#/liverequest';
    case 'show':
      return '#/showorder/myticket';
    default:
      return `#/anchor/${encodeURIComponent(item.anchor_id)}`;
  }
}

export function NoticeCentre({ onPick, unreadAfter }: { onPick: () => void; unreadAfter: number }) {
  const centre = useSnapshot(noticeCentre);
  const [now, setNow] = useState(Date.now);
  // The unread of this opening stay marked while it is open; the marks go to the server at once.
  const [unreadAtOpen, setUnreadAtOpen] = useState<ReadonlySet<string> | undefined>(undefined);
  useEffect(() => {
    void refreshCentre();
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!centre.ready) return;
    const unread = centre.items.filter((i) => i.read === 0).map((i) => i.key);
    if (unread.length === 0) return;
    setUnreadAtOpen((before) => new Set([...(before ?? []), ...unread]));
    void markRead(unread);
  }, [centre.ready, centre.items]);
  const { recent } = useSnapshot(notificationsState);
  const anyInvites = recent.length > 0;
  // Invitations this device has in its recent lists show there (with their time left); the centre
  // adds the others (ones that waited for a place, or reached another device).
  const others = useMemo(() => {
    const here = new Set(recent.map((entry) => `invite:${entry.id}`));
    return centre.items.filter((i) => i.kind !== 'invite' || !here.has(i.key));
  }, [centre.items, recent]);

  return (
    <div className="notice-centre" data-testid="notice-centre">
      <QuietLine now={now} quietUntil={centre.quietUntil} />
      <RecentList
        onPick={onPick}
        unreadAfter={unreadAfter}
        unreadKeys={centre.ready ? (unreadAtOpen ?? new Set()) : undefined}
        emptyText={others.length > 0 ? null : !centre.ready && !centre.failed ? null : 'No notifications'}
      />
      {!centre.ready && !anyInvites && <p className="popover-empty">Loading…</p>}
      {others.length > 0 && (
        <ul className="notification-list notice-list" aria-label="Earlier notifications">
          {others.map((item) => (
            <li
              key={item.key}
              className={unreadAtOpen?.has(item.key) ? 'unread' : undefined}
              data-testid="notice-item"
              data-notice-key={item.key}
              data-read={item.read}
            >
              <a className="notice-item" href={noticeHref(item)} onClick={onPick}>
                {item.photourl ? (
                  <img className="recent-photo" src={item.photourl} alt="" width={36} height={36} />
                ) : (
                  <span className="recent-photo invite-photo-empty" aria-hidden="true">
                    {(item.nick_name || '?').slice(0, 1)}
                  </span>
                )}
                <span className="recent-body">
                  <span className="recent-text">{noticeText(item)}</span>
                  <span className="recent-left">{ago(item.at, now)}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {centre.failed && centre.ready && (
        <p className="notice-offline" role="status">
          {Messages.offline} The list shows what was saved.
        </p>
      )}
    </div>
  );
}

function QuietLine({ now, quietUntil }: { now: number; quietUntil: number }) {
  const [state, setState] = useState<'idle' | 'busy' | { error: string }>('idle');
  const on = isDnd({ quietUntil }, now);
  const toggle = async () => {
    setState('busy');
    try {
      await setQuiet(!on);
      setState('idle');
    } catch (error) {
      setState({ error: errorText(error) });
    }
  };
  return (
    <div className="notice-quiet" data-testid="notice-quiet" data-on={on ? 1 : 0}>
      {on && <span>{NoticeText.quietOn(clock(quietUntil))}</span>}
      <button
        type="button"
        className="btn btn-small"
        disabled={state === 'busy'}
        onClick={() => void toggle()}
      >
        {on ? NoticeText.quietOff : NoticeText.quiet}
      </button>
      {typeof state === 'object' && (
        <p className="notice-error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
