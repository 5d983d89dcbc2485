/**
 * A live room's text chat, the same for him and for her: the lines said in the room since this
 * page joined it, an input of at most 240 characters (an emoji counting one, the spec's live-chat
 * emoji in a row of buttons), Enter to send. The server filters what is said, so every side shows
 * the same words.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  chatLength,
  chatParts,
  LIVE_CHAT_EMOJI,
  LIVE_CHAT_MAX,
  LiveText,
  ROOM_CHAT_EVENT,
  type RoomChatLine,
} from '../../../protocol/live/live';
import { errorText } from '../../api/use-request';
import { realtime } from '../../realtime';
import { useHisModeration } from './use-his-moderation';
import './moderation.css';

/** How many lines the chat keeps on screen. */
const KEPT_LINES = 100;

export function RoomChat({
  roomId,
  say,
  anchorId,
  privateWith,
}: {
  roomId: string;
  say: (text: string) => Promise<unknown>;
  /** A One-on-One: a private chat with her, worded as one. */
  privateWith?: string;
  /** His side of her room: her mute and slow mode are shown (use-his-moderation.ts). */
  anchorId?: string;
}) {
  const standing = useHisModeration(anchorId);
  const [lines, setLines] = useState<RoomChatLine[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  useEffect(
    () =>
      realtime.on<RoomChatLine>(ROOM_CHAT_EVENT, (line) => {
        if (line.room_id === roomId) setLines((all) => [...all.slice(-(KEPT_LINES - 1)), line]);
      }),
    [roomId],
  );
  // Scrolls the list itself: scrollIntoView would also scroll the page (it moved 84 px on entry).
  useEffect(() => {
    const box = list.current;
    if (lines.length && box) box.scrollTop = box.scrollHeight;
  }, [lines]);

  const length = chatLength(text);
  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!text.trim() || length > LIVE_CHAT_MAX || sending) return;
    setSending(true);
    setError('');
    try {
      await say(text);
      setText('');
    } catch (e) {
      if (!standing.refused(e)) setError(errorText(e));
    }
    setSending(false);
  }

  return (
    <section
      className="room-chat"
      aria-label={privateWith ? `Private chat with ${privateWith}` : 'Room chat'}
    >
      <ol ref={list} className="room-chat-lines" aria-live="polite" data-testid="room-chat">
        {lines.length === 0 && (
          <li className="muted">
            {privateWith
              ? `Say hello to ${privateWith}: this chat is just the two of you.`
              : 'Say hello: everyone in the room reads it.'}
          </li>
        )}
        {lines.map((line) => (
          <li key={`${line.at}-${line.from_id}-${line.text}`}>
            <strong>{line.nickname}</strong>{' '}
            {chatParts(line.text).map((part, i) =>
              part.kind === 'text' ? (
                <span key={i}>{part.text}</span>
              ) : (
                <span key={i} role="img" aria-label={`emoji ${part.code}`}>
                  {LIVE_CHAT_EMOJI[part.code]}
                </span>
              ),
            )}
          </li>
        ))}
      </ol>
      <form className="room-chat-form" onSubmit={(e) => void send(e)}>
        <div className="room-chat-emoji">
          {Object.entries(LIVE_CHAT_EMOJI).map(([code, char]) => (
            <button
              key={code}
              type="button"
              className="btn btn-ghost btn-small"
              aria-label={`Add emoji ${code}`}
              onClick={() => setText((t) => `${t}[emo:${code}]`)}
            >
              {char}
            </button>
          ))}
        </div>
        <label className="visually-hidden" htmlFor={`chat-${roomId}`}>
          {privateWith ? `Message to ${privateWith}` : 'Message to the room'}
        </label>
        <input
          id={`chat-${roomId}`}
          value={text}
          disabled={standing.muted}
          placeholder={privateWith ? `Write to ${privateWith}` : 'Say something to the room'}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
        />
        <span className={length > LIVE_CHAT_MAX ? 'room-chat-count over' : 'room-chat-count'}>
          {length}/{LIVE_CHAT_MAX}
        </span>
        <button
          type="submit"
          className="btn btn-small"
          disabled={sending || standing.muted || !text.trim() || length > LIVE_CHAT_MAX}
        >
          Send
        </button>
        {standing.note && (
          <p className="room-chat-note" role="status" data-testid="room-chat-note">
            {standing.note}
          </p>
        )}
        {(error || length > LIVE_CHAT_MAX) && <p role="alert">{error || LiveText.chatTooLong}</p>}
      </form>
    </section>
  );
}
