/** The calls the entry sends early are the very calls the session and the pages make. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEATURED_ANCHOR_NUM } from '../../protocol/constants';
import { CONVERSATION_LIST_SIZE } from '../../protocol/messages/messages';
import { Api } from '../../protocol/paths';
import { requestInit } from '../api/request';
import { getAllMoney, getConfig, getOwnUserInfo, getToken } from '../api/session';
import {
  getAnchorProfile,
  getFeaturedAnchors,
  getInterestList,
  getOnlineAnchors,
} from '../features/discover/api';
import { getContacts, getConversations } from '../features/messages/api';
import { getAnchorShows } from '../features/shows/api';
import { getHeaderCouponInfo } from '../features/vouchers/api';
import { preloadProfileCover, startCalls } from './start-calls';

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

describe("a profile's cover", () => {
  const answer = (data: object, errno = 0) => Promise.resolve({ errno, errmsg: '', data });
  const profile = (cover: string, room = '', photo = '/media/portrait/A2001.svg') => ({
    anchor_cover: cover,
    photourl: photo,
    anchor_info: { room_photourl: room },
  });

  it('is fetched as soon as the early profile answer names it', async () => {
    const peek = vi.fn(() => answer(profile('/media/cover/A2001.svg')));
    const preload = vi.fn();
    await preloadProfileCover('#/anchor/A2001', peek, preload);
    expect(peek).toHaveBeenCalledWith(Api.getUserInfo, { userid: 'A2001' });
    expect(preload).toHaveBeenCalledWith('/media/cover/A2001.svg');
  });

  it('falls back as the page does: her room photo, then her portrait', async () => {
    const preload = vi.fn();
    await preloadProfileCover('#/anchor/A2001', () => answer(profile('', '/room.jpg')), preload);
    await preloadProfileCover('#/anchor/A2001', () => answer(profile('', '')), preload);
    expect(preload.mock.calls).toEqual([['/room.jpg'], ['/media/portrait/A2001.svg']]);
  });

  it('fetches nothing for a refusal, a failed call, another page or no early answer', async () => {
    const preload = vi.fn();
    await preloadProfileCover('#/anchor/A2001', () => answer(profile('/c.svg'), 10005), preload);
    await preloadProfileCover('#/anchor/A2001', () => Promise.reject(new Error('offline')), preload);
    await preloadProfileCover('#/masterlist', () => answer(profile('/c.svg')), preload);
    await preloadProfileCover('#/anchor/A2001', () => undefined, preload);
    expect(preload).not.toHaveBeenCalled();
  });
});
