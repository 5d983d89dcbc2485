/**
 * The advert catalogue getBanner answers from. Each creative is drawn locally (public/adverts/) and
 * links inside the app, so the demo needs no network. Ids are the spec's banner ids (spec 002 §7).
 */
import type { Advert } from '../../../protocol/anchor-profile/around';

/** An advert and the scenes (pages, spec 002 §9: anchor page 18) it may show on. */
interface CatalogueAdvert extends Advert {
  scenes: readonly number[];
}

const CATALOGUE: readonly CatalogueAdvert[] = [
  {
    id: 'B0020',
    status: 1,
    matters: {
      img: '/adverts/B0020.svg',
      width: 1200,
      height: 300,
      title: 'Premium videos',
      alt: "Premium videos: watch your favourite broadcasters' videos any time",
    },
    url_type: 1,
    url: '/premiumVideo/premiumVideoList',
    ga_click_point: 'banner_premium_video',
    scenes: [0, 18],
  },
  {
    id: 'B0062',
    status: 1,
    matters: {
      img: '/adverts/B0062.svg',
      width: 1200,
      height: 300,
      title: 'Say Hi',
      alt: 'Say Hi is free: send a greeting and read her first answer for free',
    },
    url_type: 1,
    url: '/help/service-intro/say-hi',
    ga_click_point: 'banner_say_hi',
    scenes: [0, 18],
  },
];

/**
 * The adverts asked for, in the order asked, that are on and may show on `scene` (no scene: any).
 * Unknown ids are left out rather than refused: a page asking for a retired slot shows nothing.
 */
export function bannersFor(ids: readonly string[], scene?: number): Advert[] {
  return ids.flatMap((id) => {
    const advert = CATALOGUE.find((a) => a.id === id.toUpperCase());
    if (advert?.status !== 1) return [];
    if (scene !== undefined && !advert.scenes.includes(scene)) return [];
    const { scenes: _scenes, ...shown } = advert;
    return [{ ...shown, matters: { ...shown.matters } }];
  });
}
