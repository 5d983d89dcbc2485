/** The route registry: every API route, in one list, so that tests can walk all of them. */
import type { ApiRoute } from '../route';
import { bookingRoutes } from './bookings';
import { discoverRoutes } from './discover';
import { invitationRoutes } from './invitations';
import { mailRoutes } from './mail';
import { messageRoutes } from './messages';
import { sayHiRoutes } from './sayhi';
import { sessionRoutes } from './session';
import { showRoutes } from './shows';
import { voucherRoutes } from './vouchers';

export const apiRoutes: readonly ApiRoute[] = [
  ...sessionRoutes,
  ...discoverRoutes,
  ...invitationRoutes,
  ...bookingRoutes,
  ...showRoutes,
  ...voucherRoutes,
  ...messageRoutes,
  ...sayHiRoutes,
  ...mailRoutes,
];
