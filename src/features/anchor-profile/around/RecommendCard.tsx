/**
 * A recommended broadcaster's card (spec 001 §2, §3): her portrait, the nickname cut at 10
 * characters, presence, and, in the carousel, Follow and Say Hi (Chat Now too on page type 9).
 */
import { Link } from '@tanstack/react-router';
import type { RecommendedAnchor } from '../../../../protocol/anchor-profile/around';
import { ONLINE_STATUS_ONLINE } from '../../../../protocol/constants';
import { ChatIcon, WaveIcon } from '../../../app/layout/icons';
import { FollowToggle } from '../FollowToggle';
import { cutRecommendNickname } from './carousel-rules';

export function RecommendCard({
  anchor,
  actions,
  chatNow = false,
  onOpen,
}: {
  anchor: RecommendedAnchor;
  /** Follow and Say Hi under the name. */
  actions: boolean;
  chatNow?: boolean;
  /** Called when a link of the card is followed (the pop closes). */
  onOpen?: () => void;
}) {
  const online = anchor.online_status === ONLINE_STATUS_ONLINE;
  const profile = `/anchor/${anchor.anchor_id}`;
  return (
    <article className="rec-card" data-testid="recommend-card" data-anchor-id={anchor.anchor_id}>
      <Link
        to={profile}
        className="rec-card-media"
        aria-label={`${anchor.anchor_nickname}, view profile`}
        onClick={onOpen}
      >
        <img src={anchor.anchor_avatar} alt="" width={160} height={200} loading="lazy" decoding="async" />
        <span className={`badge badge-dot badge-${online ? 'online' : 'offline'} rec-card-presence`}>
          {online ? 'Online' : 'Offline'}
        </span>
      </Link>
      <div className="rec-card-body">
        <h3 className="rec-card-name" title={anchor.anchor_nickname}>
          <Link to={profile} onClick={onOpen}>
            {cutRecommendNickname(anchor.anchor_nickname)}
          </Link>
        </h3>
        <p className="rec-card-meta">
          {anchor.anchor_age} · {anchor.anchor_country}
        </p>
        {actions && (
          <div className="rec-card-actions">
            {chatNow && online && (
              <Link
                to="/livechat"
                search={{ anchorid: anchor.anchor_id }}
                className="btn btn-primary btn-small"
                data-testid="recommend-chat-now"
                onClick={onOpen}
              >
                <ChatIcon /> Chat Now
              </Link>
            )}
            <FollowToggle anchorId={anchor.anchor_id} initial={anchor.is_follow} testId="recommend-follow" />
            <Link
              to="/sayhisendindex"
              search={{ anchorid: anchor.anchor_id }}
              className="btn btn-ghost btn-small"
              data-testid="recommend-say-hi"
              onClick={onOpen}
            >
              <WaveIcon /> Say Hi
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
