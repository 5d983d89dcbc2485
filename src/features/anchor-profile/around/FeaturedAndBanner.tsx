/**
 * The profile centre's featured broadcasters (getWrapFeaturedAnchorList, 5; never the one whose
 * profile this is) and the banner slot (getBanner, ids B0020 and B0062 on scene 18, the anchor page).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  type Advert,
  AroundTexts,
  BANNER_AUTOPLAY_MS,
  PROFILE_BANNER_IDS,
  PROFILE_BANNER_SCENE,
} from '../../../../protocol/anchor-profile/around';
import { FEATURED_ANCHOR_NUM } from '../../../../protocol/constants';
import { useRequest } from '../../../api/use-request';
import { BELOW_THE_FOLD } from '../../../app/images/loading';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { memberPrivOf, userState } from '../../../state/user';
import { AnchorCard, AnchorCardSkeleton } from '../../discover/AnchorCard';
import { getFeaturedAnchors } from '../../discover/api';
import { getBanner } from './api';

export function FeaturedBroadcasters({ anchorId }: { anchorId: string }) {
  // One more than shown, so leaving her out still leaves five.
  const [state, retry] = useRequest(
    async () =>
      (await getFeaturedAnchors(FEATURED_ANCHOR_NUM + 1)).list
        .filter((a) => a.userid !== anchorId)
        .slice(0, FEATURED_ANCHOR_NUM),
    anchorId,
  );
  const { me } = useSnapshot(userState);
  const priv = memberPrivOf(me);
  return (
    <section
      className="card profile-panel"
      aria-labelledby="featured-around-title"
      data-testid="profile-featured"
    >
      <h2 id="featured-around-title">{AroundTexts.featuredTitle}</h2>
      {state.status === 'error' ? (
        <ErrorRetry message={state.error} onRetry={retry} />
      ) : state.status === 'ready' && state.data.length === 0 ? (
        <p className="muted">No data to show.</p>
      ) : (
        <div className="anchor-row around-featured" aria-busy={state.status === 'loading'}>
          {state.status === 'loading'
            ? Array.from({ length: FEATURED_ANCHOR_NUM }, (_, i) => <AnchorCardSkeleton key={i} />)
            : state.data.map((a) => (
                <AnchorCard key={a.userid} anchor={a} priv={priv} image={BELOW_THE_FOLD} />
              ))}
        </div>
      )}
    </section>
  );
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** The banner slot: one advert at a time, turning every 5 s unless paused, or chosen with the dots. */
export function BannerSlot() {
  const [state] = useRequest(() => getBanner(PROFILE_BANNER_IDS, PROFILE_BANNER_SCENE), 'profile-banner');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const list = state.status === 'ready' ? state.data.list : [];

  useEffect(() => {
    if (list.length < 2 || paused || reducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % list.length), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [list.length, paused]);

  // An advert is a nicety: without one (or while it loads) the slot keeps its place, empty.
  if (state.status === 'error' || (state.status === 'ready' && list.length === 0)) return null;
  const current = list[index % Math.max(list.length, 1)];
  return (
    <section
      className="banner-slot"
      aria-label="Highlights"
      aria-roledescription="carousel"
      data-testid="banner-slot"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {current ? <AdvertLink advert={current} /> : <div className="banner-frame skeleton" />}
      {list.length > 1 && (
        <div className="banner-dots">
          {list.map((a, i) => (
            <button
              key={a.id}
              type="button"
              className={`banner-dot${i === index % list.length ? ' banner-dot-on' : ''}`}
              aria-label={`Show ${a.matters.title}`}
              aria-pressed={i === index % list.length}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function AdvertLink({ advert }: { advert: Advert }) {
  const image = (
    <img
      src={advert.matters.img}
      alt={advert.matters.alt}
      width={advert.matters.width}
      height={advert.matters.height}
      loading="lazy"
      decoding="async"
    />
  );
  // url_type 1 is a page of this app; anything else opens outside it.
  return advert.url_type === 1 ? (
    <Link to={advert.url} className="banner-frame" data-testid="banner-link" data-advert={advert.id}>
      {image}
    </Link>
  ) : (
    <a
      href={advert.url}
      className="banner-frame"
      target="_blank"
      rel="noopener noreferrer"
      data-advert={advert.id}
    >
      {image}
    </a>
  );
}
