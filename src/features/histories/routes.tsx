/** His credit and chat-minute histories, under the backpack (/myhomeback). */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

export const historyBackpackRoutes = (back: AnyRoute) => [
  page(
    back,
    'chatminhistories',
    { title: 'Chat minute history', description: 'How you used your chat minutes.' },
    lazyRouteComponent(() => import('./HistoryPages'), 'ChatminHistoryPage'),
  ),
  page(
    back,
    'credithistories',
    { title: 'Credit history', description: 'Where your credits went.' },
    lazyRouteComponent(() => import('./HistoryPages'), 'CreditHistoryPage'),
  ),
];
