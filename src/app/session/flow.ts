/**
 * The login and session flow (spec 002 §4): configuration, then a token, then the user data, then
 * the page. The cache is read first so that the header renders at once and offline; when the server
 * cannot be reached and the cache holds the profile, the member carries on from the cache.
 * Side effects are injected so the sequence is tested without a browser.
 */
import { TOKEN_REFRESH_MS } from '../../../protocol/constants';
import { Messages } from '../../../protocol/errors';
import type { AppConfig, MoneyData, OwnUserInfo, TokenData } from '../../../protocol/types';
import { ApiError, type CallOptions, isSessionErrno } from '../../api/client';
import type { CachedConfig, CachedProfile } from '../../db/db';
import { balancesState } from '../../state/balances';
import { configState } from '../../state/config';
import { sessionState } from '../../state/session';
import { userState } from '../../state/user';

export interface SessionDeps {
  getConfig: () => Promise<AppConfig>;
  getToken: (options?: CallOptions) => Promise<TokenData>;
  getOwnUserInfo: (options?: CallOptions) => Promise<OwnUserInfo>;
  getAllMoney: (options?: CallOptions) => Promise<MoneyData>;
  /**
   * What a member's header shows beside his balances (the voucher banner), fetched with them so
   * that the page does not move down when it arrives. A failure leaves it out, nothing more.
   */
  loadMemberHeader?: (userid: string) => Promise<unknown>;
  readCachedProfile: () => Promise<CachedProfile | undefined>;
  readCachedConfig: () => Promise<CachedConfig | undefined>;
  saveProfile: (user: OwnUserInfo, money: MoneyData) => Promise<unknown>;
  saveConfig: (config: AppConfig) => Promise<unknown>;
  clearProfile: () => Promise<unknown>;
  clearCache: () => Promise<unknown>;
  logout: () => Promise<unknown>;
  onTokenExpired: () => void;
  goToLogin: () => void;
}

const silent: CallOptions = { renewSession: false };

/**
 * The device's copy is written behind the session, never in its way: the first write waits for
 * the first page to be painted (it loads Dexie), and the page waits for the session.
 */
function keep(write: Promise<unknown>, what: string) {
  write.catch((error: unknown) => console.warn(`[session] saving the ${what} failed`, error));
}
const NO_MONEY: MoneyData = { credit: 0, poststamp: 0 };

export function applyProfile(user: OwnUserInfo | null, money: MoneyData | null) {
  userState.me = user;
  balancesState.credit = money?.credit ?? user?.left_credit ?? 0;
  balancesState.poststamp = money?.poststamp ?? user?.left_poststamp ?? 0;
  balancesState.chatmin = user?.left_chatmin ?? 0;
  if (!user) balancesState.lowCredit = false;
}

