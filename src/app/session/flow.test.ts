import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_MS } from '../../../protocol/constants';
import { Messages } from '../../../protocol/errors';
import type { AppConfig, MoneyData, OwnUserInfo } from '../../../protocol/types';
import { ApiError, NETWORK_ERRNO } from '../../api/client';
import { balancesState } from '../../state/balances';
import { configState } from '../../state/config';
import { sessionState } from '../../state/session';
import { userState } from '../../state/user';
import { createSessionFlow, type SessionDeps } from './flow';

const config = { money_type: 'credits', money_multiplier: 1 } as AppConfig;
const user = { userid: 'M1001', role: 'man', nickname: 'Sam', left_chatmin: 30 } as OwnUserInfo;
const money: MoneyData = { credit: 12.5, poststamp: 3 };
const offline = () => new ApiError(NETWORK_ERRNO, Messages.badNetwork, true);
const noSession = () => new ApiError(10002, 'login timeout');

function deps(overrides: Partial<SessionDeps> = {}): SessionDeps {
  return {
    getConfig: vi.fn(async () => config),
    getToken: vi.fn(async () => ({ token: 'tok', expires_in: 1500 })),
    getOwnUserInfo: vi.fn(async () => user),
    getAllMoney: vi.fn(async () => money),
    readCachedProfile: vi.fn(async () => undefined),
    readCachedConfig: vi.fn(async () => undefined),
    saveProfile: vi.fn(async () => undefined),
    saveConfig: vi.fn(async () => undefined),
    clearProfile: vi.fn(async () => undefined),
    clearCache: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    onTokenExpired: vi.fn(),
    goToLogin: vi.fn(),
    ...overrides,
  };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sessionState.status = 'booting';
  sessionState.offline = false;
  sessionState.token = '';
  userState.me = null;
  configState.config = null;
  Object.assign(balancesState, { credit: 0, poststamp: 0, chatmin: 0, lowCredit: false });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session flow', () => {
  it('does not wait for the device copy to be written (it waits for the first page)', async () => {
    const never = () => new Promise<never>(() => {});
    const d = deps({ saveConfig: vi.fn(never), saveProfile: vi.fn(never) });
    const flow = createSessionFlow(d);
    await flow.ensureSession();
    flow.stopTokenRefresh();
    expect(sessionState.status).toBe('signed-in');
    expect(d.saveProfile).toHaveBeenCalledWith(user, money);
  });

  it("loads a member's header extras with his balances, before the session counts as signed in", async () => {
    const seen: string[] = [];
    const d = deps({
      loadMemberHeader: vi.fn(async (userid: string) => {
        seen.push(`${userid} while ${sessionState.status}`);
        throw new Error('vouchers down');
      }),
    });
    const flow = createSessionFlow(d);
    await flow.ensureSession();
    flow.stopTokenRefresh();
    expect(seen).toEqual(['M1001 while booting']);
    // Its failure costs nothing but the banner.
    expect(sessionState.status).toBe('signed-in');
    expect(balancesState.credit).toBe(12.5);
  });

  it('a broadcaster has no member header extras to load', async () => {
    const d = deps({
      getOwnUserInfo: vi.fn(async () => ({ ...user, userid: 'A2001', role: 'lady' as const })),
      loadMemberHeader: vi.fn(async () => undefined),
    });
    const flow = createSessionFlow(d);
    await flow.ensureSession();
    flow.stopTokenRefresh();
    expect(d.loadMemberHeader).not.toHaveBeenCalled();
    expect(d.getAllMoney).not.toHaveBeenCalled();
  });

  it('asks for the configuration and the token together, and takes the token only after the configuration', async () => {
    let answerConfig: (value: AppConfig) => void = () => {};
    const d = deps({ getConfig: vi.fn(() => new Promise<AppConfig>((resolve) => (answerConfig = resolve))) });
    const flow = createSessionFlow(d);
    const running = flow.ensureSession();
    await Promise.resolve();
    // The token call is out before the configuration has answered...
    expect(d.getToken).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // ...but the session waits for the configuration before it goes on.
    expect(d.getOwnUserInfo).not.toHaveBeenCalled();
    expect(sessionState.token).toBe('');
    answerConfig(config);
    await running;
    flow.stopTokenRefresh();
    expect(sessionState).toMatchObject({ status: 'signed-in', token: 'tok' });
  });

  it('loads config, then a token, then the user data, and caches them', async () => {
    const order: string[] = [];
    const d = deps({
      getConfig: vi.fn(async () => {
        order.push('config');
        return config;
      }),
      getToken: vi.fn(async () => {
        order.push('token');
        return { token: 'tok', expires_in: 1 };
      }),
      getOwnUserInfo: vi.fn(async () => {
        order.push('user');
        return user;
      }),
      getAllMoney: vi.fn(async () => {
        order.push('money');
        return money;
      }),
    });
    const flow = createSessionFlow(d);
    await flow.ensureSession();
    flow.stopTokenRefresh();
    expect(order).toEqual(['config', 'token', 'user', 'money']);
    expect(sessionState).toMatchObject({ status: 'signed-in', offline: false, token: 'tok' });
    expect(userState.me?.userid).toBe('M1001');
    expect({ ...balancesState }).toEqual({ credit: 12.5, poststamp: 3, chatmin: 30, lowCredit: false });
    expect(d.saveProfile).toHaveBeenCalledWith(user, money);
    expect(d.saveConfig).toHaveBeenCalledWith(config);
  });

  it('runs once however many guards wait on it', async () => {
    const d = deps();
    const flow = createSessionFlow(d);
    await Promise.all([flow.ensureSession(), flow.ensureSession()]);
    flow.stopTokenRefresh();
    expect(d.getToken).toHaveBeenCalledTimes(1);
  });

  it('makes a visitor of a browser with no session and forgets the cached profile', async () => {
    const d = deps({
      getToken: vi.fn(async () => {
        throw noSession();
      }),
      readCachedProfile: vi.fn(async () => ({ key: 'me' as const, user, money, savedAt: 1 })),
    });
    await createSessionFlow(d).ensureSession();
    expect(sessionState.status).toBe('visitor');
    expect(userState.me).toBeNull();
    expect(d.clearProfile).toHaveBeenCalled();
  });

  it('carries on from the cache when the server cannot be reached', async () => {
    const d = deps({
      getConfig: vi.fn(async () => {
        throw offline();
      }),
      getToken: vi.fn(async () => {
        throw offline();
      }),
      readCachedConfig: vi.fn(async () => ({ key: 'app' as const, config, savedAt: 1 })),
      readCachedProfile: vi.fn(async () => ({ key: 'me' as const, user, money, savedAt: 1 })),
    });
    await createSessionFlow(d).ensureSession();
    expect(sessionState).toMatchObject({ status: 'signed-in', offline: true });
    expect(userState.me?.nickname).toBe('Sam');
    expect(balancesState.credit).toBe(12.5);
    expect(configState.config).toEqual(config);
  });

  it('is unreachable with no network and nothing cached', async () => {
    const d = deps({
      getConfig: vi.fn(async () => {
        throw offline();
      }),
    });
    await createSessionFlow(d).ensureSession();
    expect(sessionState.status).toBe('unreachable');
  });

  it('refreshes the token every TOKEN_REFRESH_MS and raises the token-expiry alert when it cannot', async () => {
    vi.useFakeTimers();
    const getToken = vi
      .fn<SessionDeps['getToken']>()
      .mockResolvedValueOnce({ token: 't1', expires_in: 1 })
      .mockResolvedValueOnce({ token: 't2', expires_in: 1 })
      .mockRejectedValueOnce(new ApiError(10004, 'expired'));
    const d = deps({ getToken });
    await createSessionFlow(d).ensureSession();
    expect(sessionState.token).toBe('t1');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS);
    expect(sessionState.token).toBe('t2');
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS);
    expect(d.onTokenExpired).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS * 2);
    expect(getToken).toHaveBeenCalledTimes(3);
  });

  it('signs out: logout call, cache cleared, login page', async () => {
    const d = deps({
      logout: vi.fn(async () => {
        throw offline();
      }),
    });
    const flow = createSessionFlow(d);
    await flow.ensureSession();
    await flow.signOut();
    expect(d.logout).toHaveBeenCalled();
    expect(d.clearCache).toHaveBeenCalled();
    expect(d.goToLogin).toHaveBeenCalled();
    expect(userState.me).toBeNull();
  });

  it('ends a kicked-off session like sign-out, without the logout call', async () => {
    vi.useFakeTimers();
    const d = deps();
    const flow = createSessionFlow(d);
    await flow.ensureSession();
    balancesState.lowCredit = true;
    await flow.endKickedOff();
    expect(d.logout).not.toHaveBeenCalled();
    expect(d.goToLogin).not.toHaveBeenCalled();
    expect(d.clearCache).toHaveBeenCalled();
    expect(sessionState).toMatchObject({ status: 'visitor', token: '' });
    expect(userState.me).toBeNull();
    expect(balancesState.lowCredit).toBe(false);
    // No token refresh after the session ended.
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS * 2);
    expect(d.getToken).toHaveBeenCalledTimes(1);
  });
});

