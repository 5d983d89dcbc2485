/**
 * What the app asks the server as it starts, sent by the entry beside the download of its code
 * (api/early.ts): the session's calls (spec 002 §4: configuration, token, user data; the session
 * still takes the answers in that order) and the data of the page being opened, for the pages a
 * member most often opens first. Every body here is the one the page's own call sends, or the
 * page asks again (start-calls.test.ts holds them together).
 */
import { FEATURED_ANCHOR_NUM, ONLINE_LIST_NUM, ONLINE_LIST_TYPE } from '../../protocol/constants';
import type { ApiAnswer } from '../../protocol/envelope';
import {
  CONTACT_PAGE_SIZE,
  CONTACT_SORT,
  CONVERSATION_LIST_SIZE,
  MessageApi,
} from '../../protocol/messages/messages';
import { Api } from '../../protocol/paths';
import { PROFILE_SHOWS_STEP, SHOW_SORT, ShowApi } from '../../protocol/shows/shows';
import type { AnchorProfile } from '../../protocol/types';
import { VoucherApi } from '../../protocol/vouchers/vouchers';
import { peekEarly } from '../api/early';
import type { FormBody } from '../api/request';
import { profileCover } from '../features/anchor-profile/cover';

type Call = readonly [path: string, body?: FormBody];

const SESSION: Call[] = [
  [Api.getConfig],
  [Api.getToken, {}],
  [Api.getOwnUserInfo, {}],
  // A member's balances and voucher banner; a broadcaster's or a visitor's answers go unused.
  [Api.getAllMoney, {}],
  [VoucherApi.headerCouponInfo, {}],
];

const PROFILE = /^#\/anchor\/([\w-]+)\/?(?:[?#]|$)/;

/** The calls for the app opened at this hash. */
export function startCalls(hash: string): Call[] {
  const calls = [...SESSION];
  if (/^#\/masterlist\/?(?:[?#]|$)/.test(hash)) {
    calls.push(
      [Api.getFeaturedAnchors, { num: FEATURED_ANCHOR_NUM }],
      [Api.getOnlineAnchors, { type: ONLINE_LIST_TYPE.all, num: ONLINE_LIST_NUM }],
    );
  }
  if (/^#\/mymessage\/?(?:[?#]|$)/.test(hash)) {
    calls.push(
      [MessageApi.getPrivateMessageList, { start: 0, step: CONVERSATION_LIST_SIZE }],
      [MessageApi.getContactList, { start: 0, step: CONTACT_PAGE_SIZE, sorting: CONTACT_SORT.recent }],
    );
  }
  const anchorId = PROFILE.exec(hash)?.[1];
  if (anchorId) {
    calls.push(
      [Api.getUserInfo, { userid: anchorId }],
      [Api.getInterestList, { anchorid: anchorId }],
      [
        ShowApi.showListWithAnchorId,
        { anchor_id: anchorId, sort_type: SHOW_SORT.upcoming, start: 0, step: PROFILE_SHOWS_STEP },
      ],
    );
  }
  return calls;
}

/** A high-priority fetch of a picture the page is about to show. */
function preloadImage(href: string) {
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href });
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * A profile's cover is its largest paint: it is fetched as soon as the early answer names it, not
 * once React has drawn the page.
 */
export function preloadProfileCover(hash: string, peek = peekEarly, preload = preloadImage): Promise<void> {
  const anchorId = PROFILE.exec(hash)?.[1];
  const answer = anchorId ? peek(Api.getUserInfo, { userid: anchorId }) : undefined;
  if (!answer) return Promise.resolve();
  return answer.then(
    (value) => {
      const envelope = value as Partial<ApiAnswer<AnchorProfile>>;
      const href = envelope.errno === 0 && envelope.data ? profileCover(envelope.data) : '';
      if (href) preload(href);
    },
    () => {}, // The page's own call reports a failure.
  );
}
