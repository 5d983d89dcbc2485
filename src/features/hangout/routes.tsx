/** Hang-outs: how they work, the room, and who is in one. */
import { type AnyRoute, createRoute, lazyRouteComponent, useSearch } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

const hangoutPage = (name: 'HowHangoutWorkPage' | 'HangoutDetailPage') =>
  lazyRouteComponent(() => import('./HangoutInfoPages'), name);
const HangoutPage = lazyRouteComponent(() => import('./HangoutPage'), 'HangoutPage');
const HangoutDetailPage = hangoutPage('HangoutDetailPage');
/** The hang-out pages' query: the broadcaster's id. */
const hangoutSearch = (search: Record<string, unknown>): { id?: string; send_type?: string } => ({
  ...(typeof search.id === 'string' && /^[A-Za-z0-9_]{1,32}$/.test(search.id) ? { id: search.id } : {}),
  // send_type=2 (a hang-out invitation's Hang-out Now): his request goes to her as the page opens.
  ...(String(search.send_type) === '2' ? { send_type: '2' } : {}),
});

export const hangoutRoutes = (M: AnyRoute) => [
  page(
    M,
    'howhangoutwork',
    { title: 'How Hang-out works', description: 'Join a broadcaster and her friends in a Hang-out room.' },
    hangoutPage('HowHangoutWorkPage'),
  ),
  createRoute({
    getParentRoute: () => M,
    path: 'hangout',
    staticData: { title: 'Hang-out', description: 'A Hang-out room with a broadcaster and her friends.' },
    // hangout.html?id=…#anchorid=…&send_type=2 arrives as this route's query (src/entry.ts).
    validateSearch: hangoutSearch,
    component: function HangoutRoute() {
      return <HangoutPage {...(useSearch({ strict: false }) as { id?: string; send_type?: string })} />;
    },
  }),
  createRoute({
    getParentRoute: () => M,
    path: 'hangoutdetail',
    staticData: { title: 'Hang-out details', description: 'Who is in this Hang-out and how to join.' },
    validateSearch: hangoutSearch,
    component: function HangoutDetailRoute() {
      return <HangoutDetailPage {...(useSearch({ strict: false }) as { id?: string })} />;
    },
  }),
];
