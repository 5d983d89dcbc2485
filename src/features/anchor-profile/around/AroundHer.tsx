/**
 * The sections around a broadcaster's profile: My Friends, similar online broadcasters, featured
 * broadcasters with the banner slot, and the recommended carousel (page type 1). Each mounts, and
 * so loads, only when scrolled near.
 */
import { RECOMMEND_PAGE_TYPE } from '../../../../protocol/anchor-profile/around';
import { NearViewport } from '../../../app/layout/NearViewport';
import { BannerSlot, FeaturedBroadcasters } from './FeaturedAndBanner';
import { MyFriends } from './MyFriends';
import { RecommendCarousel } from './RecommendCarousel';
import { SimilarOnline } from './SimilarOnline';
import './around.css';

export function AroundHer({ anchorId }: { anchorId: string }) {
  return (
    <>
      <NearViewport minHeight={260}>
        <MyFriends anchorId={anchorId} />
      </NearViewport>
      <NearViewport minHeight={320}>
        <SimilarOnline anchorId={anchorId} />
      </NearViewport>
      <NearViewport minHeight={560}>
        <FeaturedBroadcasters anchorId={anchorId} />
        <BannerSlot />
      </NearViewport>
      <NearViewport minHeight={420}>
        <RecommendCarousel type={RECOMMEND_PAGE_TYPE.profile} anchorId={anchorId} />
      </NearViewport>
    </>
  );
}
