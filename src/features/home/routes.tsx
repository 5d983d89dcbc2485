import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultChild, page } from '../../app/route-helpers';
import { RefreshPage } from './refresh';

const HomePage = lazyRouteComponent(() => import('./HomePage'), 'HomePage');

export const homeRoutes = (M: AnyRoute) => [
  defaultChild(M, '/home'),
  page(
    M,
    'home',
    { title: 'Home', description: 'Your Glimmer home: tips and featured broadcasters.' },
    HomePage,
  ),
  // Transition routes: they refresh the page they were opened from (refresh.tsx).
  page(M, 'n1', { title: 'Glimmer', description: 'Refreshing the page.' }, RefreshPage),
  page(M, 'n2', { title: 'Glimmer', description: 'Refreshing the page.' }, RefreshPage),
];
