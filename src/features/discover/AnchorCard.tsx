/** A broadcaster on a card: cover, nickname (cut per spec), age, country, presence, and the card actions. */
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { ANCHOR_TYPE_HONOURABLE } from '../../../protocol/constants';
import type { AnchorCard as Anchor, MemberPriv } from '../../../protocol/types';
import { BELOW_THE_FOLD, type ImageLoading } from '../../app/images/loading';
import { CrownIcon } from '../../app/layout/icons';
import { userState } from '../../state/user';
import {
  cardActions,
  isLiveInPremiumRoom,
  isLiveInPublicRoom,
  isOnline,
  oneOnOneLocked,
  truncateNickname,
} from './anchor-rules';
import { LockedAction } from './LockedAction';
import { PremiumPrice } from './PremiumPrice';

export function AnchorCard({
  anchor,
  priv,
  featured = false,
  image = BELOW_THE_FOLD,
}: {
  anchor: Anchor;
  priv: MemberPriv;
  featured?: boolean;
  /** Lazy unless the card is on the first screen. */
  image?: ImageLoading;
}) {
  const live = isLiveInPublicRoom(anchor);
  const premium = isLiveInPremiumRoom(anchor);
  const isMember = useSnapshot(userState).me?.role === 'man';
  const online = isOnline(anchor);
  const honourable = anchor.anchor_type === ANCHOR_TYPE_HONOURABLE;
  const actions = cardActions(anchor, priv);
  const name = truncateNickname(anchor.nickname);
  const profile = `/anchor/${anchor.userid}`;

  return (
    <article
      className={`anchor-card${featured ? ' anchor-card-featured' : ''}${honourable ? ' anchor-card-honour' : ''}`}
      data-testid="anchor-card"
      data-anchor-id={anchor.userid}
    >
      <Link to={profile} className="anchor-card-media" aria-label={`${anchor.nickname}, view profile`}>
        {/* The card's shape (3:4, featured 4:5), so nothing moves when the portrait arrives. */}
        <img
          src={anchor.photourl}
          alt=""
          width={240}
          height={featured ? 300 : 320}
          loading={image.loading}
          fetchPriority={image.fetchPriority}
        />
        <span className="anchor-card-badges">
          {live ? (
            <span className="badge badge-live">{premium ? 'Live · Premium' : 'Live'}</span>
          ) : online ? (
            <span className="badge badge-dot badge-online">Online</span>
          ) : (
            <span className="badge badge-dot badge-offline">Offline</span>
          )}
          {honourable && (
            <span className="badge badge-honour" title="Honourable broadcaster">
              <CrownIcon />
              <span className="visually-hidden">Honourable</span>
            </span>
          )}
        </span>
      </Link>
      <div className="anchor-card-body">
        <h3 className="anchor-card-name" title={anchor.nickname}>
          <Link to={profile}>{name}</Link>
        </h3>
        <p className="anchor-card-meta">
          {anchor.age} · {anchor.country}
        </p>
        {premium && <PremiumPrice className="anchor-card-price" />}
        {isMember && oneOnOneLocked(anchor, priv) && <LockedAction action="invite-one-on-one" compact />}
        {actions.length > 0 && (
          <div className="anchor-card-actions">
            {actions.includes('watch-now') && (
              <Link
                to="/live"
                search={{ anchorid: anchor.userid, type: 'public' }}
                className="btn btn-primary btn-small"
                data-testid="card-watch-now"
              >
                Watch Now
              </Link>
            )}
            {actions.includes('invite-one-on-one') && (
              <Link
                to="/live"
                search={{ anchorid: anchor.userid, type: 'private' }}
                className="btn btn-secondary btn-small"
                data-testid="card-invite-one-on-one"
              >
                Invite One-on-One
              </Link>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

/**
 * A card's shape while the list loads: the real card's parts with blank text and two rows of
 * actions (a row of cards grows to its tallest, and a live broadcaster's card has two), so the
 * page keeps its place when the list comes.
 */
export function AnchorCardSkeleton({ featured = false }: { featured?: boolean }) {
  return (
    <div
      className={`anchor-card anchor-card-skeleton${featured ? ' anchor-card-featured' : ''}`}
      aria-hidden="true"
    >
      <div className="anchor-card-media skeleton" />
      <div className="anchor-card-body">
        <h3 className="anchor-card-name">
          <span className="skeleton skeleton-text">&nbsp;</span>
        </h3>
        <p className="anchor-card-meta">
          <span className="skeleton skeleton-text short">&nbsp;</span>
        </p>
        <div className="anchor-card-actions">
          <span className="btn btn-small skeleton">&nbsp;</span>
          <span className="btn btn-small skeleton">&nbsp;</span>
        </div>
      </div>
    </div>
  );
}
