/**
 * Keeps the message store live while a message page is mounted: the socket's
 * imShare/sendPrivateMessageNotice, and the network coming back (send the outbox, refresh).
 */
import { useEffect } from 'react';
import { PRIVATE_MESSAGE_NOTICE_ROUTE, type PrivateMessageNotice } from '../../../protocol/messages';
import { realtime } from '../../realtime';
import { applyNotice, flushOutbox, loadConversations, messagesState, openConversation } from './store';

export function useMessageEvents() {
  useEffect(() => {
    const off = realtime.on<PrivateMessageNotice>(PRIVATE_MESSAGE_NOTICE_ROUTE, applyNotice);
    const online = () => {
      void flushOutbox().then(() => {
        void loadConversations();
        if (messagesState.peer) void openConversation(messagesState.peer);
      });
    };
    window.addEventListener('online', online);
    const offStatus = realtime.onStatus((status) => {
      if (status === 'online') void flushOutbox();
    });
    return () => {
      off();
      offStatus();
      window.removeEventListener('online', online);
    };
  }, []);
}
