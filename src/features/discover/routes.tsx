/** Discover's pages: each a chunk of its own (Discover's is preloaded from the login page). */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';
import { discoverSearch } from './search-filters';

const DiscoverPage = lazyRouteComponent(() => import('./DiscoverPage'), 'DiscoverPage');
const WatchBroadcastersPage = lazyRouteComponent(
  () => import('./WatchBroadcastersPage'),
  'WatchBroadcastersPage',
);
const FeaturedListPage = lazyRouteComponent(() => import('./FeaturedListPage'), 'FeaturedListPage');

export const discoverRoutes = (M: AnyRoute) => [
  // Its search and filters live in the address (?q=&age_min=&...), so Back returns to the results.
  createRoute({
    getParentRoute: () => M,
    path: 'masterlist',
    staticData: {
      title: 'Discover',
      description: 'Search, featured, online and hot broadcasters on Glimmer.',
    },
    validateSearch: discoverSearch,
    component: DiscoverPage,
  }),
  page(
    M,
    'featuredlist',
    { title: 'Featured broadcasters', description: 'Broadcasters we feature.' },
    FeaturedListPage,
  ),
  page(
    M,
    'watchbroadcaster',
    { title: 'Watch broadcasters', description: 'Broadcasters live in public rooms now.' },
    WatchBroadcastersPage,
  ),
];
