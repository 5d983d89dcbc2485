import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGraph } from './scripts/chunk-graph';
import { precompress } from './scripts/precompress';

/** The product server, for `npm run dev`: API calls, media, push routes and the socket go there. */
const server = process.env.GLIMMER_SERVER ?? 'http://localhost:8080';
/** API areas, media and push (a regex, so that '/man' does not swallow '/manifest.webmanifest'). */
const serverPaths = '^/(pman|share|nx|man|manList|lady|login|member|anchor/face|index|media|push)/';
/** These paths are a page on GET and an API call on POST. */
const pageOrApi = ['/user/login', '/user/signup', '/broadcast/login', '/user/logoutForCLV'];
/** The account calls (protocol/account/account.ts): API only. */
const accountPaths =
  '^/user/(signupChallenge|register|sendVerifyEmail|confirmEmail|requestPasswordReset|resetPassword|changeEmail|getAccount|changePassword|signOutEverywhere|endSession|exportData|deleteAccount)$';

/**
 * The chunks every start loads, in three files instead of some twenty small ones (on a phone each
 * file is a round trip, six at a time over HTTP/1.1): `base`, what the entry reaches (the login
 * page needs only that); `react`; and `app`, what the signed-in shell reaches (router, state, the
 * API client, each feature's `routes.tsx` and the few rules the shell shows). They are read from
 * the build's own import graph (scripts/chunk-graph.ts), so a module that the shell stops
 * importing leaves them by itself. Pages and what loads after first paint (realtime, Dexie) keep
 * their own chunks, one per feature folder. The JS budget (scripts/check-bundle.ts) checks the
 * result on every build.
 */
const graph = chunkGraph(fileURLToPath(new URL('.', import.meta.url)));
const RUNTIME = /(vite[\\/]preload-helper|rolldown[\\/]runtime)/;
const REACT_CHUNK = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
// The entry and the login page it opens without React.
const fromEntry = graph.reaches('src/main.tsx', 'src/features/login/boot.ts');
const fromShell = graph.reaches('src/boot-app.tsx', 'src/app/App.tsx');
/**
 * What every signed-in page loads after its first paint (src/app/after-paint.tsx and the shell's
 * other late imports): the socket, the bubbles, reminders, guides and start-up pop-ups, the user
 * menu's items, the badges. One file instead of some seventy small ones: each file costs the page
 * a request and main-thread work, and small files compress worse (Dexie stays out: it loads with
 * the first write that needs it).
 */
const fromShellLater = graph.reaches(
  'src/realtime/index.ts',
  'src/realtime/wiring.ts',
  'src/realtime/KickoffDialog.tsx',
  'src/features/invites/Bubbles.tsx',
  'src/features/reminders/Reminders.tsx',
  'src/features/payments/PurchaseOverlay.tsx',
  'src/features/notifications/link.ts',
  'src/features/care/unread.ts',
  'src/features/guides/Guides.tsx',
  'src/features/adverts/AdPop.tsx',
  'src/features/vouchers/VoucherPop.tsx',
  'src/features/backpack/GiftPackagePop.tsx',
  'src/features/booking/TipsMenuItem.tsx',
  'src/features/partner-sites/LegalEntity.tsx',
  'src/features/messages/UnreadBadge.tsx',
  'src/features/mail/MailBadge.tsx',
  'src/app/popups/LoginTimeoutPopup.tsx',
  'src/app/popups/TokenExpiredAlert.tsx',
  'src/app/layout/ScrollTopButton.tsx',
);
const DEXIE = /[\\/]node_modules[\\/]dexie[\\/]/;
// What Discover needs stays out: `later` must not load at its start. What the other pages a member
// can open first share with `later` (the socket, the requests store, ...) is in files of their own
// (one for Messages, one for the profile, one for the broadcaster's workspace), which each loads at
// start and Discover after its first paint.
const fromDiscover = graph.reaches('src/features/discover/DiscoverPage.tsx');
const fromMessages = graph.reaches('src/features/messages/MessagesPage.tsx');
const fromProfile = graph.reaches('src/features/anchor-profile/AnchorProfilePage.tsx');
const fromBroadcaster = graph.reaches('src/features/broadcaster/BroadcasterPage.tsx');
const fromOtherFirstPages = (id: string) => fromProfile(id) || fromMessages(id) || fromBroadcaster(id);
const late = (id: string) => fromShellLater(id) && !DEXIE.test(id) && !fromDiscover(id);
// What Discover loads after its first paint (its `afterPaint` parts), kept out of the profile's chunk.
const fromDiscoverAfterPaint = graph.reaches(
  'src/features/discover/DiscoverSearchBar.tsx',
  'src/features/discover/HotList.tsx',
  'src/features/anchor-profile/around/RecommendPop.tsx',
  'src/features/offers/ServiceIntro.tsx',
);

