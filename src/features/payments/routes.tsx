/** Buying credits: /nx/page/Payment/checkout opens here with its query (src/entry.ts). */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

export const paymentRoutes = (M: AnyRoute) => [
  page(
    M,
    'addcredit',
    { title: 'Add credits', description: 'Buy credits for live video, shows and mail.' },
    lazyRouteComponent(() => import('./AddCreditPage'), 'AddCreditPage'),
  ),
];
