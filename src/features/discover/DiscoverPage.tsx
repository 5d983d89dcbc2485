/**
 * /masterlist (Discover): a search by name or id with filters, then featured broadcasters, who is
 * online now and the hot list, each woman once on the screen (dedupe.ts). While a search or a
 * filter is on, its results (a chunk of their own) take the lists' place.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Suspense, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { FEATURED_ANCHOR_NUM, ONLINE_LIST_NUM } from '../../../protocol/constants';
import { useRequest } from '../../api/use-request';
import { afterPaint, whenShown } from '../../app/after-paint';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { loadOrSaved } from '../../app/saved-copy';
import { AnchorSection, AnchorSectionView } from './AnchorSection';
import { getFeaturedAnchors, getOnlineAnchors } from './api';
import { notShown, shownAbove } from './dedupe';
import { type DiscoverSearch, discoverSearch, isSearching } from './search-filters';
import './discover.css';
import { lazyWhenOnline } from '../../app/lazy-online';

const loadFeatured = () => getFeaturedAnchors(FEATURED_ANCHOR_NUM);
const loadFeaturedOrSaved = () => loadOrSaved('discover:featured', loadFeatured);
const loadOnlineOrSaved = () => loadOrSaved('discover:online', () => getOnlineAnchors());
// The recommendation pop (a start-up pop-up) loads in its own chunk once Discover has painted.
const RecommendPop = afterPaint(() =>
  import('../anchor-profile/around/RecommendPop').then((m) => m.RecommendPop),
);
// Only offline, over the lists saved on this device; its code (and the date format's) when shown.
const SavedNote = whenShown(() => import('../../app/layout/SavedNote').then((m) => m.SavedNote));
// Below the first screen at every width, and its first page waits for that screen anyway.
const HotList = afterPaint(() => import('./HotList').then((m) => m.HotList));
const ServiceIntro = afterPaint(() => import('../offers/ServiceIntro').then((m) => m.ServiceIntro));
const SearchResults = lazyWhenOnline(() =>
  import('./SearchResults').then((m) => ({ default: m.SearchResults })),
);

export function DiscoverPage() {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = useMemo(() => discoverSearch(raw), [raw]);
  const navigate = useNavigate();
  const setSearch = useCallback(
    (next: DiscoverSearch, replace = false) => void navigate({ to: '/masterlist', search: next, replace }),
    [navigate],
  );
  const searching = isSearching(search);

  return (
    <div className="page discover">
      <h1 className="page-title">Discover</h1>
      <SearchBarSlot search={search} onSearch={setSearch} />
      {searching ? (
        <Suspense fallback={<p className="search-results-loading">Loading…</p>}>
          <SearchResults search={search} onSearch={setSearch} />
        </Suspense>
      ) : (
        <Browse />
      )}
      <ServiceIntro scene="index" />
      <RecommendPop />
    </div>
  );
}

type SearchBarProps = { search: DiscoverSearch; onSearch: (next: DiscoverSearch, replace?: boolean) => void };
let loadedBar: ((props: SearchBarProps) => React.JSX.Element) | null = null;

/**
 * The search bar's code loads as the page mounts, beside the lists' calls rather than before the
 * first paint (Discover's start JS budget); its slot holds the bar's height, so nothing moves.
 */
function SearchBarSlot(props: SearchBarProps) {
  const [Bar, setBar] = useState(() => loadedBar);
  useEffect(() => {
    if (Bar) return;
    let live = true;
    const load = () =>
      import('./DiscoverSearchBar').then(
        (m) => {
          loadedBar = m.DiscoverSearchBar;
          if (live) startTransition(() => setBar(() => m.DiscoverSearchBar));
        },
        // Offline before the chunk came: try again when the network is back.
        () => window.addEventListener('online', load, { once: true }),
      );
    void load();
    return () => {
      live = false;
    };
  }, [Bar]);
  return <div className="discover-search-slot">{Bar && <Bar {...props} />}</div>;
}

/**
 * Featured, Online now and Hot, each woman in the first of them that shows her. Offline, the
 * lists as last loaded here show with when they were saved, and load afresh once the network is back.
 */
function Browse() {
  const [featured, retryFeatured] = useRequest(loadFeaturedOrSaved, 'featured');
  const [online, retryOnline] = useRequest(loadOnlineOrSaved, 'online');
  // The hot list keeps its own pages: a new one is mounted to read them afresh.
  const [hotRound, setHotRound] = useState(0);
  const featuredList = featured.status === 'ready' ? featured.data.data.list : undefined;
  const featuredSettled = featured.status !== 'loading';
  // Online now waits for Featured, so a woman never shows there first and then moves away.
  const onlineList =
    online.status === 'ready' && featuredSettled
      ? notShown(online.data.data.list, shownAbove(featuredList))
      : undefined;
  const above = useMemo(
    () => (featuredSettled && online.status !== 'loading' ? shownAbove(featuredList, onlineList) : null),
    [featuredSettled, featuredList, online.status, onlineList],
  );
  const savedAt = Math.min(
    (featured.status === 'ready' && featured.data.savedAt) || Number.POSITIVE_INFINITY,
    (online.status === 'ready' && online.data.savedAt) || Number.POSITIVE_INFINITY,
  );
  const failed = featured.status === 'error' ? featured : online.status === 'error' ? online : null;
  const retryFailed = useCallback(() => {
    if (featured.status === 'error') retryFeatured();
    if (online.status === 'error') retryOnline();
  }, [featured.status, online.status, retryFeatured, retryOnline]);
  const refresh = useCallback(() => {
    retryFeatured();
    retryOnline();
    setHotRound((n) => n + 1);
  }, [retryFeatured, retryOnline]);

  return (
    <>
      {Number.isFinite(savedAt) && <SavedNote savedAt={savedAt} onRefresh={refresh} />}
      {/* One message and one Retry for the page, not one per list; it loads again by itself once online. */}
      {failed && <ErrorRetry message={failed.error} onRetry={retryFailed} testId="discover-error" />}
      <AnchorSectionView
        id="featured"
        title="Featured broadcasters"
        subtitle="Hand-picked for you"
        testId="featured-list"
        skeletons={FEATURED_ANCHOR_NUM}
        layout="row"
        featured
        state={featured}
        retry={retryFeatured}
        list={featuredList}
        quietError
      />
      <AnchorSectionView
        id="online"
        title="Online now"
        subtitle="Say hello while they are here"
        testId="online-list"
        skeletons={Math.min(ONLINE_LIST_NUM, 8)}
        layout="grid"
        state={online}
        retry={retryOnline}
        list={onlineList}
        quietError
        aside={
          <Link to="/watchbroadcaster" className="btn btn-ghost btn-small">
            Live now
          </Link>
        }
      />
      {!failed && <HotList key={hotRound} exclude={above} />}
    </>
  );
}

export function FeaturedSection({ withLink = false }: { withLink?: boolean }) {
  return (
    <AnchorSection
      id="featured"
      title="Featured broadcasters"
      subtitle="Hand-picked for you"
      testId="featured-list"
      load={loadFeatured}
      skeletons={FEATURED_ANCHOR_NUM}
      layout="row"
      featured
      aside={
        withLink ? (
          <Link to="/masterlist" className="btn btn-ghost btn-small">
            See all in Discover
          </Link>
        ) : undefined
      }
    />
  );
}
