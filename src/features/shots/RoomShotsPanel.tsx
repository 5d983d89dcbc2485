/**
 * The shot list panel in her room's sidebar (spec 001 §2): 'My shots', her shots newest first (each
 * opening the gallery), a blank state, and 'Go Now' to her profile.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DynamicListType, ShotMessages } from '../../../protocol/shots/shots';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { ShotGallery } from './ShotGallery';
import { ShotTiles } from './ShotTiles';
import { useShots } from './use-shots';
import './shots.css';

export function RoomShotsPanel({ anchorId, nickname }: { anchorId: string; nickname: string }) {
  const { state, reload, liked } = useShots(anchorId, DynamicListType.all);
  const [open, setOpen] = useState<number | undefined>();
  const shots = state.status === 'ready' ? state.list : [];
  return (
    <section className="room-shots" aria-labelledby="room-shots-title" data-testid="room-shots">
      <div className="room-shots-head">
        <h2 id="room-shots-title">{ShotMessages.myShots}</h2>
        <Link to="/anchor/$anchorId" params={{ anchorId }} className="room-shots-go">
          {ShotMessages.goNow}
        </Link>
      </div>
      {state.status === 'loading' && <p className="muted">Loading…</p>}
      {state.status === 'failed' && <ErrorRetry message={state.error} onRetry={() => void reload()} />}
      {state.status === 'ready' &&
        (shots.length === 0 ? (
          <p className="muted">{ShotMessages.blank}</p>
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
