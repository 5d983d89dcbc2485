/**
 * A member's entrance in his ride, for everyone in the room: "George arrived in a Fancy Car" with
 * the ride's picture, shown a few seconds (it drives in; still when the device asks for reduced
 * motion, see rides.css).
 */
import { useEffect, useState } from 'react';
import {
  RIDE_ENTRANCE_EVENT,
  RIDE_ENTRANCE_SHOW_MS,
  type RideEntrance,
  RideTexts,
} from '../../../protocol/rides/rides';
import { realtime } from '../../realtime';
import './rides.css';

export function RideEntranceFeed({ roomId }: { roomId: string }) {
  const [shown, setShown] = useState<RideEntrance | null>(null);
  useEffect(
    () =>
      realtime.on<RideEntrance>(RIDE_ENTRANCE_EVENT, (e) => {
        if (e.room_id === roomId) setShown(e);
      }),
    [roomId],
  );
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), RIDE_ENTRANCE_SHOW_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  return (
    <p className="ride-entrance" role="status" data-testid="ride-entrance">
      <img src={shown.small_imgurl} alt="" width={40} height={40} />
      <span>{RideTexts.arrived(shown.nickname, shown.name)}</span>
    </p>
  );
}
