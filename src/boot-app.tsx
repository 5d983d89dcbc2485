/**
 * React's side of the entry: the hash-routed app or the maintenance page, and the PWA prompts
 * (service worker registration, update, install), which every page has, the login page too.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterPaint } from './app/after-paint';
import { inBackground } from './app/first-paint';
import type { Entry } from './entry';

// The prompts wait for the background anyway (registration, update, install): their code does too.
const PwaPrompts = afterPaint(() => import('./app/pwa').then((m) => m.PwaPrompts), inBackground);

/**
 * The page's module is loaded before the first render rather than through React.lazy: a root that
 * suspends commits a fallback, and React holds the content that replaces a fallback back by up to
 * 300 ms, which on a cold start is 300 ms of an empty page.
 */
export async function bootApp(
  root: HTMLElement,
  kind: Extract<Entry, { kind: 'app' | 'maintenance' | 'member-signup' }>['kind'],
) {
  const Page =
    kind === 'maintenance'
      ? (await import('./features/maintenance/MaintenancePage')).default
      : kind === 'member-signup'
        ? (await import('./features/account/SignupPage')).default
        : await import('./app/App').then(async (app) => {
            await app.loadFirstPage();
            return app.default;
          });
  // A transition: the first render goes in slices, so a slow phone answers a tap meanwhile.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Page />
        <PwaPrompts />
      </StrictMode>,
    ),
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
