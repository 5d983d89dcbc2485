/** The hash-routed app: the router plus the overlays that sit above every page. */
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { realtime } from '../realtime';
import { KickoffDialog } from '../realtime/KickoffDialog';
import { linkRealtime } from '../realtime/wiring';
import { LoadingOverlay } from './layout/LoadingOverlay';
import { Toasts } from './layout/Toasts';
import { LoginTimeoutPopup } from './popups/LoginTimeoutPopup';
import { TokenExpiredAlert } from './popups/TokenExpiredAlert';
import { router } from './router';
import { session } from './session';

export default function App() {
  // The socket follows the session: on when signed in, off for a visitor or after a kick-off.
  useEffect(() => linkRealtime(realtime, { endSession: session.endKickedOff }), []);

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
