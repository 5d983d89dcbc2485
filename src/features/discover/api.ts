/** Discover lists and the broadcaster profile. */
import {
  FEATURED_ANCHOR_NUM,
  HOT_LIST_STEP,
  ONLINE_LIST_NUM,
  ONLINE_LIST_TYPE,
} from '../../../protocol/constants';
import {
  type AnchorCountriesData,
  type SearchAnchorBody,
  type SearchAnchorListData,
  SearchApi,
} from '../../../protocol/discover/search';
import { Api } from '../../../protocol/paths';
import type {
  AnchorListData,
  AnchorProfile,
  FavoriteData,
  Flag,
  InterestListData,
  MemberProfile,
} from '../../../protocol/types';
import { call } from '../../api/http';

export const getFeaturedAnchors = (num = FEATURED_ANCHOR_NUM) =>
  call<AnchorListData>(Api.getFeaturedAnchors, { num });

export const getOnlineAnchors = (type: number = ONLINE_LIST_TYPE.all, num = ONLINE_LIST_NUM) =>
  call<AnchorListData>(Api.getOnlineAnchors, { type, num });

export const getAnchorList = (start: number, step = HOT_LIST_STEP) =>
  call<AnchorListData>(Api.getAnchorList, { start, step });

export const getAnchorProfile = (userid: string) => call<AnchorProfile>(Api.getUserInfo, { userid });

export const getMemberProfile = (userid: string) => call<MemberProfile>(Api.getUserInfo, { userid });

export const getInterestList = (anchorid: string) =>
  call<InterestListData>(Api.getInterestList, { anchorid });

export const setFavorite = (userid: string, isFav: Flag) =>
  call<FavoriteData>(Api.setFavorite, { userid, is_fav: isFav });

export const searchAnchorList = (body: SearchAnchorBody) =>
  call<SearchAnchorListData>(SearchApi.searchAnchorList, { ...body });

export const getAnchorCountries = () => call<AnchorCountriesData>(SearchApi.getAnchorCountries, {});
