/**
 * The page for an entry: pages outside the hash router load on their own, the app lazily. The PWA
 * prompts (service worker registration, update, install) are on every page, the login page too.
 */
import { lazy, Suspense } from 'react';
import { PwaPrompts } from './app/pwa';
import type { Entry } from './entry';

const App = lazy(() => import('./app/App'));
const LoginPage = lazy(() => import('./features/login/LoginPage'));
const MaintenancePage = lazy(() => import('./features/maintenance/MaintenancePage'));

export function EntryPage({ entry }: { entry: Exclude<Entry, { kind: 'redirect' }> }) {
  return (
    <Suspense fallback={null}>
      {entry.kind === 'member-login' && <LoginPage side="man" />}
      {entry.kind === 'anchor-login' && <LoginPage side="lady" />}
      {entry.kind === 'maintenance' && <MaintenancePage />}
      {entry.kind === 'app' && <App />}
      <PwaPrompts />
    </Suspense>
  );
}
