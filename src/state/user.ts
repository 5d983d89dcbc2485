/** The signed-in account (/nx/api/User/getUserInfo). */
import { proxy } from 'valtio';
import { NO_MEMBER_PRIV } from '../../protocol/privileges';
import type { MemberPriv, OwnUserInfo } from '../../protocol/types';

export const userState = proxy<{ me: OwnUserInfo | null }>({ me: null });

/** The member's privileges; none for a visitor or a broadcaster. */
export const memberPrivOf = (me: Pick<OwnUserInfo, 'role' | 'fansi_info'> | null): MemberPriv =>
  me?.role === 'man' ? (me.fansi_info?.priv ?? NO_MEMBER_PRIV) : NO_MEMBER_PRIV;
