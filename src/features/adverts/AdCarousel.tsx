/**
 * The ad carousel (retrieveBanner?page_id=): one slide at a time, turning every 5 s (spec 002 §9),
 * paused while the pointer is over it or focus is in it, and not at all with reduced motion or a
 * single slide. Arrow keys and the dots choose a slide. An advert is a nicety: while it loads the
 * slot keeps its place; without slides (none on, or no answer) it leaves the page alone.
 */
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { ADVERT_AUTOPLAY_MS, type Advert, AdvertTexts } from '../../../protocol/adverts/adverts';
import { useRequest } from '../../api/use-request';
import { retrieveBanner } from './api';
import './adverts.css';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

function Slide({ advert }: { advert: Advert }) {
  const image = (
    <img
      src={advert.matters.img}
      alt={advert.matters.alt}
      width={advert.matters.width}
      height={advert.matters.height}
      decoding="async"
    />
  );
  const props = {
    className: 'ad-frame',
    'data-testid': 'ad-slide-link',
    'data-advert': advert.id,
    'data-ga': advert.ga_click_point,
  };
  // url_type 1 is a page of this app; 2 opens outside it.
  return advert.url_type === 1 ? (
    <Link to={advert.url} {...props}>
      {image}
    </Link>
  ) : (
    <a href={advert.url} target="_blank" rel="noopener noreferrer" {...props}>
      {image}
    </a>
  );
}

export function AdCarousel({ pageId }: { pageId: number }) {
  const [state] = useRequest(() => retrieveBanner(pageId), `ad-carousel:${pageId}`);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const id = useId();
  const list = state.status === 'ready' ? state.data.list : [];
  const total = list.length;
  const paused = hovered || focused;

  useEffect(() => {
    if (total < 2 || paused || reducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % total), ADVERT_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [total, paused]);

  if (state.status === 'error' || (state.status === 'ready' && total === 0)) return null;
  if (state.status === 'loading') return <div className="ad-carousel ad-frame skeleton" aria-hidden="true" />;

  const current = index % total;
  const slide = list[current];
  const go = (to: number) => setIndex((to + total) % total);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(current + 1);
    else if (event.key === 'ArrowLeft') go(current - 1);
    else return;
    event.preventDefault();
  };
  return (
    <section
      className="ad-carousel"
      aria-roledescription="carousel"
      aria-label={AdvertTexts.carouselLabel}
      data-testid="ad-carousel"
      data-paused={paused ? '1' : '0'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKey}
    >
      {/* Announced only when he moves it himself (paused), not every 5 s. */}
      <div className="ad-slides" id={id} aria-live={paused ? 'polite' : 'off'}>
        {slide && (
          <div
            key={slide.id}
            className="ad-slide ad-slide-on"
            data-testid="ad-slide"
            data-advert={slide.id}
            data-title={slide.matters.title}
          >
            <span className="visually-hidden">{AdvertTexts.slideLabel(current + 1, total)}</span>
            <Slide advert={slide} />
          </div>
        )}
      </div>
      {total > 1 && (
        <div className="ad-dots">
          {list.map((a, i) => (
            <button
              key={a.id}
              type="button"
              className={`ad-dot${i === current ? ' ad-dot-on' : ''}`}
              aria-label={`Show ${a.matters.title}`}
              aria-controls={id}
              aria-current={i === current ? 'true' : undefined}
              data-testid="ad-dot"
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