describe('recovering from an offline start', () => {
  it('carries on online once the server answers again, and stays offline while it does not', async () => {
    vi.useFakeTimers();
    let away = true;
    const unreachable = <T>(value: T) =>
      vi.fn(async () => {
        if (away) throw offline();
        return value;
      });
    const d = deps({
      getConfig: unreachable(config),
      getToken: unreachable({ token: 'tok', expires_in: 1500 }),
      getOwnUserInfo: unreachable({ ...user, nickname: 'Sam (fresh)' }),
      getAllMoney: unreachable({ credit: 20, poststamp: 4 }),
      readCachedConfig: vi.fn(async () => ({ key: 'app' as const, config, savedAt: 1 })),
      readCachedProfile: vi.fn(async () => ({ key: 'me' as const, user, money, savedAt: 1 })),
    });
    const flow = createSessionFlow(d);
    await flow.ensureSession();
    expect(sessionState.offline).toBe(true);

    expect(await flow.recover()).toBe(false);
    expect(sessionState.offline).toBe(true);
    expect(balancesState.credit).toBe(12.5);

    away = false;
    expect(await flow.recover()).toBe(true);
    expect(sessionState).toMatchObject({ status: 'signed-in', offline: false, token: 'tok' });
    expect(userState.me?.nickname).toBe('Sam (fresh)');
    expect(balancesState.credit).toBe(20);
    // It refreshes its token from now on, as a session started online does.
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_MS);
    expect(d.getToken).toHaveBeenCalledTimes(4);
    flow.stopTokenRefresh();
  });
});
