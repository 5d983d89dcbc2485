/** Whether the device has a network now (navigator.onLine), re-read on the online/offline events. */
import { useEffect, useRef, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * While `active` (a load failed, or a saved copy shows), runs `run` when the browser is back
 * online: the pages recover by themselves, nobody has to press Retry. The one place for it.
 */
export function useWhenOnline(active: boolean, run: () => void): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!active) return;
    const back = () => latest.current();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [active]);
}
