/**
 * The shot a comment is about, shown beside it in a conversation (spec 001 §2 "Comment bubble",
 * 002 §3 dynamics_*): its picture (a locked one's preview), or a text shot's words; a shot she has
 * deleted since says so.
 */
import type { PrivateMessage } from '../../../protocol/messages/messages';
import './comment-shot.css';

export function CommentShot({ m }: { m: PrivateMessage }) {
  if (m.dynamics_id === undefined) return null;
  const type = m.dynamics_type ?? 0;
  const words = m.dynamics_content ?? '';
  return (
    <figure className="comment-shot" data-testid="comment-shot" data-id={m.dynamics_id}>
      {type === 3 ? (
        <blockquote className="comment-shot-text">{words}</blockquote>
      ) : m.dynamics_img ? (
        <img
          className="comment-shot-img"
          src={m.dynamics_img}
          alt={words || (type === 2 ? 'Video shot' : 'Photo shot')}
          width={64}
          height={48}
        />
      ) : (
        <span className="muted">This shot is no longer available.</span>
      )}
      <figcaption className="comment-shot-caption">Comment on a shot</figcaption>
    </figure>
  );
}
