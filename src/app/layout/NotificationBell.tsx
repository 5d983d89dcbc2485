/** The notification bell: the count of unread recent invitations (capped at '...' over 9) and the list. */
import { useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { markBellRead } from '../../features/invites';
import { RecentList } from '../../features/invites/RecentList';
import { notificationsState } from '../../state/notifications';
import { bellBadge } from './badges';
import { BellIcon } from './icons';
import { useDismiss } from './use-dismiss';

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
      markBellRead();
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
          <RecentList unreadAfter={unreadAfter} onPick={() => setOpen(false)} />
        </section>
      )}
    </div>
  );
}