export function createSessionFlow(deps: SessionDeps) {
  let booting: Promise<void> | null = null;
  let refreshTimer: ReturnType<typeof setInterval> | null = null;

  /** The user data: own account, and balances for a member (a broadcaster has none to show). */
  async function loadUser(options: CallOptions = {}) {
    const user = await deps.getOwnUserInfo(options);
    const money =
      user.role === 'man'
        ? (
            await Promise.all([
              deps.getAllMoney(options),
              deps.loadMemberHeader?.(user.userid).catch((error: unknown) => {
                console.warn('[session] header extras failed', error);
              }),
            ])
          )[0]
        : NO_MONEY;
    applyProfile(user, money);
    keep(deps.saveProfile(user, money), 'profile');
  }

  async function refreshToken() {
    try {
      const token = await deps.getToken(silent);
      sessionState.token = token.token;
    } catch (error) {
      // Renewal in the background failed for good: the token-expiry alert box.
      if (error instanceof ApiError && isSessionErrno(error.errno)) {
        stopTokenRefresh();
        deps.onTokenExpired();
      }
      // No network: try again at the next tick.
    }
  }

  function startTokenRefresh() {
    stopTokenRefresh();
    refreshTimer = setInterval(refreshToken, TOKEN_REFRESH_MS);
  }

  function stopTokenRefresh() {
    if (refreshTimer !== null) clearInterval(refreshTimer);
    refreshTimer = null;
  }

  async function becomeVisitor() {
    stopTokenRefresh();
    applyProfile(null, null);
    sessionState.token = '';
    sessionState.offline = false;
    sessionState.status = 'visitor';
    await deps.clearProfile();
  }

  async function bootstrap() {
    // The configuration and the token go out at once, beside the cache read (a round trip less on
    // a slow network); their answers are still taken in the spec's order: configuration, token.
    const configCall = deps.getConfig();
    const tokenCall = deps.getToken(silent);
    configCall.catch(() => {}); // Both are handled below, in order: not unhandled meanwhile.
    tokenCall.catch(() => {});
    const [cachedConfig, cachedProfile] = await Promise.all([
      deps.readCachedConfig(),
      deps.readCachedProfile(),
    ]);
    if (cachedConfig) configState.config = cachedConfig.config;
    if (cachedProfile) applyProfile(cachedProfile.user, cachedProfile.money);
    try {
      try {
        const config = await configCall;
        configState.config = config;
        keep(deps.saveConfig(config), 'configuration');
      } catch (error) {
        // The cached configuration will do; the token call below decides whether we are online.
        if (!(error instanceof ApiError && error.offline && cachedConfig)) throw error;
      }
      const token = await tokenCall;
      sessionState.token = token.token;
      await loadUser(silent);
      sessionState.offline = false;
      sessionState.status = 'signed-in';
      startTokenRefresh();
    } catch (error) {
      if (error instanceof ApiError && isSessionErrno(error.errno)) return becomeVisitor();
      if (error instanceof ApiError && (error.offline || error.errno === 408) && cachedProfile) {
        sessionState.offline = true;
        sessionState.status = 'signed-in';
        return;
      }
      console.warn('[session] start-up failed', error);
      sessionState.status = 'unreachable';
    }
  }

  let recovering: Promise<boolean> | null = null;
  /**
   * Started from the device's copy (offline): once the server answers again, the session carries
   * on as if it had started online (token, user data, token refresh), and the pages' offline notes go.
   * True when it did (or had nothing to recover); a network still away leaves it offline.
   */
  function recover(): Promise<boolean> {
    if (!sessionState.offline || sessionState.status !== 'signed-in') return Promise.resolve(true);
    recovering ??= (async () => {
      try {
        const token = await deps.getToken(silent);
        sessionState.token = token.token;
        await loadUser(silent);
        sessionState.offline = false;
        startTokenRefresh();
        return true;
      } catch (error) {
        if (error instanceof ApiError && isSessionErrno(error.errno)) {
          await becomeVisitor();
          return true;
        }
        return false;
      } finally {
        recovering = null;
      }
    })();
    return recovering;
  }

  return {
    recover,
    /** Starts the flow once; every guard awaits the same run. */
    ensureSession(): Promise<void> {
      booting ??= bootstrap();
      return booting;
    },
    /** Balances and account again (after a purchase, a returning login window, ...). */
    reloadUser: () => loadUser(),
    refreshToken,
    stopTokenRefresh,
    /**
     * Kick-off (spec 001 §4): the account signed in on another device and the server closed this
     * session. Everything of the member goes, as on sign-out, but there is no session left to log out.
     */
    async endKickedOff() {
      stopTokenRefresh();
      applyProfile(null, null);
      sessionState.token = '';
      sessionState.offline = false;
      sessionState.status = 'visitor';
      await deps.clearCache();
    },
    async signOut() {
      stopTokenRefresh();
      try {
        await deps.logout();
      } catch (error) {
        console.warn('[session] logout call failed; signing out locally', error);
      }
      await deps.clearCache();
      applyProfile(null, null);
      sessionState.status = 'visitor';
      deps.goToLogin();
    },
  };
}

/** The text of the token-expiry alert box (spec 000 §8: no logged-in user). */
export const TOKEN_EXPIRED_TEXT = Messages.authorizationExpired;
