/**
 * /live (live.html#anchorid=…&type=…): a member in a broadcaster's room. Her video and sound come
 * through the server's SFU; the room ends when she ends it, when he ends or leaves it, or when the
 * network goes, each with its own words (spec 000 §4, §8). The visit itself is use-watched-room.ts;
 * the room while it plays, PlayingRoom.tsx; its end, RoomEnded.tsx.
 */

import { Link, useRouter } from '@tanstack/react-router';
import { LiveText } from '../../../protocol/live/live';
import { useQuietMoment } from '../../state/quiet-moment';
import { PlayingRoom } from './PlayingRoom';
import { RoomEnded } from './RoomEnded';
import { RoomPriceConfirm } from './RoomPriceConfirm';
import { isPaidRoom } from './room-view';
import { bubbleRoomOf, roomTitle } from './room-words';
import type { LiveSearch } from './search';
import { roomKind, useWatchedRoom } from './use-watched-room';
import './live.css';

export function LivePage(search: LiveSearch) {
  const { anchorid } = search;
  const { state, note, confirmPrice, retry, endNow } = useWatchedRoom(search);
  // No invitation bubble over the room's video or a call: they wait (src/state/quiet-moment.ts),
  // all but hers (her invitation to a One-on-One is part of this room).
  useQuietMoment('live-room', state.phase !== 'ended', bubbleRoomOf(search));
  const router = useRouter();

  return (
    <div className="page live-page" data-popups-hold="">
      {state.phase !== 'playing' && (
        <h1 className="page-title" data-testid="room-title">
          {state.phase === 'ended' && state.visit
            ? roomTitle(state.visit.kind, state.visit.nickname)
            : 'Live room'}
        </h1>
      )}
      {state.phase === 'price' && (
        <>
          <div className="live-stage live-stage-waiting" role="status">
            A premium room: nothing is charged until you confirm.
          </div>
          <RoomPriceConfirm
            price={state.price}
            anchorId={anchorid}
            onConfirm={confirmPrice}
            onCancel={() =>
              window.history.length > 1
                ? router.history.back()
                : void router.navigate({ to: '/anchor/$anchorId', params: { anchorId: anchorid } })
            }
          />
        </>
      )}
      {state.phase === 'connecting' && (
        <div className="live-stage live-stage-waiting" role="status">
          {LiveText.loading}
        </div>
      )}
      {state.phase === 'playing' && (
        <PlayingRoom room={state.room} search={search} note={note} onEnd={endNow} />
      )}
      {state.phase === 'ended' && <RoomEnded state={state} search={search} onRetry={retry} />}
      {/* A paid room has its End in the header instead: it stops the paying and sums the visit up. */}
      {state.phase !== 'ended' &&
        !(state.phase === 'playing' && isPaidRoom(roomKind(state.room, search))) && (
          <div className="live-actions">
            <Link to="/anchor/$anchorId" params={{ anchorId: anchorid }} className="btn btn-ghost">
              Leave the room
            </Link>
          </div>
        )}
    </div>
  );
}
