/** Advert calls (protocol/adverts/adverts.ts): members' banners and pop-ups, the console's edits. */
import {
  AdvertApi,
  type AdvertPop,
  type BannerData,
  type OperatorAdvert,
} from '../../../protocol/adverts/adverts';
import { call } from '../../api/http';

/** The spec's GET: the payload is the query. */
export const retrieveBanner = (pageId: number) =>
  call<BannerData>(AdvertApi.retrieveBanner, { page_id: pageId }, { method: 'GET' });

export const retrieveAdvert = (ids: readonly string[], anchorId?: string) =>
  call<AdvertPop[]>(AdvertApi.retrieveAdvert, {
    adpid: ids,
    ...(anchorId ? { extrData: JSON.stringify({ anchor_id: anchorId }) } : {}),
  });

export const markAdvertShown = (id: string) => call<{ adpid: string }>(AdvertApi.markShown, { adpid: id });

export const getOperatorAdverts = () => call<{ list: OperatorAdvert[] }>(AdvertApi.operatorList);

export const setAdvertStatus = (id: string, status: 0 | 1) =>
  call<OperatorAdvert>(AdvertApi.operatorStatus, { id, status });

export interface AdvertDraft {
  id: string;
  title: string;
  alt: string;
  url_type: 1 | 2;
  url: string;
  img: string;
  scenes: string;
  pages: string;
}

export const saveAdvert = (draft: AdvertDraft) => call<OperatorAdvert>(AdvertApi.operatorSave, { ...draft });
