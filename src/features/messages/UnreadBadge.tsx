/**
 * The unread private-message count on the main menu's Messages item ('9+' over 9, spec 002 §9):
 * read once when a member's menu shows, then kept by the socket's notices and by reading.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { PRIVATE_MESSAGE_NOTICE_ROUTE, type PrivateMessageNotice } from '../../../protocol/messages/messages';
import { menuBadge } from '../../app/layout/badges';
import { realtime } from '../../realtime';
import { userState } from '../../state/user';
import { getConversations } from './api';
import { pmUnread } from './unread';
import './messages.css';

export function UnreadBadge() {
  const { me } = useSnapshot(userState);
  const { total: totalUnread } = useSnapshot(pmUnread);
  const member = me?.role === 'man' ? me.userid : '';
  useEffect(() => {
    if (!member) return;
    getConversations(0, 1).then(
      (data) => {
        pmUnread.total = data.total_unread;
      },
      () => undefined,
    );
    return realtime.on<PrivateMessageNotice>(PRIVATE_MESSAGE_NOTICE_ROUTE, (notice) => {
      pmUnread.total = notice.total_unread;
    });
  }, [member]);
  const badge = member ? menuBadge(totalUnread) : '';
  if (!badge) return null;
  return (
    <span className="nav-badge" data-testid="nav-unread">
      {badge}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
