/**
 * The route map of the shell in hash mode (spec 002 §2 "Screens and routes"), assembled from the
 * routes each feature exports (`src/features/<name>/routes.tsx`): the root here holds only the
 * guards and the sections several features share (settings, the backpack). Pages under /howitwork
 * need no login; every other page is behind the member guard, and /broadcaster behind the
 * broadcaster guard. Routes whose feature arrives later show a placeholder that says so.
 */
import { createRootRoute, createRoute, redirect } from '@tanstack/react-router';
import { Pages } from '../../protocol/paths';
import { accountPublicRoutes, accountRoutes } from '../features/account/routes';
import { anchorProfileRoutes } from '../features/anchor-profile/routes';
import { backpackRoutes } from '../features/backpack/routes';
import { bookingRoutes } from '../features/booking/routes';
import { broadcasterRoutes } from '../features/broadcaster/routes';
import { callMeRoutes } from '../features/call-service/callme/routes';
import { callServiceRoutes } from '../features/call-service/routes';
import { careRoutes } from '../features/care/routes';
import { discoverRoutes } from '../features/discover/routes';
import { flowerRoutes } from '../features/flowers/routes';
import { hangoutRoutes } from '../features/hangout/routes';
import { helpRoutes } from '../features/help/routes';
import { historyBackpackRoutes } from '../features/histories/routes';
import { homeRoutes } from '../features/home/routes';
import { liveRoutes } from '../features/live/routes';
import { installChatNowLinks } from '../features/livechat/chat-now';
import { liveChatBackpackRoutes, liveChatRoutes } from '../features/livechat/routes';
import { mailBackpackRoutes, mailRoutes } from '../features/mail/routes';
import { messageRoutes } from '../features/messages/routes';
import { newsRoutes } from '../features/news/routes';
import { notificationSettingsRoutes } from '../features/notifications/routes';
import { operatorRoutes } from '../features/operator/routes';
import { paymentRoutes } from '../features/payments/routes';
import { premiumVideoRoutes } from '../features/premium-videos/routes';
import { profileRoutes } from '../features/profile/routes';
import { sayHiRoutes } from '../features/sayhi/routes';
import { settingsRoutes } from '../features/settings/routes';
import { showRoutes } from '../features/shows/routes';
import { voucherBackpackRoutes } from '../features/vouchers/routes';
import { sessionState } from '../state/session';
import { userState } from '../state/user';
import { Shell } from './layout/Shell';
import { defaultChild, forward } from './route-helpers';
import { session } from './session';
import { BROADCASTER_HOME, loginUrl } from './session/guard';

/** Navigation stops here while the browser leaves for a login page. */
const leaving = () => new Promise<never>(() => {});

export const rootRoute = createRootRoute({
  component: Shell,
  // Every page starts the session flow; only guarded pages wait for it.
  beforeLoad: () => {
    void session.ensureSession();
  },
});

const member = createRoute({
  getParentRoute: () => rootRoute,
  id: 'member',
  beforeLoad: async ({ location }) => {
    await session.ensureSession();
    if (sessionState.status === 'visitor') {
      window.location.assign(loginUrl(location.href));
      return leaving();
    }
    if (userState.me?.role === 'lady') throw redirect({ to: BROADCASTER_HOME, replace: true });
  },
});

const lady = createRoute({
  getParentRoute: () => rootRoute,
  id: 'lady',
  beforeLoad: async () => {
    await session.ensureSession();
    if (sessionState.status === 'visitor') {
      window.location.assign(Pages.anchorLogin);
      return leaving();
    }
    if (userState.me && userState.me.role !== 'lady') throw redirect({ to: '/masterlist', replace: true });
  },
});

// ---- Member shell.
const M = member;
// Chat Now links open live chat's own window on a desktop.
installChatNowLinks();
const memberPages = [
  ...homeRoutes(M),
  ...accountRoutes(M),
  ...discoverRoutes(M),
  ...anchorProfileRoutes(M),
  ...bookingRoutes(M),
  ...premiumVideoRoutes(M),
  ...sayHiRoutes(M),
  ...paymentRoutes(M),
  ...liveRoutes(M),
  ...liveChatRoutes(M),
  ...hangoutRoutes(M),
  ...mailRoutes(M),
  ...showRoutes(M),
  ...messageRoutes(M),
  ...profileRoutes(M),

  // Call service.
  ...callServiceRoutes(M),
  ...callMeRoutes(M),

  // Gifts and flowers.
  forward(M, 'giftnull', '/flower'),
  ...flowerRoutes(M),

  // Settings.
  (() => {
    const settings = createRoute({ getParentRoute: () => M, path: 'mysetting' });
    return settings.addChildren([
      defaultChild(settings, '/mysetting/options'),
      ...settingsRoutes(settings),
      ...notificationSettingsRoutes(settings),
    ]);
  })(),

  // Backpack.
  (() => {
    const back = createRoute({ getParentRoute: () => M, path: 'myhomeback' });
    return back.addChildren([
      defaultChild(back, '/myhomeback/siteassets'),
      ...backpackRoutes(back),
      ...historyBackpackRoutes(back),
      ...mailBackpackRoutes(back),
      ...liveChatBackpackRoutes(back),
      ...voucherBackpackRoutes(back),
    ]);
  })(),

  // News.
  newsRoutes(M),

  ...careRoutes(M),
  ...operatorRoutes(M),
];

export const routeTree = rootRoute.addChildren([
  ...helpRoutes(rootRoute),
  accountPublicRoutes(rootRoute),
  member.addChildren(memberPages),
  lady.addChildren(broadcasterRoutes(lady)),
  // Any unknown path goes to Discover.
  forward(rootRoute, '$', '/masterlist'),
]);
