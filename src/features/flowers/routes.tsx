/**
 * Flowers and real gifts (spec 002 §2): the store at /continueshopping?id= and /flower/ggift, the
 * cart at /flower/gcart, checkout at /checkout?id=, deliveries at /flower/gdelivery. Lazy chunks.
 */
import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { defaultChild, page } from '../../app/route-helpers';

const store = lazyRouteComponent(() => import('./StorePage'), 'StorePage');

export function flowerRoutes(M: AnyRoute) {
  const flower = createRoute({ getParentRoute: () => M, path: 'flower' });
  return [
    flower.addChildren([
      defaultChild(flower, '/flower/ggift'),
      page(
        flower,
        'ggift',
        { title: 'Flower and gift store', description: 'Send real flowers and gifts to a broadcaster.' },
        store,
      ),
      page(
        flower,
        'gcart',
        { title: 'My cart', description: 'The flowers and gifts in your cart.' },
        lazyRouteComponent(() => import('./CartPage'), 'CartPage'),
      ),
      page(
        flower,
        'gdelivery',
        { title: 'My deliveries', description: 'Where your flowers and gifts are.' },
        lazyRouteComponent(() => import('./DeliveriesPage'), 'DeliveriesPage'),
      ),
    ]),
    page(
      M,
      'continueshopping',
      { title: 'Flower and gift store', description: 'Choose flowers and gifts for a broadcaster.' },
      store,
    ),
    page(
      M,
      'checkout',
      { title: 'Checkout', description: 'Pay for the flowers and gifts in your cart.' },
      lazyRouteComponent(() => import('./CheckoutPage'), 'CheckoutPage'),
    ),
  ];
}
