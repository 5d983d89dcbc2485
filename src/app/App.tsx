/** The hash-routed app: the router plus the overlays that sit above every page. */
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { afterFirstPaint, afterPaint } from './after-paint';
import { contentShown, inBackground } from './first-paint';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { Toasts } from './layout/Toasts';
import { router } from './router';
import { session } from './session';

/**
 * Resolves the first page (its guards, so the session, and its code) before the app first renders
 * (src/boot-app.tsx). A page resolved after the first render changes the router's store under it,
 * and React renders a store's change in one synchronous pass, never in a transition's slices: the
 * whole page in one long task on a phone. The session's call went out with the entry, so this
 * rarely waits long.
 */
export async function loadFirstPage(): Promise<void> {
  // The router hears the address only once mounted, and a router that has loaded before it mounts
  // does not look at the address again then: a link or Back taken meanwhile would leave the first
  // page showing under the new address. Until the app mounts, this follows the address for it, and
  // the app first renders once the last address asked for has loaded.
  const load = () => router.load().catch(() => undefined);
  let latest = load();
  followAddress = router.history.subscribe(() => {
    latest = load();
  });
  let awaited: Promise<void>;
  do {
    awaited = latest;
    await awaited;
  } while (awaited !== latest);
}
let followAddress: (() => void) | undefined;

/** What shows while the first page resolves, if that takes a while: the loading overlay alone. */
export function Booting() {
  return <LoadingOverlay router={router} />;
}

const KickoffDialog = afterPaint(() => import('../realtime/KickoffDialog').then((m) => m.KickoffDialog));
// The session's alerts cannot be needed before the first page has painted.
const LoginTimeoutPopup = afterPaint(() =>
  import('./popups/LoginTimeoutPopup').then((m) => m.LoginTimeoutPopup),
);
const TokenExpiredAlert = afterPaint(() =>
  import('./popups/TokenExpiredAlert').then((m) => m.TokenExpiredAlert),
);

/**
 * A broadcaster's profile is the likely next page: its code comes in the background, or at once when
 * the pointer, a finger or the keyboard reaches a link to one (a tap then opens it without waiting).
 */
function prefetchProfilePage() {
  if (window.location.hash.startsWith('#/broadcaster')) return;
  let fetched = false;
  const fetchIt = () => {
    if (fetched) return;
    fetched = true;
    for (const type of INTENT) document.removeEventListener(type, onIntent, true);
    // Offline, it loads when the page opens instead.
    void import('../features/anchor-profile/AnchorProfilePage').catch(() => undefined);
  };
  const onIntent = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('a[href^="#/anchor/"]')) fetchIt();
  };
  for (const type of INTENT) document.addEventListener(type, onIntent, { capture: true, passive: true });
  void inBackground.then(fetchIt);
}
const INTENT = ['pointerover', 'touchstart', 'focusin'] as const;

export default function App() {
  // The socket follows the session: on when signed in, off for a visitor or after a kick-off. It
  // starts after first paint.
  useEffect(() => {
    let unlink: (() => void) | undefined;
    let gone = false;
    void afterFirstPaint
      .then(() => Promise.all([import('../realtime'), import('../realtime/wiring')]))
      .then(([{ realtime }, { linkRealtime }]) => {
        if (!gone) unlink = linkRealtime(realtime, { endSession: session.endKickedOff });
      });
    return () => {
      gone = true;
      unlink?.();
    };
  }, []);

  useEffect(prefetchProfilePage, []);
  // The app mounts with its first page resolved: once that is painted, what waits for first paint may start.
  useEffect(() => {
    requestAnimationFrame(() => requestAnimationFrame(contentShown));
  }, []);
  // The router follows the address itself from here (it subscribed as it mounted, before this runs).
  useEffect(() => {
    followAddress?.();
    followAddress = undefined;
  }, []);

  return (
    <>
      <RouterProvider router={router} />
      <LoadingOverlay router={router} />
      <Toasts />
      <LoginTimeoutPopup />
      <TokenExpiredAlert />
      <KickoffDialog />
    </>
  );
}
