/**
 * React's side of the entry: the hash-routed app or the maintenance page, and the PWA prompts
 * (service worker registration, update, install), which every page has, the login page too.
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { PwaPrompts } from './app/pwa';
import type { Entry } from './entry';

const App = lazy(() => import('./app/App'));
const MaintenancePage = lazy(() => import('./features/maintenance/MaintenancePage'));

export function bootApp(root: HTMLElement, kind: Extract<Entry, { kind: 'app' | 'maintenance' }>['kind']) {
  createRoot(root).render(
    <StrictMode>
      <Suspense fallback={null}>
        {kind === 'maintenance' ? <MaintenancePage /> : <App />}
        <PwaPrompts />
      </Suspense>
    </StrictMode>,
  );
}

/** The prompts alone, beside a page that is not React's (the login page, after its first paint). */
export function bootPwaPrompts() {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <PwaPrompts />
    </StrictMode>,
  );
}
