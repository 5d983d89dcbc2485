/**
 * The recommended-broadcasters carousel (spec 001 §2, §7, §9): getPageRecommendAnchorList {type,
 * anchor_id}, in slides of 6 cards, or 4 with Chat Now on page type 9. Arrows (hidden at the ends),
 * a swipe on touch, and the arrow keys inside it turn the slide; cards off the slide are inert.
 */
import { type KeyboardEvent, type TouchEvent, useRef, useState } from 'react';
import { AroundTexts, RECOMMEND_PAGE_TYPE } from '../../../../protocol/anchor-profile/around';
import { useRequest } from '../../../api/use-request';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { ChevronLeft } from '../../../app/layout/icons';
import { getPageRecommendAnchorList } from './api';
import { slideSize, splitSlides, stepSlide, swipeDirection } from './carousel-rules';
import { RecommendCard } from './RecommendCard';
import './around.css';

export function RecommendCarousel({
  type,
  anchorId = '',
  title = AroundTexts.recommendTitle,
}: {
  type: number;
  anchorId?: string;
  title?: string;
}) {
  const [state, retry] = useRequest(() => getPageRecommendAnchorList(type, anchorId), `${type}:${anchorId}`);
  const [index, setIndex] = useState(0);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const headingId = `recommend-${type}-title`;
  const size = slideSize(type);
  const chatNow = type === RECOMMEND_PAGE_TYPE.messages;
  const slides = state.status === 'ready' ? splitSlides(state.data.list, size) : [];
  const current = Math.min(index, Math.max(slides.length - 1, 0));
  const go = (delta: number) => setIndex(stepSlide(current, delta, slides.length));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const t = event.changedTouches[0];
    touch.current = null;
    if (start && t) {
      const direction = swipeDirection(t.clientX - start.x, t.clientY - start.y);
      if (direction) go(direction);
    }
  };

  return (
    <section
      className={`card profile-panel rec-carousel rec-size-${size}`}
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      data-testid={`recommend-carousel-${type}`}
    >
      <div className="rec-head">
        <h2 id={headingId}>{title}</h2>
        {slides.length > 1 && (
          <div className="rec-arrows">
            <span className="rec-count" data-testid="recommend-slide-count">
              {current + 1} / {slides.length}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-small rec-arrow"
              aria-label="Previous broadcasters"
              data-testid="recommend-prev"
              hidden={current === 0}
              onClick={() => go(-1)}
            >
              <ChevronLeft />
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small rec-arrow rec-arrow-next"
              aria-label="Next broadcasters"
              data-testid="recommend-next"
              hidden={current === slides.length - 1}
              onClick={() => go(1)}
            >
              <ChevronLeft />
            </button>
          </div>
        )}
      </div>
      {state.status === 'error' ? (
        <ErrorRetry message={state.error} onRetry={retry} />
      ) : state.status === 'loading' ? (
        <div className="rec-track-skeleton" aria-busy="true">
          {Array.from({ length: size }, (_, i) => (
            <div key={i} className="rec-card rec-card-skeleton skeleton" />
          ))}
        </div>
      ) : slides.length === 0 ? (
        <p className="muted">No data to show.</p>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys and swipes turn the slide; the buttons do too.
        <div
          className="rec-viewport"
          onKeyDown={onKeyDown}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
        >
          <div className="rec-track" style={{ transform: `translateX(-${current * 100}%)` }}>
            {slides.map((slide, i) => (
              <section
                key={i}
                className="rec-slide"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                aria-hidden={i !== current}
                inert={i !== current}
                data-testid={i === current ? 'recommend-slide-current' : undefined}
              >
                {slide.map((a) => (
                  <RecommendCard key={a.anchor_id} anchor={a} actions chatNow={chatNow} />
                ))}
              </section>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
