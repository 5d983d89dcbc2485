/**
 * React's side of the entry: the hash-routed app or the maintenance page, and the PWA prompts
 * (service worker registration, update, install), which every page has, the login page too.
 */
import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterPaint } from './app/after-paint';
import { inBackground } from './app/first-paint';
import type { Entry } from './entry';

// The prompts wait for the background anyway (registration, update, install): their code does too.
const PwaPrompts = afterPaint(() => import('./app/pwa').then((m) => m.PwaPrompts), inBackground);

/** How long a cold start shows nothing before the loading overlay, while the first page resolves. */
const BOOTING_SHOWN_AFTER_MS = 500;

/**
 * The page's module is loaded before the first render rather than through React.lazy: a root that
 * suspends commits a fallback, and React holds the content that replaces a fallback back by up to
 * 300 ms, which on a cold start is 300 ms of an empty page. The app also waits for its first page
 * to resolve (app/App.tsx says why), with the loading overlay alone meanwhile if that takes a while.
 * Each render is a transition: it goes in slices, so a slow phone answers a tap meanwhile.
 */
export async function bootApp(
  host: HTMLElement,
  kind: Extract<Entry, { kind: 'app' | 'maintenance' | 'member-signup' }>['kind'],
) {
  const root = createRoot(host);
  const render = (page: ReactNode) =>
    startTransition(() =>
      root.render(
        <StrictMode>
          {page}
          <PwaPrompts />
        </StrictMode>,
      ),
    );
  if (kind === 'maintenance') {
    const { default: MaintenancePage } = await import('./features/maintenance/MaintenancePage');
    return render(<MaintenancePage />);
  }
  if (kind === 'member-signup') {
    const { default: SignupPage } = await import('./features/account/SignupPage');
    return render(<SignupPage />);
  }
  const { default: App, Booting, loadFirstPage } = await import('./app/App');
  const firstPage = loadFirstPage();
  const slow = setTimeout(() => render(<Booting />), BOOTING_SHOWN_AFTER_MS);
  await firstPage;
  clearTimeout(slow);
  render(<App />);
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
