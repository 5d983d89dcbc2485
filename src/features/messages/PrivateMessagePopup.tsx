/**
 * The private-message popup (spec 001 §1): 'To: {nickname}', the editor with emoticons and counter,
 * a note about free messages, and 'Sent successfully' for 3 s after a send.
 */

import { type ReactNode, useEffect, useState } from 'react';
import { Messages } from '../../../protocol/errors';
import { FREE_PRIVATE_MESSAGES, MessageTexts, SENT_NOTE_MS } from '../../../protocol/messages/messages';
import { Modal } from '../../app/popups/Modal';
import { Editor } from './Editor';
import { PriceNote } from './PriceNote';
import { SendError } from './SendError';
import { discard, send } from './store';

export function PrivateMessagePopup({
  toId,
  nickname,
  intimacy,
  onClose,
}: {
  toId: string;
  nickname: string;
  /** His Intimacy Level with her as the list says: below 1 the editor says he cannot write yet. */
  intimacy?: number;
  onClose(): void;
}) {
  const [sentAt, setSentAt] = useState(0);
  const [queued, setQueued] = useState(false);

  useEffect(() => {
    if (!sentAt) return;
    const timer = setTimeout(() => setSentAt(0), SENT_NOTE_MS);
    return () => clearTimeout(timer);
  }, [sentAt]);

  async function onSend(content: string): Promise<ReactNode | undefined> {
    const outcome = await send(toId, content);
    if (outcome.status === 'sent') setSentAt(Date.now());
    if (outcome.status === 'queued') setQueued(true);
    if (outcome.status === 'refused') {
      // The popup keeps the text in its editor instead of the outbox.
      void discard(outcome.key);
      return <SendError errno={outcome.errno} errmsg={outcome.errmsg} />;
    }
    return undefined;
  }

  return (
    <Modal
      title={MessageTexts.popupTo(nickname)}
      onClose={onClose}
      testId="pm-popup"
      actions={
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      }
    >
      <Editor
        onSend={onSend}
        autoFocus
        keepOnError
        blocked={intimacy !== undefined && intimacy < 1 ? MessageTexts.intimacy : undefined}
        note={<PriceNote anchorId={toId} name={nickname} fetch />}
      />
      <p className="pm-note">
        Your first {FREE_PRIVATE_MESSAGES} messages to each broadcaster are free; after that each message
        costs credits.
      </p>
      {sentAt > 0 && (
        <p className="pm-sent" role="status">
          {MessageTexts.sent}
        </p>
      )}
      {queued && (
        <p className="pm-note">{Messages.offline} The message will be sent when you are back online.</p>
      )}
    </Modal>
  );
}
