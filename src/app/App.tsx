/** The hash-routed app: the router plus the overlays that sit above every page. */
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { afterFirstPaint, afterPaint } from './after-paint';
import { contentShown } from './first-paint';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { Toasts } from './layout/Toasts';
import { LoginTimeoutPopup } from './popups/LoginTimeoutPopup';
import { TokenExpiredAlert } from './popups/TokenExpiredAlert';
import { router } from './router';
import { session } from './session';

// The first page has resolved (its guards, so the session, included): once it is painted, what
// waits for first paint may start.
const offResolved = router.subscribe('onResolved', () => {
  offResolved();
  requestAnimationFrame(() => requestAnimationFrame(contentShown));
});

const KickoffDialog = afterPaint(() => import('../realtime/KickoffDialog').then((m) => m.KickoffDialog));

export default function App() {
  // The socket follows the session: on when signed in, off for a visitor or after a kick-off. It
  // starts after first paint, and then a profile's chunk, the likely next page, is fetched.
  useEffect(() => {
    let unlink: (() => void) | undefined;
    let gone = false;
    void afterFirstPaint
      .then(() => Promise.all([import('../realtime'), import('../realtime/wiring')]))
      .then(([{ realtime }, { linkRealtime }]) => {
        if (!gone) unlink = linkRealtime(realtime, { endSession: session.endKickedOff });
        if (!window.location.hash.startsWith('#/broadcaster'))
          void import('../features/anchor-profile/AnchorProfilePage');
      });
    return () => {
      gone = true;
      unlink?.();
    };
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
