/**
 * The broadcaster's private messages in her workspace: her conversations with members (unread
 * badges, latest first) and the open one with its editor, live through the socket's notices.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { chatBadge } from '../../app/layout/badges';
import { userState } from '../../state/user';
import { Conversation } from '../messages/Conversation';
import { useMessageEvents } from '../messages/events';
import {
  closeConversation,
  loadConversations,
  messagesState,
  openConversation,
  setOwner,
} from '../messages/store';
import { pmUnread } from '../messages/unread';
import '../messages/messages.css';

export function MessagesPanel() {
  const { me } = useSnapshot(userState);
  const snap = useSnapshot(messagesState);
  const unread = useSnapshot(pmUnread);
  const [peer, setPeer] = useState('');
  const owner = me?.userid ?? '';
  useMessageEvents();
  useEffect(() => {
    if (!owner) return;
    setOwner(owner);
    void loadConversations();
    return closeConversation;
  }, [owner]);
  useEffect(() => {
    if (peer) void openConversation(peer);
  }, [peer]);

  return (
    <section
      className="card workspace-panel pm-lady"
      aria-labelledby="lady-messages-title"
      data-testid="lady-messages"
    >
      <header className="workspace-head">
        <h2 id="lady-messages-title">
          Private messages{' '}
          {chatBadge(unread.total) && <span className="pm-unread">{chatBadge(unread.total)}</span>}
        </h2>
      </header>
      {snap.conversationsStatus === 'loading' && !snap.conversations.length && (
        <p className="pm-note">Loading…</p>
      )}
      {snap.conversationsStatus === 'ready' && !snap.conversations.length && (
        <p className="pm-note">No messages received.</p>
      )}
      <div className="pm-lady-grid">
        <ul className="pm-entries">
          {snap.conversations.map((c) => (
            <li key={c.user_id}>
              <button
                type="button"
                className={`pm-entry${c.user_id === peer ? ' pm-entry-active' : ''}`}
                data-testid="pm-entry"
                data-userid={c.user_id}
                onClick={() => setPeer(c.user_id)}
              >
                <span className="pm-entry-text">
                  <span className="pm-entry-name">
                    {c.nick_name} ({c.user_id})
                  </span>
                  <span className="pm-entry-sub">{c.last_msg}</span>
                </span>
                {chatBadge(c.unread_num) && <span className="pm-unread">{chatBadge(c.unread_num)}</span>}
              </button>
            </li>
          ))}
        </ul>
        {peer && (
          <Conversation
            key={peer}
            peer={peer}
            header={
              <h3 className="pm-peer">
                {snap.conversations.find((c) => c.user_id === peer)?.nick_name ?? ''} ({peer})
              </h3>
            }
          />
        )}
      </div>
    </section>
  );
}
