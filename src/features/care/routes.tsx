/** Customer Care (/customer/list, the footer's Customer Care): a chunk of its own. */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

export function careRoutes(M: AnyRoute) {
  return [
    page(
      M,
      'customer/list',
      { title: 'Customer Care', description: 'Ask our customer care team for help.' },
      lazyRouteComponent(() => import('./CarePage'), 'CarePage'),
    ),
  ];
}
