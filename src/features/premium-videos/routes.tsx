/** Premium videos: the list, his own, one video (their own chunk). */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultChild, page } from '../../app/route-helpers';

const premiumPage = (name: keyof typeof import('.')) => lazyRouteComponent(() => import('.'), name);

export function premiumVideoRoutes(M: AnyRoute) {
  const pv = createRoute({ getParentRoute: () => M, path: 'premiumVideo' });
  const what = "Broadcasters' premium videos to watch on demand.";
  return [
    pv.addChildren([
      defaultChild(pv, '/premiumVideo/premiumVideoList'),
      page(
        pv,
        'premiumVideoList',
        { title: 'Premium videos', description: what },
        premiumPage('PremiumVideoListPage'),
      ),
      page(
        pv,
        'premiumVideoAUList',
        {
          title: 'My premium videos',
          description: 'The premium videos you unlocked or marked as interesting.',
        },
        premiumPage('PremiumVideoAUListPage'),
      ),
    ]),
    page(
      M,
      'premiumvideodetails',
      { title: 'Premium video', description: "A broadcaster's premium video." },
      premiumPage('PremiumVideoDetailsPage'),
    ),
    page(
      M,
      'videodoesnotexist',
      { title: 'Video not available', description: 'This video does not exist or is no longer available.' },
      premiumPage('VideoDoesNotExistPage'),
    ),
  ];
}
