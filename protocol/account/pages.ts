/**
 * The account's pages and the one limit the login page shares with them: apart from account.ts so
 * the login page and the entry, which load first, carry none of sign-up's texts and rules.
 */
/** The pages the links and the login page point at. */
export const AccountPages = {
  /** Top-level, like the login page (not a hash route: it loads without the app shell). */
  signup: '/user/signup',
  /** Hash routes outside the member guard: the link works signed out. */
  verifyEmail: '/account/verify-email',
  resetPassword: '/account/reset-password',
  forgotPassword: '/account/forgot-password',
  /** Inside the shell (signed in). */
  security: '/account/security',
} as const;

export const EMAIL_MAX_LENGTH = 254;
