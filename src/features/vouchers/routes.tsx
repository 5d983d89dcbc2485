/** The voucher pages under /myhomeback. */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

export const voucherBackpackRoutes = (back: AnyRoute) => [
  page(
    back,
    'voucheranchors',
    {
      title: 'Where to use my vouchers',
      description: 'Broadcasters online now whose rooms take your vouchers.',
    },
    lazyRouteComponent(() => import('./VoucherAnchorsPage'), 'VoucherAnchorsPage'),
  ),
];
