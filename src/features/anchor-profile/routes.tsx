/** A broadcaster's profile (preloaded from Discover), read fresh each time. */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { anchorProfileLoader } from './load';

const AnchorProfilePage = lazyRouteComponent(() => import('./AnchorProfilePage'), 'AnchorProfilePage');

export const anchorProfileRoutes = (M: AnyRoute) => [
  createRoute({
    getParentRoute: () => M,
    path: 'anchor/$id',
    staticData: { title: 'Broadcaster profile', description: 'A broadcaster on Glimmer.' },
    loader: ({ params }) => anchorProfileLoader(params.id),
    component: AnchorProfilePage,
    // The profile (follow state, online state) is always read fresh.
    staleTime: 0,
    gcTime: 0,
  }),
];
