/**
 * His room while it plays, laid out like a cam site's: the video with its controls and the chat
 * beside it on a laptop (theatre view: the video wider, the chat below), one column on a phone,
 * and on a landscape phone the video filling the screen (live.css).
 */
import { useState } from 'react';
import { LiveText } from '../../../protocol/live/live';
import { OfferPop } from '../offers/OfferPop';
import { ServiceIntro } from '../offers/ServiceIntro';
import { RideEntranceFeed } from '../rides/RideEntranceFeed';
import { RoomShotsPanel } from '../shots/RoomShotsPanel';
import { AnchorAwayNote } from './AnchorAwayNote';
import { sayAsMember } from './api';
import { LiveVideo } from './LiveVideo';
import { MyCamera } from './MyCamera';
import { QualityMenu } from './QualityMenu';
import { RoomChat } from './RoomChat';
import { RoomGiftFeed } from './RoomGiftFeed';
import { RoomGifts } from './RoomGifts';
import { RoomHeader } from './RoomHeader';
import { RoomMeter } from './RoomMeter';
import { isPaidRoom } from './room-view';
import { endedByHimText } from './room-words';
import { startMemberCamera, type WatchedRoom } from './rtc';
import type { LiveSearch } from './search';
import { roomKind } from './use-watched-room';

export function PlayingRoom({
  room,
  search,
  note,
  onEnd,
}: {
  room: WatchedRoom;
  search: LiveSearch;
  /** Reconnecting video…, while a new connection is opened. */
  note: string;
  onEnd: (text: string) => void;
}) {
  const [theatre, setTheatre] = useState(false);
  const anchorId = search.anchorid;
  const kind = roomKind(room, search);
  const end = isPaidRoom(kind) ? () => onEnd(endedByHimText(kind)) : undefined;
  return (
    <>
      <RoomHeader anchorId={anchorId} nickname={room.nickname} roomId={room.roomId} kind={kind} onEnd={end} />
      <div className={theatre ? 'live-room live-theatre' : 'live-room'} data-testid="live-room">
        <div className="live-main">
          <LiveVideo
            stream={room.stream}
            theatre={theatre}
            onTheatre={setTheatre}
            onEnd={end}
            waitingText={
              room.waiting
                ? search.liveShowid
                  ? LiveText.waitingShow
                  : LiveText.waitingAnchor
                : LiveText.loading
            }
          />
          {note && (
            <p className="live-note" role="status" data-testid="video-reconnecting">
              {note}
            </p>
          )}
          {room.oneOnOne && <AnchorAwayNote roomId={room.roomId} />}
          <div className="live-under">
            {/* Her One-on-One camera is one layer (one viewer): no choice to offer. */}
            {!room.oneOnOne && <QualityMenu viewerId={room.viewerId} />}
            <RoomMeter
              roomId={room.roomId}
              spentAtEntry={room.spent}
              creditPerMinute={room.creditPerMinute}
              prepaidMinutes={room.prepaidMinutes}
              voucher={room.voucher}
            />
          </div>
          {room.oneOnOne && (
            <MyCamera
              start={(camera) => startMemberCamera(room.viewerId, camera)}
              onLabel="Turn my camera on for her"
            />
          )}
          <RoomGiftFeed roomId={room.roomId} />
          <RideEntranceFeed roomId={room.roomId} />
        </div>
        <aside className="live-side" aria-label="Chat and gifts">
          <RoomChat
            roomId={room.roomId}
            anchorId={anchorId}
            privateWith={room.oneOnOne ? room.nickname : undefined}
            say={(text) => sayAsMember(room.viewerId, text)}
          />
          <RoomGifts anchorId={anchorId} nickname={room.nickname} />
        </aside>
      </div>
      <RoomShotsPanel anchorId={anchorId} nickname={room.nickname} />
      <OfferPop anchorId={anchorId} nickname={room.nickname} variant="room" />
      <ServiceIntro scene="live" />
    </>
  );
}
