/** Around the profile: her friends, recommendations, the recommendation pop, the banner slot. */
import type {
  AdRecommendData,
  BannerData,
  FriendListData,
  RecommendListData,
} from '../../../../protocol/anchor-profile/around';
import { FRIENDS_PAGE_SIZE } from '../../../../protocol/anchor-profile/around';
import { Api } from '../../../../protocol/paths';
import { call } from '../../../api/http';

export const getAnchorFriends = (anchorid: string, start: number, step = FRIENDS_PAGE_SIZE) =>
  call<FriendListData>(Api.getAnchorFriends, { anchorid, start, step });

export const getPageRecommendAnchorList = (type: number, anchorId = '') =>
  call<RecommendListData>(Api.getPageRecommendAnchorList, { type, anchor_id: anchorId });

export const getADRecommendAnchor = (manid: string) =>
  call<AdRecommendData>(Api.getADRecommendAnchor, { manid });

/** getBanner's payload is its query (spec 001 §7). */
export const getBanner = (ids: readonly string[], scene: number) =>
  call<BannerData>(`${Api.getBanner}?id=${ids.map(encodeURIComponent).join(',')}&scenes=${scene}`, {});
