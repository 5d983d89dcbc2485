/**
 * Chunks that load on demand, made to survive a lost connection: a chunk asked for while the
 * browser is offline waits for the network and is fetched again then, instead of failing. React
 * keeps a lazy component's first failure for good (only a reload would clear it), so a section
 * opened offline would otherwise stay broken after the network came back.
 */
import { type ComponentType, lazy } from 'react';

/** Resolves when the browser next reports being online. */
export function onceOnline(): Promise<void> {
  return new Promise((back) => window.addEventListener('online', () => back(), { once: true }));
}

/**
 * Runs `load`; while offline, each failure waits for the network and tries again. Online, one
 * failure is tried again at once (the connection may have just come back); a second one is
 * the caller's to show.
 */
export async function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  let failedOnline = 0;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!navigator.onLine) await onceOnline();
      else if (++failedOnline > 1) throw error;
    }
  }
}

/** React.lazy whose chunk waits out a lost connection (the Suspense fallback shows meanwhile). */
// biome-ignore lint/suspicious/noExplicitAny: the same bound React.lazy takes.
export function lazyWhenOnline<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => loadWhenOnline(load));
}
