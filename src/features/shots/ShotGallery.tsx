/**
 * The shot gallery dialog (spec 001 §2): her shots in the shared slideshow, with the like toggle
 * (like_status changes only after a successful call) and, for members, the comment box.
 *
 *   <ShotGallery shots anchorId nickname start onClose onLiked />
 */
import { useState } from 'react';
import type { Shot } from '../../../protocol/shots/shots';
import { errorText } from '../../api/use-request';
import { showToast } from '../../state/ui';
import { Slideshow } from '../media-viewer';
import { setLike } from './api';
import { CommentBox } from './CommentBox';
import { toViewerItem } from './shot-rules';

export interface ShotGalleryProps {
  shots: Shot[];
  anchorId: string;
  nickname: string;
  start: number;
  onClose: () => void;
  /** A like changed: the opener keeps its list in step. */
  onLiked: (id: number, likeStatus: 0 | 1) => void;
  /** Members like and comment; her own preview only looks. */
  member?: boolean;
}

export function ShotGallery({
  shots,
  anchorId,
  nickname,
  start,
  onClose,
  onLiked,
  member = true,
}: ShotGalleryProps) {
  return (
    <Slideshow
      items={shots.map(toViewerItem)}
      start={start}
      title={`${nickname}'s shots`}
      onClose={onClose}
      extra={(_, index) => {
        const shot = shots[index];
        if (!shot || !member) return null;
        return (
          <div className="shot-extra">
            <LikeToggle shot={shot} onLiked={onLiked} />
            <CommentBox key={shot.id} anchorId={anchorId} nickname={nickname} shotId={shot.id} />
          </div>
        );
      }}
    />
  );
}

function LikeToggle({ shot, onLiked }: { shot: Shot; onLiked: ShotGalleryProps['onLiked'] }) {
  const [busy, setBusy] = useState(false);
  const liked = shot.like_status === 1;
  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await setLike(shot.id, !liked);
      onLiked(shot.id, answer.like_status);
    } catch (error) {
      showToast(errorText(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={`btn btn-small shot-like${liked ? ' is-liked' : ''}`}
      aria-pressed={liked}
      disabled={busy}
      onClick={() => void toggle()}
      data-testid="shot-like"
    >
      <span aria-hidden>{liked ? '♥' : '♡'}</span> {liked ? 'Liked' : 'Like'}
    </button>
  );
}
