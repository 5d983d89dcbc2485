/**
 * What the first page can do without: the realtime machinery (socket, invitations, badges that
 * follow events) loads once the page has painted and the browser is idle, not before it, so the JS
 * Discover needs at start stays under its budget (scripts/bundle-budget.ts).
 */
import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { afterFirstPaint } from './first-paint';

export { afterFirstPaint };

/**
 * A component that renders nothing until after first paint, then shows. Its module loads after
 * first paint whether or not it is rendered yet: some (the booking tips item) carry realtime handlers
 * that must run from the start, as they did when imported statically.
 *
 * State, not React.lazy + Suspense: a fallback committed on the first render would let React hold
 * back every Suspense reveal of the next 300 ms, the first page's content among them.
 */
export function afterPaint<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** `inBackground` for what can wait longer (src/app/first-paint.ts). */
  when: Promise<void> = afterFirstPaint,
): ComponentType<P> {
  const module = once(() => when.then(() => loadOnceOnline(load)));
  void module.get();
  return lateComponent(module);
}

/**
 * A component whose module loads the first time it is rendered (a dialog, a guide few members
 * meet, a closed menu's items): until then it costs the page nothing; it shows once loaded.
 * `preload` starts the load early (the pointer or a finger on the button that opens it).
 */
export function whenShown<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload(): void } {
  const module = once(() => loadOnceOnline(load));
  return Object.assign(lateComponent(module), { preload: () => void module.get() });
}

interface Once<T> {
  get(): Promise<T>;
  ready: T | null;
}

function once<T>(start: () => Promise<T>): Once<T> {
  let started: Promise<T> | null = null;
  const box: Once<T> = {
    ready: null,
    get: () => {
      started ??= start().then((value) => {
        box.ready = value;
        return value;
      });
      return started;
    },
  };
  return box;
}

/**
 * A chunk that cannot load (the network went away meanwhile) is tried again once it is back;
 * until then nothing shows, rather than the failure taking the whole page down.
 */
function loadOnceOnline<P>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  return load().catch(() =>
    new Promise<void>((back) => window.addEventListener('online', () => back(), { once: true })).then(() =>
      loadOnceOnline(load),
    ),
  );
}

function lateComponent<P extends object>(module: Once<ComponentType<P>>): ComponentType<P> {
  return function Late(props: P) {
    const [Loaded, setLoaded] = useState(() => module.ready);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      // A transition: React renders the late parts in slices that leave the page free to answer
      // a tap, instead of one long task the moment they arrive.
      void module.get().then((component) => {
        if (live) startTransition(() => setLoaded(() => component));
      });
      return () => {
        live = false;
      };
    }, [Loaded]);
    return Loaded ? <Loaded {...props} /> : null;
  };
}
