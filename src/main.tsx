/**
 * Entry: the pathname picks the page (login, maintenance, legacy redirect) or the hash-routed app,
 * and loads only that page's code. The login pages are plain DOM (no React, no app shell); once
 * they have painted and the member starts signing in, the PWA prompts and the next page's code follow.
 */
import './styles/global.css';
import { afterFirstPaint, holdUntilContentShown } from './app/first-paint';
import { resolveEntry } from './entry';

/** The page each login opens. */
const NEXT_PAGE = {
  man: () => import('./features/discover/DiscoverPage'),
  lady: () => import('./features/broadcaster/BroadcasterPage'),
};

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

const entry = resolveEntry(window.location.pathname, window.location.hash);

if (entry.kind === 'redirect') {
  window.location.replace(entry.to);
} else {
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
    // The session starts at once, and the app's chunk and Discover's (the start page of a login and
    // of the installed app) load beside React's instead of after it.
    if (entry.kind === 'app') {
      holdUntilContentShown();
      const discover = window.location.hash.startsWith('#/masterlist');
      void Promise.all([
        import('./app/session'),
        discover ? import('./features/discover/early-lists') : null,
        import('./state/user'),
      ]).then(async ([{ session }, lists, { userState }]) => {
        await session.ensureSession();
        // A signed-in member opening Discover: its lists go out while React renders the page.
        if (lists && userState.me?.role === 'man') lists.askDiscoverListsEarly();
      });
      void import('./app/App');
    }
    if (entry.kind === 'app' && window.location.hash.startsWith('#/masterlist')) {
      void import('./features/discover/DiscoverPage');
    }
    void import('./boot-app').then(({ bootApp }) => bootApp(root, entry.kind));
  }
}
