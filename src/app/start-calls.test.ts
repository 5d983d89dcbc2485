/** The calls the entry sends early are the very calls the session and the pages make. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEATURED_ANCHOR_NUM } from '../../protocol/constants';
import { CONVERSATION_LIST_SIZE } from '../../protocol/messages';
import { getAnchorProfile, getFeaturedAnchors, getInterestList, getOnlineAnchors } from '../api/anchors';
import { getContacts, getConversations } from '../api/messages';
import { requestInit } from '../api/request';
import { getAllMoney, getConfig, getOwnUserInfo, getToken } from '../api/session';
import { getAnchorShows } from '../api/shows';
import { getHeaderCouponInfo } from '../api/vouchers';
import { startCalls } from './start-calls';

const sent: string[] = [];
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push(`${url.split('?')[0]} ${init.body}`);
      return new Response('{"errno":0,"errmsg":"","data":{"list":[],"anchor_info":{}}}');
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const early = (hash: string) =>
  startCalls(hash).map(([path, body]) => `${path} ${requestInit(path, body).body}`);

async function sentBy(...calls: (() => Promise<unknown>)[]) {
  for (const call of calls) await call();
  return [...sent];
}

const session = [
  getConfig,
  () => getToken(),
  () => getOwnUserInfo(),
  () => getAllMoney(),
  getHeaderCouponInfo,
];

describe('calls sent as the app starts', () => {
  it("are the session's own calls, on any page", async () => {
    expect(early('#/help')).toEqual(await sentBy(...session));
  });

  it("on Discover, add the page's two first lists", async () => {
    const page = await sentBy(
      () => getFeaturedAnchors(FEATURED_ANCHOR_NUM),
      () => getOnlineAnchors(),
    );
    sent.length = 0;
    expect(early('#/masterlist')).toEqual([...(await sentBy(...session)), ...page]);
  });

  it('on Messages, add the conversations and contacts as the page asks for them', async () => {
    const page = await sentBy(
      () => getConversations(0, CONVERSATION_LIST_SIZE),
      () => getContacts(),
    );
    expect(early('#/mymessage').slice(-2)).toEqual(page);
    expect(early('#/mymessage?to=A2001').slice(-2)).toEqual(page);
  });

  it("on a profile, add the broadcaster's profile, hobbies and first shows", async () => {
    const page = await sentBy(
      () => getAnchorProfile('A2001'),
      () => getInterestList('A2001'),
      () => getAnchorShows('A2001', 0),
    );
    expect(early('#/anchor/A2001').slice(-3)).toEqual(page);
    expect(early('#/anchor/A2001?tab=1').slice(-3)).toEqual(page);
    expect(early('#/anchor/')).toHaveLength(session.length);
    expect(early('#/anchorlist')).toHaveLength(session.length);
  });
});
