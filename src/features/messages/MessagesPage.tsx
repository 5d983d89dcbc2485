/**
 * /mymessage (spec 002 §2 "Private message page"): the contacts panel on the left, the conversation
 * on the right with the book, One-on-One and premium-public actions and the Intimacy popup.
 * `?to=<anchor id>` opens a conversation. On a phone they take turns: the list, then the
 * conversation filling the screen with its composer at the bottom and a way back to the list.
 * What the device holds shows at once, then the network's.
 */

import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Messages } from '../../../protocol/errors';
import { MessageTexts } from '../../../protocol/messages/messages';
import { chatBadge } from '../../app/layout/badges';
import { useOnline } from '../../app/use-online';
import { userState } from '../../state/user';
import { ContactsPanel } from './ContactsPanel';
import { Conversation } from './Conversation';
import { ConversationHeader } from './ConversationHeader';
import { useMessageEvents } from './events';
import {
  closeConversation,
  flushOutbox,
  loadContacts,
  loadConversations,
  messagesState,
  openConversation,
  setOwner,
} from './store';
import { pmUnread } from './unread';
import './messages.css';

export function OfflineBanner() {
  const snap = useSnapshot(messagesState);
  const online = useOnline();
  if (online && !snap.stale) return null;
  return (
    <p className="pm-offline-banner" role="status" data-testid="pm-offline">
      {online ? Messages.badNetwork : Messages.offline} Showing the messages saved on this device; they may be
      out of date. Messages you write are sent when you are back online.
    </p>
  );
}

export function MessagesPage() {
  const { me } = useSnapshot(userState);
  const unreadSnap = useSnapshot(pmUnread);
  const snap = useSnapshot(messagesState);
  const search = useSearch({ strict: false }) as { to?: string };
  const navigate = useNavigate();
  const peer = typeof search.to === 'string' ? search.to : '';
  const owner = me?.userid ?? '';

  useMessageEvents();
  useEffect(() => {
    if (!owner) return;
    setOwner(owner);
    void loadConversations();
    void loadContacts();
    void flushOutbox();
  }, [owner]);
  useEffect(() => {
    if (!owner) return;
    if (peer) void openConversation(peer);
    else closeConversation();
  }, [owner, peer]);

  const unread = chatBadge(unreadSnap.total);
  const noMessages = snap.conversationsStatus === 'ready' && !snap.conversations.length;
  return (
    // An open conversation fills the screen on a phone (shell.css).
    <div className={`page pm-page${peer ? ' page-fill' : ''}`}>
      <h1 className="page-title">
        Messages{' '}
        {unread && (
          <span className="pm-unread" data-testid="pm-total-unread">
            {unread}
            <span className="visually-hidden"> unread</span>
          </span>
        )}
      </h1>
      <OfflineBanner />
      <div className={`pm-layout${peer ? ' pm-has-peer' : ''}`}>
        <ContactsPanel
          active={peer}
          onOpen={(id) => void navigate({ to: '/mymessage', search: { to: id } })}
        />
        {/* On a phone the hint to choose is left out: the list is the page. */}
        <div className={`pm-main card${peer || noMessages ? '' : ' pm-main-hint'}`}>
          {peer ? (
            <Conversation key={peer} peer={peer} header={<ConversationHeader peer={peer} />} />
          ) : (
            <p className="pm-note pm-pick">
              {noMessages ? MessageTexts.noMessages : 'Choose a contact to read and write messages.'}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
