/**
 * Entry: the pathname picks the page (login, maintenance, legacy redirect) or the hash-routed app,
 * and loads only that page's code. The login pages are plain DOM (no React, no app shell); once
 * they have painted and the member starts signing in, the PWA prompts and the next page's code follow.
 */
import './styles/global.css';
import { sendEarly } from './api/early';
import { afterFirstPaint, holdUntilContentShown } from './app/first-paint';
import { preloadProfileCover, startCalls } from './app/start-calls';
import { resolveEntry } from './entry';

/** The page each login opens. */
const NEXT_PAGE = {
  man: () => import('./features/discover/DiscoverPage'),
  lady: () => import('./features/broadcaster/BroadcasterPage'),
};

/** The chunks of the pages a member most often opens first: loaded beside the app's, not after it. */
const FIRST_PAGES: [RegExp, () => Promise<unknown>][] = [
  [/^#\/masterlist/, () => import('./features/discover/DiscoverPage')],
  [/^#\/anchor\//, () => import('./features/anchor-profile/AnchorProfilePage')],
  [/^#\/mymessage/, () => import('./features/messages/MessagesPage')],
];

/**
 * The login page waits for a sign of the member signing in (typing, a tap) before it loads React
 * and the next page, or a few seconds of him reading: its own first moments stay free for his
 * input on a slow phone, and the next page is still there before he has typed his password.
 */
const SIGN_IN_INTENT_WAIT_MS = 4000;
function signInIntent(): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      for (const type of INTENT_EVENTS) window.removeEventListener(type, go, true);
      clearTimeout(timer);
      resolve();
    };
    // Not focus: the page focuses the User ID field itself.
    const INTENT_EVENTS = ['keydown', 'pointerdown', 'input'] as const;
    for (const type of INTENT_EVENTS) window.addEventListener(type, go, true);
    const timer = setTimeout(go, SIGN_IN_INTENT_WAIT_MS);
  });
}

/** Linked once the page has painted (vite.config.ts says why); Chromium then judges installability. */
function linkManifest() {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}

/**
 * The service worker installs soon after the first paint, so that a member who loses the network a
 * few seconds in can still reload the app; its prompts (update, install) and workbox-window, which
 * take the registration over, wait for the background (src/app/pwa).
 */
function registerWorker() {
  if (import.meta.env.PROD && 'serviceWorker' in navigator)
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}

const entry = resolveEntry(window.location.pathname, window.location.hash, window.location.search);

if (entry.kind === 'redirect') {
  window.location.replace(entry.to);
} else {
  void afterFirstPaint.then(() => {
    linkManifest();
    registerWorker();
  });
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  if (entry.kind === 'member-login' || entry.kind === 'anchor-login') {
    const side = entry.kind === 'member-login' ? 'man' : 'lady';
    void import('./features/login/boot').then(({ bootLogin }) => bootLogin(root, side));
    void afterFirstPaint.then(signInIntent).then(() => {
      void import('./boot-app').then(({ bootPwaPrompts }) => bootPwaPrompts());
      // The page a login opens (the redirect target's chunk loads with its route if it is another).
      // A table, not a conditional: the minifier folds `c ? import(a) : import(b)` into one preload
      // call with b's dependencies, so the member page would fetch the broadcaster's workspace.
      void NEXT_PAGE[side]();
    });
  } else {
    // The session's calls and the page's data go out now, beside the download of the code that
    // takes their answers; the app's chunk and the page's load beside React's.
    if (entry.kind === 'app') {
      for (const [path, body] of startCalls(window.location.hash)) sendEarly(path, body);
      void preloadProfileCover(window.location.hash);
      holdUntilContentShown();
      void import('./app/session').then(({ session }) => session.ensureSession());
      void import('./app/App');
      void FIRST_PAGES.find(([hash]) => hash.test(window.location.hash))?.[1]();
    }
    void import('./boot-app').then(({ bootApp }) => bootApp(root, entry.kind));
  }
}
