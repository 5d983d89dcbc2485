/**
 * The gifts given in a room since this page joined it, for everyone in it (him, her, the other
 * viewers): "James sent 3 Rose" with the gift's picture, the newest popping in (still when the
 * device asks for reduced motion, see room-gifts.css).
 */
import { useEffect, useState } from 'react';
import { ROOM_GIFT_EVENT, type RoomGiftLine, RoomGiftTexts } from '../../../protocol/room-gifts/room-gifts';
import { realtime } from '../../realtime';
import './room-gifts.css';

/** How many gift lines stay on screen. */
const KEPT_GIFTS = 5;

export function RoomGiftFeed({ roomId, onGift }: { roomId: string; onGift?: (line: RoomGiftLine) => void }) {
  const [lines, setLines] = useState<RoomGiftLine[]>([]);
  useEffect(
    () =>
      realtime.on<RoomGiftLine>(ROOM_GIFT_EVENT, (line) => {
        if (line.room_id !== roomId) return;
        setLines((all) => [line, ...all].slice(0, KEPT_GIFTS));
        onGift?.(line);
      }),
    [roomId, onGift],
  );
  if (lines.length === 0) return null;
  return (
    <ol
      className="room-gift-feed"
      aria-live="polite"
      aria-label="Gifts in the room"
      data-testid="room-gift-feed"
    >
      {lines.map((line, i) => (
        <li
          key={`${line.at}-${line.from_id}-${line.giftid}-${lines.length - i}`}
          className={i === 0 ? 'fresh' : ''}
        >
          <img src={line.small_imgurl} alt="" width={32} height={32} />
          <span>{RoomGiftTexts.sent(line.nickname, line.num, line.name)}</span>
        </li>
      ))}
    </ol>
  );
}
