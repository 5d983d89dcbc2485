/**
 * A below-the-fold section that mounts its content only once it is scrolled near, so a page's
 * first screen loads (and renders) nothing it does not show. Until then a box of the content's usual height holds
 * its place, so nothing below it moves when the content arrives.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';

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
    observer.observe(box);
    return () => observer.disconnect();
  }, [near]);

  if (near) return <>{children}</>;
  return <div ref={ref} style={{ minHeight }} data-testid={testId} aria-hidden="true" />;
}
