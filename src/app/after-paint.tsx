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
export function afterPaint<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // A chunk that cannot load (the network went away meanwhile) is tried again once it is back;
  // until then nothing shows, rather than the failure taking the whole page down.
  const loadOnceOnline = (): Promise<ComponentType<P>> =>
    load().catch(
      () =>
        new Promise<void>((back) => window.addEventListener('online', () => back(), { once: true })).then(
          loadOnceOnline,
        ) as Promise<ComponentType<P>>,
    );
  let ready: ComponentType<P> | null = null;
  const loaded = afterFirstPaint.then(loadOnceOnline).then((component) => {
    ready = component;
    return component;
  });
  return function AfterPaint(props: P) {
    const [Late, setLate] = useState(() => ready);
    useEffect(() => {
      if (Late) return;
      let live = true;
      // A transition: React renders the late parts in slices that leave the page free to answer
      // a tap, instead of one long task the moment they arrive.
      void loaded.then((component) => {
        if (live) startTransition(() => setLate(() => component));
      });
      return () => {
        live = false;
      };
    }, [Late]);
    return Late ? <Late {...props} /> : null;
  };
}
