/**
 * Adverts (protocol/adverts/adverts.ts): banners by id and scene (getBanner) or by page
 * (retrieveBanner), pop-ups once per member (retrieveAdvert, markAdvertShown), and the `adverts`
 * operator's list, switch and edit. Every call reads the table, so an operator's change shows on
 * the member's next load in every process, with no cache to expire or to tell.
 */
import {
  ADVERT_ANCHOR_SLOT,
  ADVERT_CREATIVE_SIZE,
  type Advert,
  type AdvertCreative,
  AdvertErrno,
  type AdvertPop,
  AdvertTexts,
  type BannerData,
  type OperatorAdvert,
} from '../../../protocol/adverts/adverts';
import { ApiError } from '../../core/errors';
import type { Db } from '../../storage/contract';
import { type AdvertsRepository, advertsRepository } from './adverts-repository';

/** What members see of an advert (the console's fields left out). */
const shown = (a: OperatorAdvert): Advert => ({
  id: a.id,
  status: a.status,
  matters: { ...a.matters },
  url_type: a.url_type,
  url: a.url,
  ga_click_point: a.ga_click_point,
});

/** url_type 1: a route inside the app (never another origin); 2: an https page. */
export function linkFits(urlType: 1 | 2, url: string): boolean {
  if (urlType === 1) return /^\/(?!\/)[A-Za-z0-9/_.,=?&%{}-]*$/.test(url);
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Fills `{anchor_id}` with her id (left empty without one). */
const fillAnchor = (url: string, anchorId: string | undefined) =>
  url.replaceAll(ADVERT_ANCHOR_SLOT, anchorId ?? '');

export interface AdvertSave {
  title: string;
  alt: string;
  urlType: 1 | 2;
  url: string;
  img: AdvertCreative;
  scenes: number[];
  pages: number[];
}

export class AdvertService {
  private readonly adverts: AdvertsRepository;

  constructor(db: Db) {
    this.adverts = advertsRepository(db);
  }

  /** getBanner: the banners asked for, in the order asked, that are on and may show on `scene` (none: any). */
  async banners(ids: readonly string[], scene?: number): Promise<BannerData> {
    const found = await this.adverts.byIds(ids.map((id) => id.toUpperCase()));
    const list = ids.flatMap((id) => {
      const a = found.find((f) => f.id === id.toUpperCase());
      if (a?.kind !== 'banner' || a.status !== 1) return [];
      if (scene !== undefined && !a.scenes.includes(scene)) return [];
      return [shown(a)];
    });
    return { list };
  }

  /** retrieveBanner: a page's banners that are on, in the console's order (the carousel's slides). */
  async pageBanners(pageId: number): Promise<BannerData> {
    const all = await this.adverts.all();
    return {
      list: all.filter((a) => a.kind === 'banner' && a.status === 1 && a.pages.includes(pageId)).map(shown),
    };
  }

  /** retrieveAdvert: one entry per id, in order; status 1 only for a pop-up that is on and new to him. */
  async pops(memberId: string, ids: readonly string[], anchorId?: string): Promise<AdvertPop[]> {
    const found = await this.adverts.byIds(ids);
    const seen = await this.adverts.seen(memberId, ids);
    return ids.map((id) => {
      const a = found.find((f) => f.id === id);
      const due = a?.kind === 'popup' && a.status === 1 && !seen.has(id);
      return {
        adpid: id,
        status: due ? 1 : 0,
        matters: due && a ? { ...a.matters } : null,
        url_type: a?.url_type ?? 1,
        url: due && a ? fillAnchor(a.url, anchorId) : '',
        ga_click_point: a?.ga_click_point ?? '',
      };
    });
  }

  async markShown(memberId: string, id: string): Promise<{ adpid: string }> {
    if (!(await this.adverts.markSeen(memberId, id)))
      throw new ApiError(AdvertErrno.UNKNOWN, AdvertTexts.unknown);
    return { adpid: id };
  }

  async operatorList(): Promise<{ list: OperatorAdvert[] }> {
    return { list: await this.adverts.all() };
  }

  async setStatus(operatorId: string, id: string, status: 0 | 1): Promise<OperatorAdvert> {
    const saved = await this.adverts.setStatus(id, status, operatorId);
    if (!saved) throw new ApiError(AdvertErrno.UNKNOWN, AdvertTexts.unknown);
    return saved;
  }

  async save(operatorId: string, id: string, edit: AdvertSave): Promise<OperatorAdvert> {
    if (!linkFits(edit.urlType, edit.url)) throw new ApiError(AdvertErrno.BAD_LINK, AdvertTexts.badLink);
    const saved = await this.adverts.save(id, { ...edit, ...ADVERT_CREATIVE_SIZE[edit.img] }, operatorId);
    if (!saved) throw new ApiError(AdvertErrno.UNKNOWN, AdvertTexts.unknown);
    return saved;
  }
}
