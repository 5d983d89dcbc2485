/** Back to the top, once the page is scrolled past 109 px (spec 002 §9). */
import { useEffect, useState } from 'react';
import { SCROLL_TOP_THRESHOLD_PX } from '../../../protocol/constants';
import { ArrowUp } from './icons';

export function ScrollTopButton() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    // Read with the next frame: read now, in the middle of the page's first render, the scroll
    // position would force a layout of a page that is still being built.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label="Back to top"
      data-testid="scroll-top"
      // Invitation bubbles keep clear of it.
      data-keep-clear=""
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <ArrowUp />
    </button>
  );
}
