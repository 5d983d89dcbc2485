/**
 * The broadcaster's Live chat panel in her workspace: members chatting with her now (and chats
 * ended in the last 10 minutes), the open one with its lines, her replies and End chat. A new chat
 * arrives over the socket (imShare/liveChatStatusNotice) and opens here by itself.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { userState } from '../../state/user';
import { ChatBox } from './ChatBox';
import './livechat.css';
import { installLiveChat, livechatState, loadChatList, showChat } from './store';

export function LadyLiveChatPanel() {
  const { me } = useSnapshot(userState);
  const snap = useSnapshot(livechatState);
  const owner = me?.userid ?? '';
  const [current, setCurrent] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!owner) return;
    const off = installLiveChat(owner);
    loadChatList().catch(() => setError('Could not load your live chats.'));
    return off;
  }, [owner]);

  const chats = Object.values(snap.chats).sort((a, b) => b.session.started_at - a.session.started_at);
  const open = chats.filter((c) => !c.session.ended_at);
  // The newest open chat shows unless she picked one (else the newest ended one).
  const shown = current && snap.chats[current] ? current : ((open[0] ?? chats[0])?.session.chat_id ?? '');
  useEffect(() => {
    const view = shown ? livechatState.chats[shown] : undefined;
    if (view && view.lines.length === 0) void showChat(view.session).catch(() => undefined);
  }, [shown]);

  return (
    <section
      className="card workspace-panel lc-lady"
      aria-labelledby="lady-livechat-title"
      data-testid="lady-livechat"
    >
      <h2 id="lady-livechat-title">Live chat</h2>
      {error && (
        <p role="alert">
          {error}{' '}
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => void loadChatList().then(() => setError(''))}
          >
            Retry
          </button>
        </p>
      )}
      {chats.length === 0 ? (
        <p className="lc-empty">
          No live chats now. When a member presses Chat Now on your profile or on your Chat invite (Members
          online now), his chat opens here.
        </p>
      ) : (
        <div className="lc-lady-grid">
          <ul className="lc-lady-list" aria-label="Your live chats">
            {chats.map((c) => (
              <li key={c.session.chat_id}>
                <button
                  type="button"
                  className={`lc-lady-item ${c.session.chat_id === shown ? 'is-current' : ''}`}
                  aria-current={c.session.chat_id === shown ? 'true' : undefined}
                  data-testid="lady-livechat-item"
                  data-userid={c.session.member.userid}
                  onClick={() => setCurrent(c.session.chat_id)}
                >
                  <img src={c.session.member.photourl} alt="" width={32} height={32} />
                  <span>{c.session.member.nickname}</span>
                  <span className="lc-recent-when">{c.session.ended_at ? 'Ended' : 'In chat'}</span>
                </button>
              </li>
            ))}
          </ul>
          {shown && <ChatBox chatId={shown} side="lady" />}
        </div>
      )}
    </section>
  );
}
