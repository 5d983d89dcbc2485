/** The route registry: every API route, in one list, so that tests can walk all of them. */
import type { ApiRoute } from '../route';
import { albumRoutes } from './albums';
import { aroundRoutes } from './around';
import { bookingRoutes } from './bookings';
import { discoverRoutes } from './discover';
import { faceIdRoutes } from './face-id';
import { hangoutRoutes } from './hangouts';
import { historyRoutes } from './histories';
import { invitationRoutes } from './invitations';
import { liveRoutes } from './live';
import { livechatRoutes } from './livechat';
import { livechatInviteRoutes } from './livechat-invites';
import { mailRoutes } from './mail';
import { messageRoutes } from './messages';
import { paymentRoutes } from './payments';
import { premiumVideoRoutes } from './premium-videos';
import { sayHiRoutes } from './sayhi';
import { sessionRoutes } from './session';
import { shotRoutes } from './shots';
import { showRoutes } from './shows';
import { voucherRoutes } from './vouchers';

export const apiRoutes: readonly ApiRoute[] = [
  ...sessionRoutes,
  ...discoverRoutes,
  ...invitationRoutes,
  ...bookingRoutes,
  ...showRoutes,
  ...voucherRoutes,
  ...livechatRoutes,
  ...livechatInviteRoutes,
  ...messageRoutes,
  ...sayHiRoutes,
  ...mailRoutes,
  ...liveRoutes,
  ...hangoutRoutes,
  ...faceIdRoutes,
  ...paymentRoutes,
  ...historyRoutes,
  ...shotRoutes,
  ...premiumVideoRoutes,
  ...aroundRoutes,
  ...albumRoutes,
];
