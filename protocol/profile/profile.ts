/**
 * The member's own profile (spec 002 §3 "User data", §4 "Profile tips"): the fields, the fill
 * wizard's steps, Profile Completeness and what a broadcaster sees of him. Decisions where the
 * spec is silent, written down here (and in docs/api.md "Profile and settings"):
 * - `living` is whom he lives with (LIVING), `marry` his marital status (MARRY); 0 is "not said".
 * - `step` counts the wizard steps he finished (0..3): basics, about, photo. Below 3 Edit profile
 *   opens the wizard at that step; at 3 the account page. `submitdate` is when step first reached 3.
 * - `man_profile_val` is PROFILE_WEIGHTS summed over the fields he filled (0..100).
 * - A broadcaster (getMemberProfileOther) sees only safe fields: nickname, photo, age, country,
 *   city, marital status, introduction and hobbies; never names, birthday, email or phone. With
 *   his privacy choice hide_profile she sees the card only (`profile_hidden: 1`).
 */
import { SIGNUP_MIN_AGE } from '../account/account';
import type { InterestId } from '../discover/interests';

type Flag = 0 | 1;

export const ProfileApi = {
  /** Spec: the caller's own profile → MemberProfileData. */
  getMemberProfile: '/user/getMemberProfile',
  /** Spec: what a broadcaster sees of a member {manid} → MemberProfileOther (broadcasters only). */
  getMemberProfileOther: '/user/getMemberProfileOther',
  /** Spec: refreshes the user info the client holds → the getUserInfo answer (OwnUserInfo). */
  updateUserInfoFromQn: '/login/v1/updateUserInfoFromQn',
  /** Ours: saves the fields of one wizard step or of the account page → MemberProfileData. */
  saveMemberProfile: '/user/saveMemberProfile',
  /** Ours: raw bytes (application/octet-stream) of his profile photo → MemberProfileData. */
  uploadMemberPhoto: '/user/uploadMemberPhoto',
  /** Ours: GET {memberPhoto}/{userid}/{photo id}: his photo (signed-in callers; ?w= widths). */
  memberPhoto: '/share/member/photo',
} as const;

/** Ours: profile refusals (10630-10639). */
export const ProfileErrno = {
  /** The birthday is not a real date (YYYY-MM-DD) or lies in the future / too far back. */
  BAD_BIRTHDAY: 10630,
  /** The birthday makes him younger than PROFILE_MIN_AGE. */
  UNDER_AGE: 10631,
  /** A hobby id outside the spec's twelve interests, or the same one twice. */
  BAD_HOBBY: 10632,
  /** A broadcaster asked for someone who is not a member. */
  NOT_A_MEMBER: 10633,
} as const;

/** The same 18+ rule as sign-up's. */
export const PROFILE_MIN_AGE = SIGNUP_MIN_AGE;
export const PROFILE_MAX_AGE = 100;
export const FIRSTNAME_MAX = 40;
export const LASTNAME_MAX = 40;
export const CITY_MAX = 60;
export const COUNTRY_MAX = 60;
export const INTRODUCTION_MAX = 500;
/** A short introduction counts towards completeness from this many characters. */
export const INTRODUCTION_MIN = 20;
export const HOBBIES_MAX = 12;

export const ProfileText = {
  badBirthday: 'Please enter a valid date of birth.',
  underAge: `You must be at least ${PROFILE_MIN_AGE} years old to use Glimmer.`,
  badHobby: 'Please choose your hobbies from the list.',
  notAMember: 'This member does not exist.',
  saved: 'Your profile is saved.',
  photoSaved: 'Your profile photo is updated.',
  completeTitle: 'Profile Completeness',
  completeDialog:
    'Complete your profile: broadcasters reply more to members with a photo and a few words about themselves.',
  emailDialog: 'Verify your login email: a verified email keeps your account safe and lets you recover it.',
  emailSent: 'We sent you a link. Open it to verify your email.',
} as const;

/** Whom he lives with (ours; 0 not said). */
export const LIVING = [
  { id: 1, name: 'Alone' },
  { id: 2, name: 'With family' },
  { id: 3, name: 'With roommates' },
  { id: 4, name: 'With children' },
] as const;
/** Marital status (ours; 0 not said). */
export const MARRY = [
  { id: 1, name: 'Never married' },
  { id: 2, name: 'Divorced' },
  { id: 3, name: 'Widowed' },
  { id: 4, name: 'Separated' },
] as const;

