/**
 * The top of his room: what the room is and what it costs, how many watch it, and who she is (her
 * avatar and name lead to her profile, with Follow). Paid rooms carry End here, in plain sight.
 * In her public or premium room he can ask her for a One-on-One (her profile shows only Watch Now
 * while she is live): the request's price is confirmed first, and her Accept takes him there.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { AUDIENCE_REFRESH_MS } from '../../../protocol/live/live-room';
import { useRequest } from '../../api/use-request';
import { Avatar } from '../../app/layout/Avatar';
import { memberPrivOf, userState } from '../../state/user';
import { FollowToggle } from '../anchor-profile/FollowToggle';
import { getAnchorProfile } from '../discover/api';
import { InviteOneOnOneButton, RequestMessages } from '../requests/ProfileRequests';
import { roomAudience } from './room-api';
import { priceText, type RoomKind, roomTitle } from './room-words';

export function RoomHeader({
  anchorId,
  nickname,
  roomId,
  kind,
  onEnd,
}: {
  anchorId: string;
  nickname: string;
  roomId: string;
  kind: RoomKind;
  /** A paid room's End: leaves at once, no confirmation needed to stop paying. */
  onEnd?: () => void;
}) {
  const [her] = useRequest(() => getAnchorProfile(anchorId), anchorId);
  const { me } = useSnapshot(userState);
  const canAsk =
    !kind.oneOnOne &&
    !kind.show &&
    her.status === 'ready' &&
    her.data.anchor_info?.priv.oneonone === 1 &&
    memberPrivOf(me).oneonone === 1;
  return (
    <header className="live-head">
      <div className="live-head-room">
        <h1 className="page-title" data-testid="room-title">
          {roomTitle(kind, nickname)}
        </h1>
        <p className="live-price">
          <span data-testid="room-price">{priceText(kind)}</span>
          {/* A One-on-One is him and her: no audience to count. */}
          {!kind.oneOnOne && (
            <>
              {' · '}
              <Audience roomId={roomId} />
            </>
          )}
        </p>
      </div>
      <div className="live-head-her">
        <Link
          to="/anchor/$anchorId"
          params={{ anchorId }}
          className="live-her"
          aria-label={`${nickname}'s profile`}
          data-testid="room-her"
        >
          <Avatar src={her.status === 'ready' ? her.data.photourl : ''} name={nickname} size={40} />
          <span>{nickname}</span>
        </Link>
        {her.status === 'ready' && <FollowToggle anchorId={anchorId} initial={her.data.is_follow} />}
        {canAsk && (
          <InviteOneOnOneButton
            anchorId={anchorId}
            nickname={nickname}
            label="Ask for a One-on-One"
            className="btn btn-secondary"
          />
        )}
        {onEnd && (
          <button
            type="button"
            className="btn btn-primary live-end-btn"
            data-testid="room-end"
            onClick={onEnd}
          >
            End
          </button>
        )}
      </div>
      {canAsk && <RequestMessages anchorId={anchorId} nickname={nickname} />}
    </header>
  );
}

/** "5 watching", asked again every AUDIENCE_REFRESH_MS; nothing shown until the first answer. */
function Audience({ roomId }: { roomId: string }) {
  const [viewers, setViewers] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const ask = () =>
      roomAudience(roomId).then(
        (answer) => live && setViewers(answer.viewers),
        () => {},
      );
    void ask();
    const timer = setInterval(ask, AUDIENCE_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [roomId]);
  if (viewers === null) return <span className="muted">counting viewers…</span>;
  return <span data-testid="room-viewers">{viewers === 1 ? '1 watching' : `${viewers} watching`}</span>;
}
