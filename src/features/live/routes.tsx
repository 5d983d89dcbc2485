/** Live rooms and the One-on-One list. */
import { type AnyRoute, createRoute, lazyRouteComponent, useSearch } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';
import { type LiveSearch, liveSearch } from './search';

const LivePage = lazyRouteComponent(() => import('./LivePage'), 'LivePage');

export const liveRoutes = (M: AnyRoute) => [
  createRoute({
    getParentRoute: () => M,
    path: 'live',
    staticData: {
      title: 'Live room',
      description: 'Watch a broadcaster live, in her public room or One-on-One.',
    },
    // live.html#anchorid=…&type=… arrives as this route's query (src/entry.ts).
    validateSearch: (search: Record<string, unknown>): LiveSearch => liveSearch(search),
    component: function LiveRoute() {
      return <LivePage {...(useSearch({ strict: false }) as LiveSearch)} />;
    },
  }),
  page(
    M,
    'oneononelist',
    { title: 'One-on-One', description: 'Your One-on-One invitations and sessions.' },
    lazyRouteComponent(() => import('./OneOnOneListPage'), 'OneOnOneListPage'),
  ),
];
