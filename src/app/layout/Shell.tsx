/** The app shell: header, navigation, the routed page, footer, and the page-change helpers. */
import { Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Messages } from '../../../protocol/errors';
import { rememberPage } from '../../features/home/refresh';
import { VoucherBanner } from '../../features/vouchers/VoucherBanner';
import { sessionState } from '../../state/session';
import { afterFirstPaint, afterPaint } from '../after-paint';
import { useOnline } from '../use-online';
import { Footer } from './Footer';
import { Header } from './Header';
import { ProgressBar } from './ProgressBar';
import { RouteMeta } from './RouteMeta';
import './shell.css';

// Invitations arrive over the socket, which starts after first paint.
const InviteBubbles = afterPaint(() => import('../../features/invites/Bubbles').then((m) => m.InviteBubbles));
// The terms overlay, the guides and the start-up windows (they wait for the session and first paint).
const Guides = afterPaint(() => import('../../features/guides/Guides').then((m) => m.Guides));
// Reminders (a followed broadcaster online, new mail, a show soon, a level-up) come over the socket too.
const Reminders = afterPaint(() => import('../../features/reminders/Reminders').then((m) => m.Reminders));
// Back to the top: only once the page is scrolled.
const ScrollTopButton = afterPaint(() => import('./ScrollTopButton').then((m) => m.ScrollTopButton));
// The purchase popup's overlay on this window (spec 000 §2): only an "Add credits" opens it.
const PurchaseOverlay = afterPaint(() =>
  import('../../features/payments/PurchaseOverlay').then((m) => m.PurchaseOverlay),
);

export function Shell() {
  const href = useLocation({ select: (l) => l.href });
  const { offline } = useSnapshot(sessionState);
  // Started from the device's copy, or the network went away since: pages show what is saved.
  const online = useOnline();

  // Web Push: notification clicks drop bubbles here; bubbles shown here close notifications.
  useEffect(() => {
    let unlink: (() => void) | undefined;
    let gone = false;
    void afterFirstPaint
      .then(() => import('../../features/notifications/link'))
      .then(({ linkPush }) => {
        if (!gone) unlink = linkPush();
      });
    return () => {
      gone = true;
      unlink?.();
    };
  }, []);

  // The router scrolls to the top on every change (spec 002 §2).
  useEffect(() => {
    if (href) window.scrollTo(0, 0);
    // /n1 and /n2 refresh the page they were opened from.
    if (href) rememberPage(href);
  }, [href]);

  return (
    <div className="shell">
      <button type="button" className="skip-link" onClick={skipToMain}>
        Skip to content
      </button>
      <ProgressBar />
      <RouteMeta />
      <Header />
      <VoucherBanner />
      <Guides />
      {(offline || !online) && (
        <p className="offline-banner" role="status" data-testid="offline-banner">
          {Messages.offline} Showing your saved profile and balances.
        </p>
      )}
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <ScrollTopButton />
      <InviteBubbles />
      <Reminders />
      <PurchaseOverlay />
    </div>
  );
}

/** The hash router owns '#', so the skip link focuses the main region itself. */
function skipToMain() {
  document.getElementById('main')?.focus();
}
