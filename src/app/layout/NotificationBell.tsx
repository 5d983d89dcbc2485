/**
 * The notification bell: the count of unread entries of the notification centre (capped at '...'
 * over 9; invitations, mail, messages, bookings answered, shows; read once on every device) and
 * the centre itself, loaded on first open. Before the centre's list has loaded it counts the recent
 * invitations as before.
 */
import { Suspense, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { noticeCentre, unreadNotices } from '../../state/notice-centre';
import { notificationsState } from '../../state/notifications';
import { lazyWhenOnline } from '../lazy-online';
import { bellBadge } from './badges';
import { BellIcon } from './icons';
import { useDismiss } from './use-dismiss';

// The bell shows at once; the centre behind it comes on first open (the start bundle stays small).
const NoticeCentre = lazyWhenOnline(() =>
  import('../../features/notifications/NoticeCentre').then((m) => ({ default: m.NoticeCentre })),
);

export function NotificationBell() {
  const { recent, readAt } = useSnapshot(notificationsState);
  const centre = useSnapshot(noticeCentre);
  const open = centre.open;
  const setOpen = (next: boolean) => {
    noticeCentre.open = next;
  };
  const [unreadAfter, setUnreadAfter] = useState(0);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  useDismiss(root, open, () => setOpen(false));
  const unread = centre.ready ? unreadNotices(centre) : recent.filter((entry) => entry.at > readAt).length;
  const badge = bellBadge(unread);

  const toggle = () => {
    // Opening the list reads it; closing it again leaves the count at zero.
    if (!open) {
      setUnreadAfter(readAt);
      void import('../../features/invites').then((m) => m.markBellRead());
    }
    setOpen(!open);
  };

  return (
    <div className="popover-root" ref={root}>
      <button
        type="button"
        className="icon-button"
        data-testid="notification-bell"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={toggle}
      >
        <BellIcon />
        {badge && (
          <span className="count-badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className="popover notification-panel" aria-label="Notifications">
          <h2 className="popover-title">Notifications</h2>
          <Suspense fallback={<p className="popover-empty">Loading…</p>}>
            <NoticeCentre unreadAfter={unreadAfter} onPick={() => setOpen(false)} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
