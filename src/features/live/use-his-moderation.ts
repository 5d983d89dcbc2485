/**
 * Where he stands in her room's chat (his side of RoomChat): muted or not, and her slow mode. Read
 * when the room opens, then kept by her notices; a refused line (muted, slowed) reads it again.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  MODERATION_EVENT,
  ModerationErrno,
  type ModerationNotice,
  ModerationText,
} from '../../../protocol/live/room-moderation';
import { ApiError } from '../../api/client';
import { realtime } from '../../realtime';
import { hisModeration } from './moderation-api';

export interface HisStanding {
  muted: boolean;
  slowSeconds: number;
  /** What the chat says of it ('' when nothing applies). */
  note: string;
  /** A line of his was refused: a moderation errno updates where he stands; true when the note says it. */
  refused(error: unknown): boolean;
}

export function useHisModeration(anchorId: string | undefined): HisStanding {
  const [muted, setMuted] = useState(false);
  const [slowSeconds, setSlowSeconds] = useState(0);
  const load = useCallback(() => {
    if (!anchorId) return;
    void hisModeration(anchorId).then(
      (standing) => {
        setMuted(standing.muted === 1);
        setSlowSeconds(standing.slow_seconds);
      },
      () => {},
    );
  }, [anchorId]);
  useEffect(() => {
    if (!anchorId) return;
    load();
    return realtime.on<ModerationNotice>(MODERATION_EVENT, (notice) => {
      if (notice.anchor_id !== anchorId) return;
      if (notice.muted !== undefined) setMuted(notice.muted === 1);
      if (notice.slow_seconds !== undefined) setSlowSeconds(notice.slow_seconds);
    });
  }, [anchorId, load]);
  const refused = useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError)) return false;
      if (error.errno === ModerationErrno.SLOW_MODE) load();
      if (error.errno !== ModerationErrno.MUTED) return false;
      setMuted(true);
      return true;
    },
    [load],
  );
  const note = muted ? ModerationText.muted : slowSeconds > 0 ? ModerationText.slowNote(slowSeconds) : '';
  return { muted, slowSeconds, note, refused };
}
