/** Session calls: login, logout, configuration, token and the caller's own account. */
import { Api } from '../../protocol/paths';
import type {
  AppConfig,
  LoginData,
  MoneyData,
  OwnUserInfo,
  TokenData,
  UserConfig,
} from '../../protocol/types';
import type { CallOptions } from './client';
import { call } from './http';

export interface Credentials {
  userid: string;
  password: string;
}

export const memberLogin = (body: Credentials) => call<LoginData>(Api.memberLogin, { ...body });
export const anchorLogin = (body: Credentials) => call<LoginData>(Api.anchorLogin, { ...body });
/** A locked login: a code to the account's verified phone, then the code lifts the lock. */
export const sendUnlockCode = (userid: string) =>
  call<{ result: 1; msg: string }>(Api.sendUnlockCode, { userid });
export const unlockAccount = (userid: string, code: string) =>
  call<{ result: 1; msg: string }>(Api.unlockAccount, { userid, code });
export const logout = () => call<unknown>(Api.logout, {}, { renewSession: false });
export const getConfig = () => call<AppConfig>(Api.getConfig);
export const getToken = (options?: CallOptions) => call<TokenData>(Api.getToken, {}, options);
export const getOwnUserInfo = (options?: CallOptions) => call<OwnUserInfo>(Api.getOwnUserInfo, {}, options);
export const getAllMoney = (options?: CallOptions) => call<MoneyData>(Api.getAllMoney, {}, options);
export const getUserConfig = () => call<UserConfig>(Api.getUserConfig);
export const agreeProvision = () => call<unknown>(Api.agreeProvision);
