/** /masterlist (Discover): featured broadcasters, who is online now, and the hot list. */
import { Link } from '@tanstack/react-router';
import { FEATURED_ANCHOR_NUM, ONLINE_LIST_NUM } from '../../../protocol/constants';
import { getFeaturedAnchors, getOnlineAnchors } from '../../api/anchors';
import { afterPaint } from '../../app/after-paint';
import { AnchorSection } from './AnchorSection';
import { HotList } from './HotList';
import './discover.css';

const loadFeatured = () => getFeaturedAnchors(FEATURED_ANCHOR_NUM);
const loadOnline = () => getOnlineAnchors();
// The recommendation pop (a start-up pop-up) loads in its own chunk once Discover has painted.
const RecommendPop = afterPaint(() =>
  import('../anchor-profile/around/RecommendPop').then((m) => m.RecommendPop),
);

export function DiscoverPage() {
  return (
    <div className="page discover">
      <h1 className="page-title">Discover</h1>
      <FeaturedSection />
      <AnchorSection
        id="online"
        title="Online now"
        subtitle="Say hello while they are here"
        testId="online-list"
        load={loadOnline}
        skeletons={Math.min(ONLINE_LIST_NUM, 8)}
        layout="grid"
        aside={
          <Link to="/watchbroadcaster" className="btn btn-ghost btn-small">
            Live now
          </Link>
        }
      />
      <HotList />
      <RecommendPop />
    </div>
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
