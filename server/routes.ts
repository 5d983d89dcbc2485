/** The route registry: every API route, in one list, so that tests can walk all of them. */

import { accountRoutes } from './features/account';
import { advertRoutes } from './features/adverts';
import { albumRoutes } from './features/albums';
import { aroundRoutes } from './features/anchor-profile';
import { backpackRoutes } from './features/backpack';
import { bookingRoutes } from './features/bookings';
import { callServiceRoutes } from './features/call-service';
import { careRoutes } from './features/care';
import { discoverRoutes } from './features/discover';
import { earningsRoutes } from './features/earnings';
import { faceIdRoutes } from './features/face-id';
import { flowerRoutes } from './features/flowers';
import { giftRoutes } from './features/gifts';
import { hangoutRoutes } from './features/hangouts';
import { historyRoutes } from './features/histories';
import { invitationRoutes } from './features/invitations';
import { liveRoutes, qualityRoutes } from './features/live';
import { liveRoomRoutes } from './features/live-room';
import { livechatInviteRoutes, livechatRoutes } from './features/livechat';
import { mailRoutes } from './features/mail';
import { messageRoutes } from './features/messages';
import { newsRoutes } from './features/news';
import { noticeRoutes } from './features/notices';
import { offerRoutes } from './features/offers';
import { operatorRoutes } from './features/operator';
import { partnerSiteRoutes } from './features/partner-sites';
import { paymentRoutes } from './features/payments';
import { premiumVideoRoutes } from './features/premium-videos';
import { profileRoutes } from './features/profile';
import { reminderRoutes } from './features/reminders';
import { rideRoutes } from './features/rides';
import { roomGiftRoutes } from './features/room-gifts';
import { roomModerationRoutes } from './features/room-moderation';
import { safetyRoutes } from './features/safety';
import { sayHiRoutes } from './features/sayhi';
import { sessionRoutes, siteRoutes } from './features/session';
import { shotRoutes } from './features/shots';
import { showRoutes } from './features/shows';
import { voucherRoutes } from './features/vouchers';
import type { ApiRoute } from './http/route';

export const apiRoutes: readonly ApiRoute[] = [
  ...sessionRoutes,
  ...accountRoutes,
  ...siteRoutes,
  ...partnerSiteRoutes,
  ...discoverRoutes,
  ...invitationRoutes,
  ...bookingRoutes,
  ...callServiceRoutes,
  ...showRoutes,
  ...voucherRoutes,
  ...giftRoutes,
  ...backpackRoutes,
  ...flowerRoutes,
  ...offerRoutes,
  ...roomGiftRoutes,
  ...rideRoutes,
  ...livechatRoutes,
  ...livechatInviteRoutes,
  ...messageRoutes,
  ...sayHiRoutes,
  ...reminderRoutes,
  ...noticeRoutes,
  ...mailRoutes,
  ...liveRoutes,
  ...qualityRoutes,
  ...liveRoomRoutes,
  ...roomModerationRoutes,
  ...hangoutRoutes,
  ...faceIdRoutes,
  ...paymentRoutes,
  ...historyRoutes,
  ...earningsRoutes,
  ...shotRoutes,
  ...premiumVideoRoutes,
  ...aroundRoutes,
  ...albumRoutes,
  ...newsRoutes,
  ...advertRoutes,
  ...careRoutes,
  ...operatorRoutes,
  ...safetyRoutes,
  ...profileRoutes,
];
