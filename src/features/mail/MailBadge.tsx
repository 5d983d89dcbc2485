/** The unread mail count on the main menu's Mail item (mail plus greeting mail, '9+' over 9). */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { menuBadge } from '../../app/layout/badges';
import { userState } from '../../state/user';
import { listenForMail, mailState, refreshUnread } from './state';

export function MailBadge() {
  const { me } = useSnapshot(userState);
  const { emf, loi } = useSnapshot(mailState);
  const member = me?.role === 'man' ? me.userid : '';
  useEffect(() => {
    if (!member) return;
    refreshUnread().catch(() => undefined);
    return listenForMail();
  }, [member]);
  const badge = member ? menuBadge(emf + loi) : '';
  if (!badge) return null;
  return (
    <span className="nav-badge" data-testid="nav-mail-unread">
      {badge}
      <span className="visually-hidden"> unread mail</span>
    </span>
  );
}
