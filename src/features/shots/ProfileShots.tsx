/**
 * Her shots on her profile (spec 001 §2 "Shot list panel", §5): 'My shots', only those she shows on
 * her profile, at most 4, each opening the gallery with the like toggle and the comment box; a
 * blank state when she has none; loading and a failed load with Retry.
 */
import { useState } from 'react';
import { DynamicListType, PROFILE_SHOTS_MAX, ShotMessages } from '../../../protocol/shots/shots';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { ShotGallery } from './ShotGallery';
import { ShotTiles } from './ShotTiles';
import { profileShots } from './shot-rules';
import { useShots } from './use-shots';
import './shots.css';

export function ProfileShots({ anchorId, nickname }: { anchorId: string; nickname: string }) {
  const { state, reload, liked } = useShots(anchorId, DynamicListType.profile);
  const [open, setOpen] = useState<number | undefined>();
  const shots = state.status === 'ready' ? profileShots(state.list) : [];
  return (
    <section
      className="card profile-panel shots-panel"
      aria-labelledby="shots-title"
      data-testid="profile-shots"
    >
      <h2 id="shots-title">{ShotMessages.myShots}</h2>
      {state.status === 'loading' && (
        <ul className="shot-tiles" aria-busy="true" aria-label="Loading shots">
          {Array.from({ length: PROFILE_SHOTS_MAX }, (_, i) => (
            <li key={i} className="shot-tile shot-skeleton" />
          ))}
        </ul>
      )}
      {state.status === 'failed' && <ErrorRetry message={state.error} onRetry={() => void reload()} />}
      {state.status === 'ready' &&
        (shots.length === 0 ? (
          <p className="muted" data-testid="shots-blank">
            {ShotMessages.blank}
          </p>
        ) : (
          <ShotTiles shots={shots} onOpen={setOpen} />
        ))}
      {open !== undefined && shots.length > 0 && (
        <ShotGallery
          shots={shots}
          anchorId={anchorId}
          nickname={nickname}
          start={open}
          onClose={() => setOpen(undefined)}
          onLiked={liked}
        />
      )}
    </section>
  );
}