/** The wizard's steps, in order: finishing step i sets `step` to at least i + 1. */
export const PROFILE_STEPS = ['basics', 'about', 'photo'] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];
export const PROFILE_STEP_DONE = PROFILE_STEPS.length;

/** What he fills in (the wizard and the account page). */
export interface ProfileFields {
  firstname: string;
  lastname: string;
  /** YYYY-MM-DD, or '' when not given. */
  birthday: string;
  country: string;
  city: string;
  living: number;
  marry: number;
  introduction: string;
  hobbies: InterestId[];
  /** His photo's URL ('' when none). */
  photourl: string;
}

/**
 * Profile Completeness weights (percent; they sum to 100): the photo and the introduction matter
 * most to a broadcaster deciding whether to answer, so they weigh most.
 */
export const PROFILE_WEIGHTS = {
  photourl: 20,
  firstname: 10,
  lastname: 5,
  birthday: 10,
  country: 5,
  city: 5,
  living: 5,
  marry: 10,
  introduction: 20,
  hobbies: 10,
} as const satisfies Record<keyof ProfileFields, number>;

const filled: { [K in keyof ProfileFields]: (v: ProfileFields[K]) => boolean } = {
  photourl: (v) => v !== '',
  firstname: (v) => v.trim() !== '',
  lastname: (v) => v.trim() !== '',
  birthday: (v) => v !== '',
  country: (v) => v.trim() !== '',
  city: (v) => v.trim() !== '',
  living: (v) => v > 0,
  marry: (v) => v > 0,
  introduction: (v) => v.trim().length >= INTRODUCTION_MIN,
  hobbies: (v) => v.length > 0,
};

/** man_profile_val: the weights of the fields he filled, 0..100. */
export function profileCompleteness(p: ProfileFields): number {
  let sum = 0;
  for (const key of Object.keys(PROFILE_WEIGHTS) as (keyof ProfileFields)[]) {
    if ((filled[key] as (v: unknown) => boolean)(p[key])) sum += PROFILE_WEIGHTS[key];
  }
  return sum;
}

/** The fields still worth filling, heaviest first (the completeness page's to-do list). */
export function missingFields(p: ProfileFields): (keyof ProfileFields)[] {
  return (Object.keys(PROFILE_WEIGHTS) as (keyof ProfileFields)[])
    .filter((key) => !(filled[key] as (v: unknown) => boolean)(p[key]))
    .sort((a, b) => PROFILE_WEIGHTS[b] - PROFILE_WEIGHTS[a]);
}

/** Whole years between a YYYY-MM-DD birthday and `now`; undefined when it is not a real date. */
export function ageOn(birthday: string, now: Date): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return undefined;
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < mo || (now.getUTCMonth() + 1 === mo && now.getUTCDate() < d)) age -= 1;
  return age;
}

/** The birthday's refusal, or undefined when it may be saved ('' clears it). */
export function birthdayErrno(birthday: string, now: Date): number | undefined {
  if (birthday === '') return undefined;
  const age = ageOn(birthday, now);
  if (age === undefined || age < 0 || age > PROFILE_MAX_AGE) return ProfileErrno.BAD_BIRTHDAY;
  if (age < PROFILE_MIN_AGE) return ProfileErrno.UNDER_AGE;
  return undefined;
}

/** The profile fields of /nx/api/User/getUserInfo (spec 002 §3 "Profile", "Other"). */
export interface OwnProfileFields {
  submitdate: string;
  firstname: string;
  lastname: string;
  birthday: string;
  living: number;
  marry: number;
  city: string;
  step: number;
  /** 'Y' when verified, else 'N'. */
  email_verified: 'Y' | 'N';
  email: string;
  man_profile_val: number;
  qpid_seal: { v_phone: Flag };
  leftStampsNum: number;
  leftChatminPackage: number;
}

/** POST /user/getMemberProfile (and saveMemberProfile, uploadMemberPhoto). */
export interface MemberProfileData extends ProfileFields {
  userid: string;
  nickname: string;
  age: number;
  step: number;
  submitdate: string;
  email: string;
  email_verified: 'Y' | 'N';
  man_profile_val: number;
  qpid_seal: { v_phone: Flag };
}

/** POST /user/getMemberProfileOther: the safe fields only. */
export interface MemberProfileOther {
  userid: string;
  nickname: string;
  photourl: string;
  /** 1: he hides his profile; only the card above is given. */
  profile_hidden: Flag;
  age?: number;
  country?: string;
  city?: string;
  marry?: number;
  introduction?: string;
  hobbies?: InterestId[];
}
