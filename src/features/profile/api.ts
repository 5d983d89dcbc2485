/** Profile calls (paths and shapes in protocol/profile/profile.ts). */
import { AccountApi } from '../../../protocol/account/account';
import { type MemberProfileData, ProfileApi } from '../../../protocol/profile/profile';
import type { OwnUserInfo } from '../../../protocol/types';
import { call } from '../../api/http';
import { uploadWithProgress } from '../../api/upload';
import { userState } from '../../state/user';

export type ProfileChanges = Partial<{
  firstname: string;
  lastname: string;
  birthday: string;
  country: string;
  city: string;
  living: number;
  marry: number;
  introduction: string;
  hobbies: string;
  step: number;
}>;

export const getMemberProfile = () => call<MemberProfileData>(ProfileApi.getMemberProfile);

/** Refreshes the account the app holds (header, tips, menu) from the server. */
export async function refreshUserInfo(): Promise<void> {
  const info = await call<OwnUserInfo>(ProfileApi.updateUserInfoFromQn);
  userState.me = info;
}

export async function saveMemberProfile(changes: ProfileChanges): Promise<MemberProfileData> {
  const saved = await call<MemberProfileData>(ProfileApi.saveMemberProfile, changes);
  void refreshUserInfo().catch(() => undefined);
  return saved;
}

export async function uploadMemberPhoto(
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<MemberProfileData> {
  const saved = await uploadWithProgress<MemberProfileData>(ProfileApi.uploadMemberPhoto, file, onProgress);
  void refreshUserInfo().catch(() => undefined);
  return saved;
}

/** The account feature's call: sends (again) the link that verifies his login email. */
export const sendVerifyEmail = () => call<unknown>(AccountApi.sendVerifyEmail);
