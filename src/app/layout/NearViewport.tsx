/**
 * A below-the-fold section that mounts its content only once it is scrolled near, so a page's
 * first screen loads (and renders) nothing it does not show. Until then a box of the content's
 * usual height holds its place, so nothing below it moves when the content arrives. The content
 * may be a `lazy` component: its code is fetched then too, and the box stays until it is in.
 * On the app's first page it starts watching once the first screen has painted: a section just
 * below it would otherwise fetch its code and lists alongside the pictures the member looks at.
 */
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { afterFirstPaint } from '../first-paint';

/** How far ahead of the viewport a section starts loading. */
const AHEAD = '600px 0px';

export function NearViewport({
  children,
  minHeight,
  testId,
}: {
  children: ReactNode;
  /** The placeholder's height in px, close to what the section usually takes. */
  minHeight: number;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: AHEAD },
    );
    let live = true;
    void afterFirstPaint.then(() => {
      if (live) observer.observe(box);
    });
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [near]);

  const placeholder = <div ref={ref} style={{ minHeight }} data-testid={testId} aria-hidden="true" />;
  if (!near) return placeholder;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
