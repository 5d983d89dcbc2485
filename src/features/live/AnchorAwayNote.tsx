/**
 * His One-on-One while her connection comes back (her reload, a network blip): the server keeps the
 * room for the resume grace and pauses his minutes; this says so until she is back.
 */
import { useEffect, useState } from 'react';
import { type AnchorAwayNotice, LiveEvent, LiveText } from '../../../protocol/live/live';
import { realtime } from '../../realtime';

export function AnchorAwayNote({ roomId }: { roomId: string }) {
  const [away, setAway] = useState(false);
  useEffect(
    () =>
      realtime.on<AnchorAwayNotice>(LiveEvent.anchorAway, (notice) => {
        if (notice.room_id === roomId) setAway(notice.away === 1);
      }),
    [roomId],
  );
  if (!away) return null;
  return (
    <p className="live-waiting" role="status" data-testid="anchor-away">
      {LiveText.anchorReconnecting}
    </p>
  );
}
