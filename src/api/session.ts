/** Session calls: logout, configuration, token and the caller's own account (the login page makes its own calls). */
import { Api } from '../../protocol/paths';
import type { AppConfig, MoneyData, OwnUserInfo, TokenData, UserConfigData } from '../../protocol/types';
import type { CallOptions } from './client';
import { call } from './http';

export const logout = () => call<unknown>(Api.logout, {}, { renewSession: false });
export const getConfig = () => call<AppConfig>(Api.getConfig);
export const getToken = (options?: CallOptions) => call<TokenData>(Api.getToken, {}, options);
export const getOwnUserInfo = (options?: CallOptions) => call<OwnUserInfo>(Api.getOwnUserInfo, {}, options);
export const getAllMoney = (options?: CallOptions) => call<MoneyData>(Api.getAllMoney, {}, options);
export const getUserConfig = () => call<UserConfigData>(Api.getUserConfig);
export const agreeProvision = () => call<unknown>(Api.agreeProvision);
