/** The partner sites' calls (protocol/partner-sites/partner-sites.ts). */
import {
  type CorpData,
  type FamilySitesData,
  PartnerApi,
} from '../../../protocol/partner-sites/partner-sites';
import { call } from '../../api/http';

export const getFamilySites = () => call<FamilySitesData>(PartnerApi.getFamilySites, {});
export const getCorpId = () => call<CorpData>(PartnerApi.getCorpId, {}, { method: 'GET' });

/** The goto link of a partner site (a navigation: the server answers with the signed hand-off). */
export const gotoHref = (siteid: number, url?: string) =>
  `${PartnerApi.goto}?siteid=${siteid}${url ? `&url=${encodeURIComponent(url)}` : ''}`;
