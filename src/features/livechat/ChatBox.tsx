/**
 * One chat on screen, for either side: the other's name, photo and status, the lines (own and
 * other styled apart, read marks on own lines), "typing…", the emoticon editor (Enter sends), the
 * minute counter and what paid it (member), End chat with a confirmation, and why it ended.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { LiveChatSourceText } from '../../../protocol/livechat/livechat';
import { ApiError } from '../../api/client';
import { unreachableText } from '../../api/http';
import { Modal } from '../../app/popups/Modal';
import { SocketError } from '../../realtime';
import { Editor } from '../messages/Editor';
import { MessageText } from '../messages/MessageText';
import { endChat } from './api';
import '../messages/messages.css';
import { RoomGiftFeed } from '../live/RoomGiftFeed';
import { RoomGifts } from '../live/RoomGifts';
import { purchaseFor } from '../payments/pending-action';
import { ChatCamera } from './ChatCamera';
import { chatAction, clock, endedText } from './rules';
import { livechatState, loadOlder, markRead, sendLine, sendTyping } from './store';

export function ChatBox({ chatId, side: role }: { chatId: string; side: 'man' | 'lady' }) {
  const snap = useSnapshot(livechatState);
  const view = snap.chats[chatId];
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [ending, setEnding] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const scroller = useRef<HTMLDivElement>(null);
  const typingSent = useRef(0);
  const lineCount = view?.lines.length ?? 0;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (lineCount === 0) return;
    const el = scroller.current;
    if (el && !view?.pagedBack) el.scrollTop = el.scrollHeight;
    if (document.visibilityState === 'visible') markRead(chatId);
  }, [lineCount, chatId, view?.pagedBack]);

  if (!view) return null;
  const { session } = view;
  const peer = role === 'man' ? session.anchor : session.member;
  const ended = session.ended_at > 0;
  const theirRead = role === 'man' ? session.anchor_read_id : session.member_read_id;
  const typing = view.typingUntil > now;

  async function send(content: string): Promise<ReactNode | undefined> {
    try {
      await sendLine(chatId, content);
      typingSent.current = 0;
      return undefined;
    } catch (error) {
      if (error instanceof SocketError || error instanceof ApiError)
        return error.message || unreachableText();
      return unreachableText();
    }
  }

  async function end() {
    setEnding(true);
    try {
      const session = await endChat(chatId);
      livechatState.chats[chatId] && Object.assign(livechatState.chats[chatId].session, session);
      setConfirmEnd(false);
    } finally {
      setEnding(false);
    }
  }

  return (
    <section
      className="lc-box"
      data-testid="livechat-box"
      data-chat={chatId}
      aria-label={`Chat with ${peer.nickname}`}
    >
      <header className="lc-head">
        <img className="lc-photo" src={peer.photourl} alt="" width={48} height={48} />
        <div className="lc-who">
          <strong data-testid="livechat-peer">{peer.nickname}</strong>
          <span className={`lc-status ${peer.status ? 'is-online' : ''}`}>
            {peer.status ? 'Online' : 'Offline'}
          </span>
        </div>
        {!ended && (
          <div className="lc-meter" data-testid="livechat-meter">
            <span title="Time in chat">{clock(now / 1000 - session.started_at)}</span>
            {role === 'man' && (
              <span data-testid="livechat-paying">
                Minute {session.minutes} · {session.source ? LiveChatSourceText[session.source] : ''}
                {session.source === 'credit' ? ` (${session.price.toFixed(2)} a minute)` : ''}
              </span>
            )}
          </div>
        )}
        {!ended && (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setConfirmEnd(true)}>
            End chat
          </button>
        )}
      </header>
      <ChatCamera key={chatId} chatId={chatId} side={role} on={session.camera === 1} ended={ended} />
      {/* Gifts given in this chat (server/features/room-gifts): both sides see them, he gives them. */}
      <RoomGiftFeed roomId={chatId} />
      {role === 'man' && !ended && (
        <RoomGifts anchorId={session.anchor.userid} nickname={session.anchor.nickname} />
      )}
      {snap.reconnecting && !ended && (
        <p className="lc-note" role="status" data-testid="livechat-reconnecting">
          Connection lost. Reconnecting…
        </p>
      )}
      <div className="lc-lines" ref={scroller} data-testid="livechat-lines" aria-live="polite">
        {view.more && (
          <button
            type="button"
            className="btn btn-ghost btn-small lc-older"
            onClick={() => void loadOlder(chatId)}
          >
            Earlier messages
          </button>
        )}
        {view.lines.length === 0 && <p className="lc-empty">Say hello to {peer.nickname}.</p>}
        {view.lines.map((line) => {
          const own = line.from_id !== peer.userid;
          return (
            <div
              key={line.msg_id}
              className={`lc-line ${own ? 'is-own' : 'is-other'}`}
              data-testid="livechat-line"
              data-own={own ? '1' : '0'}
            >
              <span className="lc-text">
                <MessageText content={line.msg} />
              </span>
              {own && line.msg_id <= theirRead && (
                <span className="lc-read" data-testid="livechat-read">
                  Read
                </span>
              )}
            </div>
          );
        })}
        {typing && !ended && (
          <p className="lc-typing" data-testid="livechat-typing">
            {peer.nickname} is typing…
          </p>
        )}
      </div>
      {ended ? (
        <div className="lc-ended" role="status" data-testid="livechat-ended">
          <p>{endedText(session, role)}</p>
          {role === 'man' && session.end_code === -4 && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() =>
                // Paid in place, the chat page offers to start a new chat with her (ContinueOffer).
                purchaseFor(chatAction(peer.nickname, session.anchor.userid), { clickFrom: 'livechat' })
              }
            >
              Add credits
            </button>
          )}
        </div>
      ) : (
        <div
          className="lc-editor"
          onInput={() => {
            // At most one typing signal every 3 s while keys are pressed.
            if (Date.now() - typingSent.current > 3_000) {
              typingSent.current = Date.now();
              void sendTyping(chatId, 1);
            }
          }}
        >
          <Editor onSend={send} autoFocus={role === 'man'} />
        </div>
      )}
      {confirmEnd && (
        <Modal
          title="End chat?"
          onClose={() => setConfirmEnd(false)}
          testId="livechat-end-confirm"
          actions={
            <>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirmEnd(false)}>
                Keep chatting
              </button>
              <button type="button" className="btn btn-primary" disabled={ending} onClick={() => void end()}>
                End chat
              </button>
            </>
          }
        >
          <p>
            {role === 'man'
              ? `The chat with ${peer.nickname} ends and no further minutes are charged.`
              : `The chat with ${peer.nickname} ends.`}
          </p>
        </Modal>
      )}
    </section>
  );
}
