/**
 * premiumVideo/premiumVideoList: every broadcaster's premium videos, newest first; and
 * premiumVideo/premiumVideoAUList ("My premium videos"): the ones he unlocked or marked as
 * interesting, his latest first (protocol/premium-videos/premium-videos.ts).
 */
import { Link } from '@tanstack/react-router';
import { ADVERT_POP } from '../../../protocol/adverts/adverts';
import { PREMIUM_VIDEO_PRICE, PremiumMessages } from '../../../protocol/premium-videos/premium-videos';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { useMoneyLabel } from '../../app/popups/PaymentConfirm';
import { AdPop } from '../adverts/AdPop';
import { getMyVideoList, getVideoList } from './api';
import { useVideoPages } from './use-video-pages';
import { VideoCard, VideoCardSkeleton } from './VideoCard';
import './premium-videos.css';

function Tabs({ current }: { current: 'all' | 'mine' }) {
  return (
    <nav className="pv-tabs" aria-label="Premium videos">
      <Link
        to="/premiumVideo/premiumVideoList"
        className="pv-tab"
        aria-current={current === 'all' ? 'page' : undefined}
      >
        All premium videos
      </Link>
      <Link
        to="/premiumVideo/premiumVideoAUList"
        className="pv-tab"
        aria-current={current === 'mine' ? 'page' : undefined}
        data-testid="pv-tab-mine"
      >
        My premium videos
      </Link>
    </nav>
  );
}

function VideoPages({
  load,
  cacheKey,
  empty,
  testId,
}: {
  load: (start: number) => ReturnType<typeof getVideoList>;
  cacheKey: string;
  empty: React.ReactNode;
  testId: string;
}) {
  const pages = useVideoPages(load, cacheKey);
  if (pages.status === 'error')
    return <ErrorRetry message={pages.error || PremiumMessages.loadFailed} onRetry={pages.retry} />;
  if (pages.status === 'nodata') return <div className="empty-state">{empty}</div>;
  const first = pages.status === 'loading' && pages.items.length === 0;
  return (
    <>
      <ul className="pv-grid" data-testid={testId} aria-busy={pages.status === 'loading'}>
        {first
          ? Array.from({ length: 4 }, (_, i) => (
              <li key={i}>
                <VideoCardSkeleton />
              </li>
            ))
          : pages.items.map((v) => (
              <li key={v.video_id}>
                <VideoCard video={v} />
              </li>
            ))}
      </ul>
      <div className="pv-more" aria-live="polite">
        {pages.status === 'loadmore' && (
          <button type="button" className="btn btn-secondary" onClick={pages.loadMore}>
            Load more
          </button>
        )}
        {pages.status === 'loading' && !first && <p className="muted">Loading…</p>}
        {pages.status === 'retry' && <ErrorRetry message={pages.error} onRetry={pages.retry} />}
        {pages.status === 'end' && pages.total > 0 && <p className="muted">That is all of them.</p>}
      </div>
    </>
  );
}

function Intro() {
  const price = useMoneyLabel(PREMIUM_VIDEO_PRICE / 100);
  return (
    <p className="muted">
      Broadcasters’ own videos. Each costs {price} once, then it is yours to watch as often as you like.
    </p>
  );
}

export function PremiumVideoListPage() {
  return (
    <div className="page pv-page">
      <h1 className="page-title">Premium videos</h1>
      <Intro />
      <AdPop id={ADVERT_POP.premiumVideo} />
      <Tabs current="all" />
      <VideoPages
        load={(start) => getVideoList(start)}
        cacheKey="all"
        empty="No premium videos yet. Please come back soon."
        testId="pv-list"
      />
    </div>
  );
}

export function PremiumVideoAUListPage() {
  return (
    <div className="page pv-page">
      <h1 className="page-title">My premium videos</h1>
      <p className="muted">The videos you unlocked and the ones you marked as interesting.</p>
      <Tabs current="mine" />
      <VideoPages
        load={(start) => getMyVideoList(start)}
        cacheKey="mine"
        empty={
          <>
            You have not unlocked or marked any videos yet.{' '}
            <Link to="/premiumVideo/premiumVideoList">Browse premium videos</Link>
          </>
        }
        testId="pv-my-list"
      />
    </div>
  );
}
