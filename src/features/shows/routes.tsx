/** Shows and tickets. */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultChild, forward, page } from '../../app/route-helpers';

const showsPage = <K extends 'MyTicketsPage' | 'ShowCalendarPage'>(name: K) =>
  lazyRouteComponent(() => import('./ShowsPage'), name);

export function showRoutes(M: AnyRoute) {
  const shows = createRoute({ getParentRoute: () => M, path: 'showorder' });
  return [
    shows.addChildren([
      defaultChild(shows, '/showorder/schs'),
      page(
        shows,
        'schs',
        { title: 'Shows', description: 'The calendar of scheduled shows, with tickets.' },
        showsPage('ShowCalendarPage'),
      ),
      page(
        shows,
        'myticket',
        { title: 'My tickets', description: 'The shows you hold tickets for.' },
        showsPage('MyTicketsPage'),
      ),
    ]),
    forward(M, 'myticket', '/showorder/myticket'),
  ];
}
