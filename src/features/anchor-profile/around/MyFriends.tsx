/**
 * My Friends on her profile (spec 002 §2, §3): her friends by pages of FRIENDS_PAGE_SIZE, each a
 * link to that friend's profile with an online dot; Load More with the spec's statuses (loadmore,
 * loading, retry, nodata).
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AroundTexts,
  FRIENDS_PAGE_SIZE,
  type Friend,
  type LoadMoreStatus,
} from '../../../../protocol/anchor-profile/around';
import { ONLINE_STATUS_ONLINE } from '../../../../protocol/constants';
import { errorText } from '../../../api/use-request';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { getAnchorFriends } from './api';
import { cutRecommendNickname } from './carousel-rules';

const LABELS: Record<LoadMoreStatus, string> = {
  loadmore: AroundTexts.loadMore,
  loading: 'Loading…',
  retry: AroundTexts.retry,
  nodata: AroundTexts.noMore,
};

export function MyFriends({ anchorId }: { anchorId: string }) {
  const [friends, setFriends] = useState<Friend[]>([]);
  const [status, setStatus] = useState<LoadMoreStatus>('loading');
  const [firstError, setFirstError] = useState('');
  const live = useRef(true);
  const inFlight = useRef(false);
  const count = useRef(0);

  const load = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus('loading');
    try {
      const page = await getAnchorFriends(anchorId, count.current, FRIENDS_PAGE_SIZE);
      if (!live.current) return;
      count.current += page.list.length;
      setFriends((list) => [...list, ...page.list]);
      setFirstError('');
      setStatus(count.current < page.total && page.list.length > 0 ? 'loadmore' : 'nodata');
    } catch (error) {
      if (!live.current) return;
      if (count.current === 0) setFirstError(errorText(error));
      setStatus('retry');
    } finally {
      inFlight.current = false;
    }
  }, [anchorId]);

  useEffect(() => {
    live.current = true;
    void load();
    return () => {
      live.current = false;
    };
  }, [load]);

  const firstLoad = friends.length === 0 && status === 'loading';
  return (
    <section className="card profile-panel" aria-labelledby="friends-title" data-testid="my-friends">
      <h2 id="friends-title">{AroundTexts.friendsTitle}</h2>
      {firstError && friends.length === 0 ? (
        <ErrorRetry message={firstError} onRetry={() => void load()} />
      ) : friends.length === 0 && status === 'nodata' ? (
        <p className="muted">{AroundTexts.friendsEmpty}</p>
      ) : (
        <>
          <ul className="friend-grid" aria-busy={status === 'loading'}>
            {firstLoad
              ? Array.from({ length: FRIENDS_PAGE_SIZE }, (_, i) => (
                  <li key={i} className="friend-card friend-card-skeleton" aria-hidden="true">
                    <span className="friend-avatar skeleton" />
                    <span className="skeleton skeleton-text">&nbsp;</span>
                  </li>
                ))
              : friends.map((f) => <FriendCard key={f.anchor_id} friend={f} />)}
          </ul>
          {!firstLoad && (status !== 'nodata' || friends.length > FRIENDS_PAGE_SIZE) && (
            <p className="friend-more">
              {status === 'nodata' ? (
                <span className="muted" data-testid="friends-nodata">
                  {LABELS.nodata}
                </span>
              ) : (
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  data-testid="friends-load-more"
                  data-status={status}
                  disabled={status === 'loading'}
                  onClick={() => void load()}
                >
                  {LABELS[status]}
                </button>
              )}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function FriendCard({ friend }: { friend: Friend }) {
  const online = friend.online_status === ONLINE_STATUS_ONLINE;
  return (
    <li className="friend-card" data-testid="friend-card" data-anchor-id={friend.anchor_id}>
      <Link to={`/anchor/${friend.anchor_id}`} className="friend-link" title={friend.nickname}>
        <span className="friend-avatar-wrap">
          <img
            className="friend-avatar"
            src={friend.avatar_img}
            alt=""
            width={72}
            height={72}
            loading="lazy"
            decoding="async"
          />
          <span
            className={`friend-dot${online ? ' friend-dot-online' : ''}`}
            role="img"
            aria-label={online ? 'Online' : 'Offline'}
          />
        </span>
        <span className="friend-name">{cutRecommendNickname(friend.nickname)}</span>
      </Link>
    </li>
  );
}
