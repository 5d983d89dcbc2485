/**
 * Keeps the message store live while a message page is mounted: the socket's
 * imShare/sendPrivateMessageNotice, and the network or the socket coming back (send the outbox,
 * then refresh what notices may have been missed).
 */
import { useEffect } from 'react';
import {
  INTIMACY_LEVEL_UP_ROUTE,
  type IntimacyLevelUpNotice,
  PRIVATE_MESSAGE_NOTICE_ROUTE,
  type PrivateMessageNotice,
} from '../../../protocol/messages/messages';
import { onRealtime } from '../../app/realtime-later';
import { applyNotice, flushOutbox, loadConversations, messagesState, openConversation } from './store';

export function useMessageEvents() {
  useEffect(() => {
    const online = () => {
      void flushOutbox().then(() => {
        void loadConversations();
        if (messagesState.peer) void openConversation(messagesState.peer);
      });
    };
    window.addEventListener('online', online);
    // A (re)connected socket may have missed some notices: send what waits, then catch up.
    const offSocket = onRealtime((realtime) => {
      const off = realtime.on<PrivateMessageNotice>(PRIVATE_MESSAGE_NOTICE_ROUTE, applyNotice);
      // He reached a new level with her (her room, a chat, a letter…): the editor opens at once.
      const offLevel = realtime.on<IntimacyLevelUpNotice>(INTIMACY_LEVEL_UP_ROUTE, (notice) => {
        if (notice && messagesState.peer === notice.anchor_id) messagesState.peerIntimacy = notice.intimacy;
      });
      const offStatus = realtime.onStatus((status) => {
        if (status === 'online') online();
      });
      return () => {
        off();
        offLevel();
        offStatus();
      };
    });
    return () => {
      offSocket();
      window.removeEventListener('online', online);
    };
  }, []);
}
