/** The profile pages' addresses (ours: the spec names the pages, not their paths). */
import { PROFILE_STEP_DONE } from '../../../protocol/profile/profile';

export const ProfilePages = {
  wizard: '/profile/wizard',
  account: '/profile/account',
  verifyEmail: '/profile/verify-email',
  verifyPhone: '/profile/verify-phone',
} as const;

/** Spec 002 §4: Edit profile opens the fill wizard while step is below 3, else the account page. */
export const editProfilePath = (step: number | undefined) =>
  (step ?? 0) < PROFILE_STEP_DONE ? ProfilePages.wizard : ProfilePages.account;
