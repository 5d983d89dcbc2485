/**
 * Joining and keeping an account (issue 27; the spec shows no sign-up, so every call here is ours):
 * sign-up with a proof-of-work, email verification and password reset by signed, expiring,
 * single-use links, and the account's security page (password, devices, data, deletion).
 * Schemas: protocol/account/account-schemas.ts. Rules for passwords: protocol/account/passwords.ts.
 */

export const AccountApi = {
  /** A signed proof-of-work challenge for one sign-up (auth none). */
  signupChallenge: '/user/signupChallenge',
  /** Creates a member and signs him in (auth none). */
  register: '/user/register',
  /** Sends (again) the link that verifies his email (signed in). */
  sendVerifyEmail: '/user/sendVerifyEmail',
  /** A verification (or change-of-email) link's token: the email is his and verified (auth none). */
  confirmEmail: '/user/confirmEmail',
  /** Mails a reset link when the email is a member's; answers alike either way (auth none). */
  requestPasswordReset: '/user/requestPasswordReset',
  /** A reset link's token and the new password; ends every session of his (auth none). */
  resetPassword: '/user/resetPassword',
  /** Mails a link to the new address; it replaces the old one once confirmed (signed in). */
  changeEmail: '/user/changeEmail',
  /** The security page: his email and its state, his signed-in devices. */
  getAccount: '/user/getAccount',
  changePassword: '/user/changePassword',
  /** Ends every session of his, this one too. */
  signOutEverywhere: '/user/signOutEverywhere',
  /** Ends one of his other sessions (a device in the list). */
  endSession: '/user/endSession',
  /** What Glimmer holds about him, as one JSON document. */
  exportData: '/user/exportData',
  deleteAccount: '/user/deleteAccount',
} as const;

export { AccountPages, EMAIL_MAX_LENGTH } from './pages';

/** The local mail outbox page (a development page, like the SMS outbox). */
export const MAIL_OUTBOX_PATH = '/dev/mail-outbox';

export const PASSWORD_MIN_LENGTH = 8;
export const NICKNAME_MAX_LENGTH = 20;
export const SIGNUP_MIN_AGE = 18;

/**
 * Proof-of-work: the client finds a nonce so that SHA-256(`${challenge}:${nonce}`) starts with this
 * many zero bits (2^14 tries on average: a few hundred ms on a phone through crypto.subtle).
 */
export const SIGNUP_POW_BITS = 14;
/** A challenge is good this long, and for one sign-up. */
export const SIGNUP_CHALLENGE_TTL_S = 10 * 60;

/**
 * Sign-up limits, counted in the database (so they hold across processes): accounts created from
 * one address, and with one email domain, within the window.
 */
export const SIGNUP_LIMITS = {
  perAddressHour: 3,
  perAddressDay: 10,
  perDomainHour: 20,
} as const;

/**
 * Public mail services where thousands of people sign up every hour: a per-domain limit there would
 * turn real members away, so only other domains (where a bot farm's own domain shows) are counted.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'zoho.com',
]);

/** How long each link is good. */
export const LINK_TTL_S = {
  verify: 48 * 3600,
  reset: 3600,
  change: 24 * 3600,
} as const;

/** A new link to the same account at most this often, and this many a day. */
export const MAIL_RESEND_S = 60;
export const MAIL_PER_DAY = 5;
/** Reset requests from one address within an hour (whatever the emails). */
export const RESET_PER_ADDRESS_HOUR = 10;

/** Wrong passwords a signed-in member may give (change password or email, delete) in an hour. */
export const PASSWORD_CHECKS_PER_HOUR = 10;

/** Say Hi allowances a new member starts with (vouchers of kind say_hi), good for this many days. */
export const NEW_MEMBER_SAY_HI = 3;
export const NEW_MEMBER_SAY_HI_DAYS = 30;

/** The nickname a deleted account shows wherever his name was. */
export const DELETED_NICKNAME = 'Deleted member';

/**
 * Ours, 10600-10629. A birthday at sign-up answers the profile's codes (10630 not a date, 10631
 * under 18: protocol/profile/profile.ts birthdayErrno), so one rule has one code; 10603 and 10616
 * stay unused.
 */
export const AccountErrno = {
  EMAIL_TAKEN: 10600,
  PASSWORD_TOO_SHORT: 10601,
  PASSWORD_COMMON: 10602,
  PROOF_FAILED: 10604,
  SIGNUP_ADDRESS_LIMIT: 10605,
  LINK_INVALID: 10606,
  LINK_EXPIRED: 10607,
  LINK_USED: 10608,
  MAIL_TOO_SOON: 10609,
  WRONG_PASSWORD: 10610,
  EMAIL_SAME: 10611,
  ALREADY_VERIFIED: 10612,
  NO_EMAIL: 10613,
  SIGNUP_DOMAIN_LIMIT: 10614,
  COUNTRY_UNKNOWN: 10615,
  PASSWORD_LIKE_ACCOUNT: 10617,
} as const;

export const AccountMessages = {
  emailTaken: 'An account with this email already exists. Sign in, or reset your password.',
  passwordTooShort: `Please use at least ${PASSWORD_MIN_LENGTH} characters for your password.`,
  passwordCommon: 'This password is too common and easy to guess. Please choose another.',
  proofFailed: 'The security check did not pass. Please try again.',
  signupAddressLimit: 'Too many accounts were created from your network. Please try again later.',
  signupDomainLimit: 'Too many accounts were created with this email domain. Please try again later.',
  linkInvalid: 'This link is not valid. Please check that you opened the whole link, or ask for a new one.',
  linkExpired: 'This link has expired. Please ask for a new one.',
  linkUsed: 'This link has already been used.',
  mailTooSoon: 'We have just sent you an email. Please wait a little before asking for another.',
  wrongPassword: 'Your password is not correct.',
  emailSame: 'This is already your email address.',
  alreadyVerified: 'Your email is already verified.',
  noEmail: 'Your account has no email address yet. Add one first.',
  countryUnknown: 'Please choose your country from the list.',
  passwordLikeAccount: 'Your password must not be your email or nickname.',
  resetSent: 'If this email belongs to a Glimmer account, we have sent a link to reset its password.',
} as const;

/** What /user/signupChallenge answers. */
export interface SignupChallenge {
  challenge: string;
  bits: number;
  /** Seconds since the epoch. */
  expires: number;
}

/** What /user/register answers (as the login's data, and whether a verification mail went). */
export interface RegisterAnswer {
  userid: string;
  nickname: string;
  email: string;
}

/** One signed-in device of his. */
export interface AccountDevice {
  /** An opaque handle for endSession (not the session id). */
  id: string;
  user_agent: string;
  address: string;
  /** Seconds since the epoch. */
  signed_in: number;
  current: 0 | 1;
}

/** What /user/getAccount answers. */
export interface AccountInfo {
  userid: string;
  nickname: string;
  email: string;
  email_verified: 'Y' | 'N';
  /** An address waiting for its link to be confirmed ('' when none). */
  pending_email: string;
  devices: AccountDevice[];
}
