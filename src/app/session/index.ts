/** The session flow wired to the real API, cache and pages. */
import { Pages } from '../../../protocol/paths';
import { getAllMoney, getConfig, getOwnUserInfo, getToken, logout } from '../../api/session';
import {
  clearCache,
  clearProfile,
  readCachedConfig,
  readCachedProfile,
  saveConfig,
  saveProfile,
} from '../../db/cache';
import { getHeaderCouponInfo } from '../../features/vouchers/api';
import { sessionState } from '../../state/session';
import { openTokenExpired } from '../../state/ui';
import { vouchersState } from '../../state/vouchers';
import { createSessionFlow } from './flow';

export const session = createSessionFlow({
  getConfig,
  getToken,
  getOwnUserInfo,
  getAllMoney,
  loadMemberHeader: async (userid) => {
    vouchersState.info = await getHeaderCouponInfo();
    vouchersState.loadedFor = userid;
  },
  readCachedProfile,
  readCachedConfig,
  saveProfile,
  saveConfig,
  clearProfile,
  clearCache,
  logout,
  onTokenExpired: openTokenExpired,
  goToLogin: () => window.location.assign(Pages.memberLogin),
});

/** While the session runs from the device's copy, the server is asked again this often. */
export const RECOVER_EVERY_MS = 10_000;

// Back online (the browser says so), or the server answers again (it may have been the one away):
// the session, and with it the pages, recover by themselves.
if (typeof window !== 'undefined') {
  const tryNow = () => {
    if (sessionState.offline) void session.recover();
  };
  window.addEventListener('online', tryNow);
  setInterval(tryNow, RECOVER_EVERY_MS);
}
