/** Shot thumbnails: a photo, a video's cover with a play mark, a text shot's words; locked ones blurred. */

import { imageSrcSet } from '../../../protocol/images';
import type { Shot } from '../../../protocol/shots/shots';

export function ShotTiles({ shots, onOpen }: { shots: Shot[]; onOpen: (index: number) => void }) {
  return (
    <ul className="shot-tiles" data-testid="shot-tiles">
      {shots.map((shot, index) => {
        const locked = shot.is_can_watch !== 1;
        const kind = shot.type === 2 ? 'Video' : shot.type === 3 ? 'Text' : 'Photo';
        const name = shot.type === 3 ? shot.content : shot.file_desc || kind;
        return (
          <li key={shot.id}>
            <button
              type="button"
              className={`shot-tile${locked ? ' is-locked' : ''}`}
              onClick={() => onOpen(index)}
              aria-label={`${kind}: ${name}${locked ? ' (private)' : ''}`}
              data-testid="shot-tile"
              data-id={shot.id}
            >
              {shot.type === 3 ? (
                <span className={`shot-tile-text viewer-bg-${((shot.bgNumber - 1) % 6) + 1}`}>
                  {shot.content}
                </span>
              ) : (
                <img
                  src={shot.img}
                  srcSet={imageSrcSet(shot.img)}
                  sizes="160px"
                  alt=""
                  width={160}
                  height={120}
                  loading="lazy"
                  decoding="async"
                />
              )}
              {shot.type === 2 && (
                <span className="shot-tile-play" aria-hidden>
                  ▶
                </span>
              )}
              {locked && (
                <span className="shot-tile-lock" aria-hidden>
                  <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
                    <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z" />
                  </svg>
                </span>
              )}
              {shot.like_status === 1 && (
                <span className="shot-tile-liked" aria-hidden>
                  ♥
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
