import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Messages } from '../../protocol/errors';
import type { OwnUserInfo } from '../../protocol/types';
import { ApiError, NETWORK_ERRNO } from '../api/client';
import { userState } from '../state/user';

const store = new Map<string, { data: unknown; savedAt: number }>();
vi.mock('./first-paint', () => ({ afterFirstPaint: Promise.resolve() }));
vi.mock('../db/saved', () => ({
  saveCopy: async (userid: string, what: string, data: unknown) => {
    store.set(`${userid}:${what}`, { data, savedAt: 1_000 });
  },
  readCopy: async (userid: string, what: string) => store.get(`${userid}:${what}`),
}));

const { loadOrSaved } = await import('./saved-copy');

const signIn = (userid: string) => {
  userState.me = { userid } as OwnUserInfo;
};
const noNetwork = () => Promise.reject(new ApiError(NETWORK_ERRNO, Messages.offline, true));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a page readable offline', () => {
  beforeEach(() => signIn('M1002'));
  afterEach(() => {
    store.clear();
    userState.me = null;
  });

  it('keeps what loaded online and answers it, with its time, when the network is away', async () => {
    expect(await loadOrSaved('discover:featured', async () => ({ list: [1, 2] }))).toEqual({
      data: { list: [1, 2] },
      savedAt: null,
    });
    await settle();
    expect(await loadOrSaved('discover:featured', noNetwork)).toEqual({
      data: { list: [1, 2] },
      savedAt: 1_000,
    });
  });

  it('never shows one member what another saved on this device', async () => {
    await loadOrSaved('credit-history', async () => ['his row']);
    await settle();
    signIn('M1003');
    await expect(loadOrSaved('credit-history', noNetwork)).rejects.toThrow(Messages.offline);
  });

  it('fails as before on an answer that is not a lost network, or with nothing saved', async () => {
    await loadOrSaved('anchor:A2002', async () => ({ nickname: 'Olena' }));
    await settle();
    await expect(
      loadOrSaved('anchor:A2002', () => Promise.reject(new ApiError(10007, 'gone'))),
    ).rejects.toThrow('gone');
    await expect(loadOrSaved('anchor:A2003', noNetwork)).rejects.toThrow(Messages.offline);
  });
});
