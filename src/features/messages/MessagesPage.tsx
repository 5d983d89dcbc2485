/**
 * /mymessage (spec 002 §2 "Private message page"): the contacts panel on the left, the conversation
 * on the right with the book, One-on-One and premium-public actions and the Intimacy popup.
 * `?to=<anchor id>` opens a conversation. What the device holds shows at once, then the network's.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ONLINE_STATUS_ONLINE } from '../../../protocol/constants';
import { MessageTexts } from '../../../protocol/messages';
import { chatBadge } from '../../app/layout/badges';
import { useOnline } from '../../app/use-online';
import { userState } from '../../state/user';
import { ContactsPanel } from './ContactsPanel';
import { Conversation } from './Conversation';
import { useMessageEvents } from './events';
import { IntimacyPopup } from './IntimacyPopup';
import {
  closeConversation,
  flushOutbox,
  loadContacts,
  loadConversations,
  messagesState,
  openConversation,
  setOwner,
} from './store';
import './messages.css';

export function OfflineBanner() {
  const snap = useSnapshot(messagesState);
  const online = useOnline();
  if (online && !snap.stale) return null;
  return (
    <p className="pm-offline-banner" role="status" data-testid="pm-offline">
      {online ? 'Could not reach the server.' : 'You are offline.'} Showing the messages saved on this device;
      they may be out of date. Messages you write are sent when you are back online.
    </p>
  );
}

function ConversationHeader({ peer }: { peer: string }) {
  const snap = useSnapshot(messagesState);
  const [intimacy, setIntimacy] = useState(false);
  const info =
    snap.peerInfo?.user_id === peer ? snap.peerInfo : snap.conversations.find((c) => c.user_id === peer);
  const name = info?.nick_name || peer;
  const online = info?.online_status === ONLINE_STATUS_ONLINE;
  return (
    <header className="pm-head">
      <div>
        <h2 className="pm-peer">{name}</h2>
        <span className={`badge badge-dot badge-${online ? 'online' : 'offline'}`}>
          {online ? 'Online' : 'Offline'}
        </span>
      </div>
      <div className="pm-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setIntimacy(true)}>
          Intimacy
        </button>
        <Link className="btn btn-ghost btn-small" to="/anchor/$id" params={{ id: peer }}>
          Book
        </Link>
        <Link className="btn btn-ghost btn-small" to="/anchor/$id" params={{ id: peer }}>
          One-on-One
        </Link>
        <a
          className="btn btn-ghost btn-small"
          href={`/page/live.html#anchorid=${encodeURIComponent(peer)}&type=public`}
        >
          Premium public
        </a>
      </div>
      {intimacy && <IntimacyPopup anchorId={peer} name={name} onClose={() => setIntimacy(false)} />}
    </header>
  );
}

export function MessagesPage() {
  const { me } = useSnapshot(userState);
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

  const unread = chatBadge(snap.totalUnread);
  return (
    <div className="page pm-page">
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
        <div className="pm-main card">
          {peer ? (
            <Conversation key={peer} peer={peer} header={<ConversationHeader peer={peer} />} />
          ) : (
            <p className="pm-note pm-pick">
              {snap.conversationsStatus === 'ready' && !snap.conversations.length
                ? MessageTexts.noMessages
                : 'Choose a contact to read and write messages.'}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
