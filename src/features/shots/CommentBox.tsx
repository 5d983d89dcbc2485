/**
 * The shot-comment box (spec 001 §4, §5, §8): a private message to her about the shot on show.
 * Required ('Please write something.'), at most 140 characters ('Information length is not
 * standard.', counter 'n / 140'), plain text (markup pasted in is stripped; what is sent is converted
 * from HTML to text), Enter sends (Shift+Enter a new line), one send at a time, 'Comment has been
 * sent!' for 4 s, and the box's own texts for every refusal (10025 with the add-credits link).
 */
import { type ClipboardEvent, useEffect, useId, useRef, useState } from 'react';
import { COMMENT_SENT_MS, ShotMessages } from '../../../protocol/shots/shots';
import { ApiError } from '../../api/client';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { sendShotComment } from './api';
import { commentCheck, commentCounter, commentRefusal, htmlToText } from './shot-rules';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'error'; text: string; addCredits?: true };

const newKey = () => `sc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export function CommentBox({
  anchorId,
  nickname,
  shotId,
}: {
  anchorId: string;
  nickname: string;
  shotId: number;
}) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const sending = useRef(false);
  // One key per comment written: a retried send after a lost answer is not sent twice.
  const key = useRef(newKey());
  const id = useId();
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  useEffect(() => {
    if (status.kind !== 'sent') return;
    const timer = setTimeout(() => setStatus({ kind: 'idle' }), COMMENT_SENT_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function send() {
    if (sending.current) return;
    const content = htmlToText(text);
    const problem = commentCheck(content);
    if (problem) return setStatus({ kind: 'error', text: problem });
    sending.current = true;
    setStatus({ kind: 'sending' });
    try {
      await sendShotComment(anchorId, shotId, content, key.current);
      key.current = newKey();
      if (!live.current) return;
      setText('');
      setStatus({ kind: 'sent' });
    } catch (error) {
      if (!live.current) return;
      const refusal =
        error instanceof ApiError ? commentRefusal(error, nickname) : { text: ShotMessages.commentFailed };
      setStatus({ kind: 'error', ...refusal });
    } finally {
      sending.current = false;
    }
  }

  function paste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const html = event.clipboardData.getData('text/html');
    const plain = htmlToText(html || event.clipboardData.getData('text/plain'));
    event.preventDefault();
    const el = event.currentTarget;
    const next = el.value.slice(0, el.selectionStart) + plain + el.value.slice(el.selectionEnd);
    setText(next);
    const at = el.selectionStart + plain.length;
    requestAnimationFrame(() => el.setSelectionRange(at, at));
  }

  const over = commentCheck(text) === ShotMessages.commentLength;
  return (
    <form
      className="shot-comment"
      data-testid="shot-comment"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Comment on this shot
      </label>
      <textarea
        id={id}
        className="shot-comment-input"
        value={text}
        rows={2}
        placeholder="Write a comment…"
        aria-invalid={status.kind === 'error' || over}
        aria-describedby={`${id}-counter`}
        onChange={(event) => {
          setText(event.target.value);
          if (status.kind === 'error') setStatus({ kind: 'idle' });
        }}
        onPaste={paste}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <div className="shot-comment-bar">
        <span
          id={`${id}-counter`}
          className={over ? 'form-error' : 'muted'}
          data-testid="shot-comment-counter"
        >
          {commentCounter(text)}
        </span>
        <button type="submit" className="btn btn-primary btn-small" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Sending…' : 'Send'}
        </button>
      </div>
      {status.kind === 'sent' && (
        <p role="status" className="shot-comment-sent">
          {ShotMessages.commentSent}
        </p>
      )}
      {status.kind === 'error' && (
        <p role="alert" className="form-error" data-testid="shot-comment-error">
          {status.addCredits ? <NoCredit text={status.text} /> : status.text}
        </p>
      )}
      {over && status.kind !== 'error' && <p className="form-error">{ShotMessages.commentLength}</p>}
    </form>
  );
}

function NoCredit({ text }: { text: string }) {
  const [before, after] = text.split('{credits}');
  return (
    <>
      {before}
      <AddCreditsLink clickFrom={ClickFrom.message}>credits</AddCreditsLink>
      {after}
    </>
  );
}
