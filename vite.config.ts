import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';

/** The product server, for `npm run dev`: API calls, media, push routes and the socket go there. */
const server = process.env.GLIMMER_SERVER ?? 'http://localhost:8080';
/** API areas, media and push (a regex, so that '/man' does not swallow '/manifest.webmanifest'). */
const serverPaths = '^/(pman|share|nx|man|manList|lady|login|member|anchor/face|index|media|push)/';
/** These paths are a page on GET and an API call on POST. */
const pageOrApi = ['/user/login', '/broadcast/login', '/user/logoutForCLV'];

/**
 * The chunks every start loads, in three files instead of some twenty small ones (on a phone each
 * file is a round trip, six at a time over HTTP/1.1): `base`, what the entry and the login page
 * need (the protocol, the API client, the early calls); `react`; and `app`, the shell, router,
 * state and API of the signed-in app, with the two small rules Discover and a profile share and
 * the Add credits link of a profile and Messages. The login page loads `base` only. Pages and what
 * loads after first paint (realtime, Dexie, features) keep their own chunks, and so do the protocol
 * and API modules only those features use (a group takes a module wherever it is imported from: in
 * `base` or `app` they would load on every page). A module that moves between them shows in the JS
 * budget (scripts/check-bundle.ts).
 */
/** Features whose protocol and API modules load with the feature's pages, not with every page. */
const LAZY_FEATURES = String.raw`(?:albums?|around|hangouts?|livechat|mail|premium-videos?|shots?|private-media|upload)[-.]`;
const BASE_CHUNK = new RegExp(
  String.raw`(vite[\\/]preload-helper|rolldown[\\/]runtime|[\\/]protocol[\\/](?!${LAZY_FEATURES})|[\\/]src[\\/](api[\\/](client|request|early)|app[\\/](session[\\/]guard|first-paint|start-calls)|entry)\.ts$)`,
);

const REACT_CHUNK = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const APP_CHUNK = new RegExp(
  String.raw`[\\/]node_modules[\\/](@tanstack|valtio|proxy-compare)[\\/]|[\\/]src[\\/](app|state)[\\/]|[\\/]src[\\/]api[\\/](?!${LAZY_FEATURES})|[\\/]src[\\/](boot-app\.tsx|features[\\/](discover[\\/]anchor-rules|invites[\\/]recent|payments[\\/]click-from)\.ts|features[\\/]payments[\\/]AddCreditsLink\.tsx)$`,
);
/**
 * A broadcaster's profile with everything it shows (her calendar of shows, booking, requests) in
 * one file rather than eight: opened from a link, it is a first page too. The sections around her
 * (friends, recommendations) load after it, and Discover's recommendation pop shares them.
 */
const PROFILE_CHUNK = /[\\/]src[\\/]features[\\/]anchor-profile[\\/](?!around[\\/])/;

export default defineConfig({
  plugins: [
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
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'base', test: BASE_CHUNK, priority: 5 },
            { name: 'react', test: REACT_CHUNK, priority: 4 },
            { name: 'app', test: APP_CHUNK, priority: 3 },
            // Every page opens the socket after first paint: it stays a file of its own.
            { name: 'realtime', test: /[\\/]src[\\/]realtime[\\/]/, priority: 2 },
            { name: 'profile', test: PROFILE_CHUNK, priority: 1 },
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
