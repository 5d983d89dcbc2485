/**
 * The operator console (/operator): one signed-in area for the care team, content editors, trust
 * and the development stand-ins, each tab shown to the roles the server grants. A lazy chunk of its
 * own, so members never download it. Operators sign in at /user/login like members.
 */
import { type AnyRoute, lazyRouteComponent } from '@tanstack/react-router';
import { page } from '../../app/route-helpers';

export function operatorRoutes(M: AnyRoute) {
  return [
    page(
      M,
      'operator',
      {
        title: 'Operator console',
        description: 'Customer care, news and trust tools for Glimmer operators.',
      },
      lazyRouteComponent(() => import('./OperatorConsole'), 'OperatorConsole'),
    ),
  ];
}
