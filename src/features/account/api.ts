/** The account calls (protocol/account/account.ts). */
import {
  AccountApi,
  type AccountInfo,
  type RegisterAnswer,
  type SignupChallenge,
} from '../../../protocol/account/account';
import { call } from '../../api/http';

export interface RegisterFields {
  email: string;
  password: string;
  nickname: string;
  birthday: string;
  country: string;
}

export const signupChallenge = () => call<SignupChallenge>(AccountApi.signupChallenge);
export const register = (fields: RegisterFields & { challenge: string; nonce: string }) =>
  call<RegisterAnswer>(AccountApi.register, { ...fields });
export const sendVerifyEmail = () => call<{ email: string }>(AccountApi.sendVerifyEmail);
export const confirmEmail = (token: string) =>
  call<{ email: string; email_verified: 'Y' }>(AccountApi.confirmEmail, { token });
export const requestPasswordReset = (email: string) =>
  call<{ msg: string }>(AccountApi.requestPasswordReset, { email });
export const resetPassword = (token: string, password: string) =>
  call<{ result: 1 }>(AccountApi.resetPassword, { token, password });
export const changeEmail = (email: string, password: string) =>
  call<{ pending_email: string }>(AccountApi.changeEmail, { email, password });
export const getAccount = () => call<AccountInfo>(AccountApi.getAccount);
export const changePassword = (oldPassword: string, password: string) =>
  call<{ result: 1 }>(AccountApi.changePassword, { old_password: oldPassword, password });
export const signOutEverywhere = () => call<{ result: 1 }>(AccountApi.signOutEverywhere);
export const endSession = (id: string) => call<{ result: 1 }>(AccountApi.endSession, { id });
export const exportData = () => call<Record<string, unknown>>(AccountApi.exportData);
export const deleteAccount = (password: string) =>
  call<{ result: 1 }>(AccountApi.deleteAccount, { password });
