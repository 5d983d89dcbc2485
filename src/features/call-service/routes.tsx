/**
 * The member's call-service pages (spec 002 §2). The call-me pages (callAuthorization,
 * callEditAuthorization, authformdetail, authformstatus, callmelist) are callme/routes.tsx's.
 */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

const callPage = <
  K extends
    | 'CallServicePage'
    | 'InstantCallsPage'
    | 'ScheduledCallsPage'
    | 'CallDetailPage'
    | 'CallPrintPage',
>(
  name: K,
) => lazyRouteComponent(() => import('./CallPages'), name);
const anchorPage = <K extends 'InstantAnchorListPage' | 'MakeCallDetailPage'>(name: K) =>
  lazyRouteComponent(() => import('./AnchorCallPages'), name);

const what = 'Phone calls with broadcasters through our call center, with a translator when needed.';

export function callServiceRoutes(M: AnyRoute) {
  return [
    page(M, 'callService', { title: 'Call service', description: what }, callPage('CallServicePage')),
    page(
      M,
      'instantCalls',
      { title: 'Instant calls', description: 'Your instant call requests.' },
      callPage('InstantCallsPage'),
    ),
    page(
      M,
      'schedulCalls',
      { title: 'Scheduled calls', description: 'Your scheduled call requests.' },
      callPage('ScheduledCallsPage'),
    ),
    page(M, 'calldetail', { title: 'Call details', description: what }, callPage('CallDetailPage')),
    page(M, 'callprintpage', { title: 'Call request (print)', description: what }, callPage('CallPrintPage')),
    page(
      M,
      'instantAnchorList',
      { title: 'Broadcasters who take calls', description: 'Call a broadcaster now or book a time.' },
      anchorPage('InstantAnchorListPage'),
    ),
    page(
      M,
      'makecalldetail',
      { title: 'Request a call', description: 'Book a call at a free hour of her call timetable.' },
      anchorPage('MakeCallDetailPage'),
    ),
  ];
}
