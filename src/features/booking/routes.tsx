/** Scheduled One-on-One: his requests and bookings, and the request page. */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultChild, forward, page } from '../../app/route-helpers';

const schedulePage = <K extends 'ScheduleDetailPage' | 'ScheduleListPage' | 'ScheduleRequestPage'>(name: K) =>
  lazyRouteComponent(() => import('./SchedulePages'), name);
const LiveRequestPage = lazyRouteComponent(() => import('./SchedulePages'), 'LiveRequestPage');

export function bookingRoutes(M: AnyRoute) {
  const schedule = createRoute({ getParentRoute: () => M, path: 'schedule' });
  const what = 'Your scheduled One-on-One requests: pending, confirmed and past.';
  const requests = createRoute({ getParentRoute: () => M, path: 'liverequest' });
  const mine = 'Your One-on-One requests and bookings with broadcasters.';
  return [
    schedule.addChildren([
      defaultChild(schedule, '/schedule/list'),
      page(
        schedule,
        'list',
        { title: 'Scheduled One-on-One', description: what },
        schedulePage('ScheduleListPage'),
      ),
      page(
        schedule,
        'detail',
        { title: 'Scheduled One-on-One details', description: what },
        schedulePage('ScheduleDetailPage'),
      ),
      page(
        schedule,
        'request',
        {
          title: 'Request a scheduled One-on-One',
          description: 'Pick a time to meet a broadcaster One-on-One.',
        },
        schedulePage('ScheduleRequestPage'),
      ),
    ]),
    // The spec's schedulerequest?anchorid= is the request page with the id filled in.
    forward(M, 'schedulerequest', '/schedule/request'),
    requests.addChildren([
      defaultChild(requests, '/liverequest/tag1'),
      ...['tag1', 'tag2', 'tag3', 'tag4', 'booking'].map((tab) =>
        page(requests, tab, { title: 'My requests', description: mine }, () => <LiveRequestPage tab={tab} />),
      ),
    ]),
  ];
}
