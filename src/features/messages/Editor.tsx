/**
 * The message editor: a text area with an emoticon picker (each emoticon is an `[img:N]` tag that
 * counts 1), the counter, Enter to send (Shift+Enter for a new line), and Send disabled when the
 * text is empty, over 240, or an error is showing. A refusal's text shows until the text changes.
 * When he cannot write to her at all (`blocked`), the editor is off and says why before he types.
 */
import { type ReactNode, useId, useState } from 'react';
import { MAX_PRIVATE_MESSAGE_LENGTH } from '../../../protocol/constants';
import { EMOTICONS, emoticonSign, emoticonUrl, MessageTexts } from '../../../protocol/messages/messages';
import { editorState } from './rules';

export interface EditorProps {
  /** Resolves with the error to show (undefined: sent or queued; '' clears silently). */
  onSend(content: string): Promise<ReactNode | undefined>;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Put a refused text back in the editor (the popup); else the outbox keeps it with Retry. */
  keepOnError?: boolean;
  /** Why he cannot write here at all (below Intimacy Level 1): shown instead of a usable editor. */
  blocked?: string;
  /** Above the bar: the member's free messages left and the next one's price. */
  note?: ReactNode;
}

export function Editor({
  onSend,
  disabled = false,
  autoFocus = false,
  keepOnError = false,
  blocked,
  note,
}: EditorProps) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<ReactNode>(undefined);
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState(false);
  const counterId = useId();
  const blockedId = useId();
  const state = editorState(content, error !== undefined, busy || disabled || blocked !== undefined);

  async function submit() {
    // An empty message is not sent and is cleared (spec 001 §9).
    if (content.trim() === '') {
      setContent('');
      return;
    }
    if (!state.canSend) return;
    setBusy(true);
    try {
      const sent = content;
      setContent('');
      const problem = await onSend(sent);
      if (problem) {
        if (keepOnError) setContent(sent);
        setError(problem);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    // Invitation bubbles keep clear of it.
    <div
      className="pm-editor"
      data-keep-clear=""
      data-testid="pm-editor"
      data-popups-hold={content ? '' : undefined}
    >
      {blocked !== undefined && (
        <p className="pm-blocked" id={blockedId} data-testid="pm-blocked">
          {blocked}
        </p>
      )}
      <textarea
        className="pm-input"
        placeholder={MessageTexts.placeholder}
        aria-label="Message"
        aria-describedby={blocked !== undefined ? `${blockedId} ${counterId}` : counterId}
        value={content}
        disabled={blocked !== undefined}
        autoFocus={autoFocus && blocked === undefined}
        rows={3}
        onChange={(event) => {
          setContent(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      {picker && (
        <fieldset className="pm-emoticons" aria-label="Emoticons">
          {EMOTICONS.map((_, i) => (
            <button
              key={i}
              type="button"
              className="pm-emoticon"
              aria-label={`Emoticon ${i + 1}`}
              onClick={() => {
                setContent((c) => c + emoticonSign(i + 1));
                setError(undefined);
              }}
            >
              <img src={emoticonUrl(i + 1)} alt="" width={24} height={24} />
            </button>
          ))}
        </fieldset>
      )}
      {blocked === undefined && note}
      <div className="pm-editor-bar">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={blocked !== undefined}
          aria-expanded={picker}
          onClick={() => setPicker((p) => !p)}
        >
          Emoticons
        </button>
        <span
          id={counterId}
          className={`pm-counter${state.problem ? ' pm-counter-over' : ''}`}
          data-testid="pm-counter"
        >
          {state.length} / {MAX_PRIVATE_MESSAGE_LENGTH}
        </span>
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={!state.canSend}
          onClick={submit}
        >
          Send
        </button>
      </div>
      {(state.problem || error) && (
        <p className="pm-error" role="alert">
          {state.problem ?? error}
        </p>
      )}
    </div>
  );
}
