/** The notification bell: the count of unread recent invitations (capped at '...' over 9) and the list. */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { notificationsState } from '../../state/notifications';
import { bellBadge } from './badges';
import { BellIcon } from './icons';
import { useDismiss } from './use-dismiss';

// The bell shows at once; the invitation machinery behind it comes after first paint (App).
const RecentList = lazy(() =>
  import('../../features/invites/RecentList').then((m) => ({ default: m.RecentList })),
);

export function NotificationBell() {
  const { recent, readAt } = useSnapshot(notificationsState);
  const [open, setOpen] = useState(false);
  const [unreadAfter, setUnreadAfter] = useState(0);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  useDismiss(root, open, () => setOpen(false));
  const unread = recent.filter((entry) => entry.at > readAt).length;
  const badge = bellBadge(unread);

  const toggle = () => {
    // Opening the list reads it; closing it again leaves the count at zero.
    if (!open) {
      setUnreadAfter(readAt);
      void import('../../features/invites').then((m) => m.markBellRead());
    }
    setOpen((o) => !o);
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
          <Suspense fallback={null}>
            <RecentList unreadAfter={unreadAfter} onPick={() => setOpen(false)} />
          </Suspense>
        </section>
      )}
    </div>
  );
}
