/** The backpack under /myhomeback: the overview and the voucher, gift and ride packs. */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

export const backpackRoutes = (back: AnyRoute) => [
  page(
    back,
    'siteassets',
    { title: 'My backpack', description: 'Your vouchers, gifts and rides.' },
    lazyRouteComponent(() => import('./BackpackPage'), 'BackpackPage'),
  ),
  page(
    back,
    'pack1',
    { title: 'Vouchers', description: 'Your broadcast vouchers.' },
    lazyRouteComponent(() => import('./PackPages'), 'VoucherPackPage'),
  ),
  page(
    back,
    'pack2',
    { title: 'Gifts', description: 'The virtual gifts in your backpack.' },
    lazyRouteComponent(() => import('./PackPages'), 'GiftPackPage'),
  ),
  page(
    back,
    'pack3',
    { title: 'Rides', description: 'The rides in your backpack.' },
    lazyRouteComponent(() => import('./PackPages'), 'RidePackPage'),
  ),
];
