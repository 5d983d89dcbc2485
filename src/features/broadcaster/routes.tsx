/** The broadcaster's workspace: the one page behind the broadcaster guard. */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

const BroadcasterPage = lazyRouteComponent(() => import('./BroadcasterPage'), 'BroadcasterPage');

export const broadcasterRoutes = (lady: AnyRoute) => [
  page(
    lady,
    'broadcaster',
    { title: 'Broadcaster workspace', description: 'Your broadcaster workspace on Glimmer.' },
    BroadcasterPage,
  ),
];
