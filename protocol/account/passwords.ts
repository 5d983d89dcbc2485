/**
 * The password rules, one copy for both sides: the server refuses what passwordProblem() names, the
 * sign-up form shows passwordStrength() while he types.
 */
import { PASSWORD_MAX_LENGTH } from '../constants';
import { AccountErrno, AccountMessages, PASSWORD_MIN_LENGTH } from './account';
import { COMMON_PASSWORDS } from './common-passwords';

export interface PasswordProblem {
  errno: number;
  errmsg: string;
}

/** The common word under a trailing run of digits or symbols ('Summer2024!' is 'summer'). */
const stem = (lower: string) => lower.replace(/[\d!@#$%^&*.?_-]+$/, '');

export function isCommonPassword(password: string): boolean {
  const lower = password.normalize('NFC').toLowerCase();
  return COMMON_PASSWORDS.has(lower) || (stem(lower).length >= 3 && COMMON_PASSWORDS.has(stem(lower)));
}

/** Why a new password is refused, or undefined when it may be used. */
export function passwordProblem(
  password: string,
  avoid: readonly string[] = [],
): PasswordProblem | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return { errno: AccountErrno.PASSWORD_TOO_SHORT, errmsg: AccountMessages.passwordTooShort };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { errno: AccountErrno.PASSWORD_TOO_SHORT, errmsg: AccountMessages.passwordTooShort };
  }
  if (isCommonPassword(password)) {
    return { errno: AccountErrno.PASSWORD_COMMON, errmsg: AccountMessages.passwordCommon };
  }
  const lower = password.toLowerCase();
  const personal = avoid
    .map((a) => a.toLowerCase().split('@')[0] ?? '')
    .filter((a) => a.length >= 4)
    .some((a) => lower.includes(a));
  if (personal) {
    return { errno: AccountErrno.PASSWORD_LIKE_ACCOUNT, errmsg: AccountMessages.passwordLikeAccount };
  }
  return undefined;
}

export type Strength = 0 | 1 | 2 | 3 | 4;
export const STRENGTH_LABELS = ['Too short', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/**
 * A hint while typing: 0 too short or common, then 1-4 by length and the kinds of characters used.
 * Only a hint: the server's rule is passwordProblem().
 */
export function passwordStrength(password: string, avoid: readonly string[] = []): Strength {
  if (passwordProblem(password, avoid)) return 0;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((re) => re.test(password)).length;
  const length = [...password].length;
  const repeats = /(.)\1\1/.test(password) ? 1 : 0;
  let score = 1 + (length >= 12 ? 1 : 0) + (length >= 16 ? 1 : 0) + (kinds >= 3 ? 1 : 0) - repeats;
  if (kinds <= 1 && length < 14) score = Math.min(score, 1);
  return Math.max(1, Math.min(4, score)) as Strength;
}
