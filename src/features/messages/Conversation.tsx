/**
 * One conversation: the history (oldest at the top, Load more for earlier pages of 20), messages
 * waiting in the outbox (Sending…, or the server's reason with Retry and Delete), and the editor.
 * Used by the member's /mymessage and the broadcaster's workspace.
 */
import { memo, type ReactNode, useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { MessageTexts, type PrivateMessage } from '../../../protocol/messages/messages';
import { When } from '../../app/time/When';
import { forgetPendingAction, paidPendingAction } from '../payments/pending-action';
import { CommentShot } from '../shots/CommentShot';
import { Editor } from './Editor';
import { IntimacyHowTo } from './IntimacyHowTo';
import { MessageText } from './MessageText';
import { PriceNote } from './PriceNote';
import { PRIVATE_MESSAGE_ACTION, SendError } from './SendError';
import { discard, loadMore, messagesState, retry, send } from './store';

/** Memoised so Load more renders only the older page, not the whole history again. */
const MessageRow = memo(function MessageRow({ m, theirs }: { m: PrivateMessage; theirs: boolean }) {
  return (
    <li className={`pm-msg ${theirs ? 'pm-theirs' : 'pm-mine'}`} data-testid="pm-msg" data-msg-id={m.msg_id}>
      <CommentShot m={m} />
      <p className="pm-bubble">
        <MessageText content={m.content} />
      </p>
      <span className="pm-meta">
        {m.add_time > 0 && <When seconds={m.add_time} short />}
        {m.charge > 0 && ` · ${m.charge} credits`}
      </span>
    </li>
  );
});

export function Conversation({ peer, header }: { peer: string; header?: ReactNode }) {
  const snap = useSnapshot(messagesState);
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = snap.history.at(-1)?.msg_id;
  const outbox = snap.outbox.filter((e) => e.to_id === peer);
  // Only a member is ever below Level 1 here (the store asks for his level only).
  const belowLevelOne = snap.peer === peer && snap.peerIntimacy !== null && snap.peerIntimacy < 1;
  const peerName =
    snap.contacts.find((c) => c.anchor_id === peer)?.anchor_nickname ??
    snap.conversations.find((c) => c.user_id === peer)?.nick_name ??
    '';

  // Back from an in-place checkout: the failed message below, with its price, is what continues.
  useEffect(() => {
    if (paidPendingAction(PRIVATE_MESSAGE_ACTION)) forgetPendingAction();
  }, []);

  // Keep the newest message in view when one arrives.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId, outbox.length]);

  async function onSend(content: string): Promise<ReactNode | undefined> {
    const outcome = await send(peer, content);
    if (outcome.status === 'refused')
      return <SendError errno={outcome.errno} errmsg={outcome.errmsg} peer={peer} />;
    return undefined;
  }

  return (
    <section
      className="pm-conversation"
      aria-label="Conversation"
      data-testid="conversation"
      data-peer={peer}
    >
      {header}
      <ol className="pm-history" ref={listRef} aria-live="polite" data-testid="pm-history">
        {snap.hasMore && (
          <li className="pm-more">
            <button
              type="button"
              className="btn btn-ghost btn-small"
              disabled={snap.loadingMore}
              onClick={() => void loadMore()}
            >
              {snap.loadingMore ? 'Loading…' : 'Load more'}
            </button>
          </li>
        )}
        {snap.historyStatus === 'loading' && !snap.history.length && <li className="pm-note">Loading…</li>}
        {snap.historyStatus === 'error' && !snap.history.length && (
          <li className="pm-note" role="alert">
            Could not load the messages.
          </li>
        )}
        {snap.historyStatus === 'ready' && !snap.history.length && !outbox.length && (
          <li className="pm-note">No messages yet. Say hello!</li>
        )}
        {snap.history.map((m) => (
          <MessageRow key={m.msg_id} m={m} theirs={m.from_id === peer} />
        ))}
        {outbox.map((e) => (
          <li
            key={e.key}
            className={`pm-msg pm-mine pm-${e.status}`}
            data-testid="pm-outbox"
            data-status={e.status}
          >
            <p className="pm-bubble">
              <MessageText content={e.content} />
            </p>
            {e.status === 'sending' ? (
              <span className="pm-meta">Sending…</span>
            ) : (
              <span className="pm-meta pm-failed-meta">
                <span role="alert">
                  <SendError errno={e.errno ?? 0} errmsg={e.errmsg ?? ''} peer={peer} />
                </span>{' '}
                <button type="button" className="btn btn-ghost btn-small" onClick={() => void retry(e.key)}>
                  Retry
                </button>
                <button type="button" className="btn btn-ghost btn-small" onClick={() => void discard(e.key)}>
                  Delete
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      <Editor
        onSend={onSend}
        blocked={belowLevelOne ? MessageTexts.intimacy : undefined}
        note={<PriceNote anchorId={peer} name={peerName} />}
      />
      {belowLevelOne && <IntimacyHowTo anchorId={peer} name={peerName} />}
    </section>
  );
}
