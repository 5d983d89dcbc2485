/** The session flow wired to the real API, cache and pages. */
import { Pages } from '../../../protocol/paths';
import { getAllMoney, getConfig, getOwnUserInfo, getToken, logout } from '../../api/session';
import { getHeaderCouponInfo } from '../../api/vouchers';
import {
  clearCache,
  clearProfile,
  readCachedConfig,
  readCachedProfile,
  saveConfig,
  saveProfile,
} from '../../db/cache';
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