export default defineConfig({
  plugins: [
    graph.plugin,
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // Not favicon.ico: no page links it (favicon.svg is the icon), only a browser's default ask.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      manifest: {
        id: '/',
        name: 'Glimmer — live video dating',
        short_name: 'Glimmer',
        description: 'Meet broadcasters live: invitations, One-on-One, shows and messages.',
        start_url: '/#/masterlist',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#1b0f1f',
        theme_color: '#1b0f1f',
        categories: ['social', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          {
            name: 'Discover',
            url: '/#/masterlist',
            icons: [{ src: '/icons/shortcut-discover-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Messages',
            url: '/#/mymessage',
            icons: [{ src: '/icons/shortcut-messages-96.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'My tickets',
            url: '/#/showorder/myticket',
            icons: [{ src: '/icons/shortcut-tickets-96.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
      },
    }),
    // The manifest is linked by the page once it has painted (src/main.tsx), not by the HTML:
    // Chromium fetches the manifest and its icon at the load event, on a phone while the app's own
    // code is still coming down.
    {
      name: 'glimmer:manifest-after-paint',
      apply: 'build',
      enforce: 'post',
      transformIndexHtml: {
        order: 'post',
        handler: (html) => html.replace(/<link rel="manifest"[^>]*>/, ''),
      },
    },
    // Last: .br and .gz beside every text file, the service worker included.
    precompress(),
  ],
  build: {
    target: 'es2022',
    // The chunk graph, read by scripts/check-bundle.ts (the JS budget of the first pages).
    manifest: true,
    modulePreload: {
      /**
       * What the entry and the shell import (the first page; a page opened from the menu or a link)
       * fetches its chunk's imports beside it. What a page or a late part imports (its after-paint
       * sections, dialogs) does not: each <link rel=modulepreload> the preload helper appends costs the
       * main thread a millisecond or more on a phone, and a profile's after-paint parts appended some
       * fifty at once, one long task; their chunks find their imports themselves, from the service
       * worker's cache once it is installed.
       */
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'html' || /^assets\/(base|app)-/.test(hostId) ? deps : [],
    },
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'base', test: (id) => RUNTIME.test(id) || fromEntry(id), priority: 5 },
            { name: 'react', test: REACT_CHUNK, priority: 4 },
            { name: 'app', test: fromShell, priority: 3 },
            {
              name: 'later',
              test: (id) => late(id) && !fromOtherFirstPages(id),
              // What Discover shares with it stays out (in its own small files), not pulled in.
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // Split once more so that Messages loads only what it needs itself.
            {
              name: 'later-messages',
              test: (id) => late(id) && fromMessages(id),
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // The profile's share and the broadcaster's workspace's apart: each loads only its own at start.
            {
              name: 'later-profile',
              test: (id) => late(id) && !fromMessages(id) && fromProfile(id),
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: 'later-broadcaster',
              test: (id) => late(id) && !fromMessages(id) && !fromProfile(id) && fromBroadcaster(id),
              includeDependenciesRecursively: false,
              priority: 2,
            },
            // What the first pages share beyond the shell (a page's rules, its loading state, money
            // labels): some ten files under a KiB each, each a round trip on a phone's first load.
            // What Discover reaches is one file, what only the profile and Messages share another, so
            // Discover loads nothing it does not use.
            {
              name: 'pages-shared',
              test: (id) => fromDiscover(id) && (fromProfile(id) || fromMessages(id)),
              includeDependenciesRecursively: false,
              priority: 1,
            },
            {
              name: 'profile-messages',
              test: (id) => fromProfile(id) && fromMessages(id) && !fromDiscover(id),
              includeDependenciesRecursively: false,
              priority: 1,
            },
            // A broadcaster's profile, the page members open most after Discover, reaches some thirty
            // small files that it shares with other pages (its buttons' rules, the show list): one
            // file instead, so that a phone on a slow network fetches a few files before the profile
            // shows. What Discover (and what it loads after its first paint) and Messages reach stays out.
            {
              name: 'anchor-profile',
              test: (id) =>
                fromProfile(id) && !fromDiscover(id) && !fromDiscoverAfterPaint(id) && !fromMessages(id),
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
      // TanStack Router marks its modules "use client" for React Server Components; meaningless here.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: {
      [serverPaths]: server,
      [accountPaths]: server,
      ...Object.fromEntries(
        pageOrApi.map((path) => [
          path,
          {
            target: server,
            bypass: (req: { method?: string }) => (req.method === 'POST' ? undefined : '/index.html'),
          },
        ]),
      ),
      '/ws': { target: server, ws: true },
    },
  },
});
