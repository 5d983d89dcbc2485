/**
 * The errno catalogue: every code the server answers and every text the client shows for one.
 * Codes and texts from the spec are verbatim; codes of our own sit in gaps the spec leaves.
 */
export const Errno = {
  OK: 0,
  /** Ours: a payload failed its schema. */
  INVALID_PARAMS: 10001,
  /** Spec: login timed out (no or expired session). */
  LOGIN_TIMEOUT: 10002,
  /** Spec: login timed out (socket token invalid or expired). */
  TOKEN_EXPIRED: 10004,
  /** Ours: wrong user id or password. */
  WRONG_CREDENTIALS: 10005,
  /** Ours: too many failed logins. */
  TOO_MANY_LOGINS: 10006,
  /** Ours: the id named does not exist. */
  NOT_FOUND: 10007,
  /** Ours: the caller's role may not use this call. */
  FORBIDDEN: 10008,
  /** Ours: no such API path. */
  UNKNOWN_PATH: 10009,
  /** Ours: the caller lacks the privilege this needs (oneonone, hangout). */
  NO_PRIVILEGE: 10010,
  /** Ours: the broadcaster is offline. */
  ANCHOR_OFFLINE: 10011,
  /** Ours: the broadcaster does not take One-on-One requests. */
  ANCHOR_NO_ONEONONE: 10012,
  /** Ours: the broadcaster does not take hang-out requests. */
  ANCHOR_NO_HANGOUT: 10013,
  /** Ours: the request or invitation was already answered, cancelled or has expired. */
  REQUEST_CLOSED: 10014,
  /** Ours: the member already has an open request to this broadcaster. */
  REQUEST_PENDING: 10015,
  /** Ours: scheduled booking (sendBookingRequest with book_time) is not available yet. */
  BOOKING_UNAVAILABLE: 10016,
  /** Spec: insufficient credits. */
  NO_CREDIT: 10025,
  /** Spec: maintenance; the client sends the whole site to the maintenance page. */
  MAINTENANCE: 21000,
  /** Ours: an unexpected server fault (never a stack trace). */
  SERVER_ERROR: 10500,
  /** Client-side only: the call took longer than REQUEST_TIMEOUT_MS (spec: status 408). */
  TIMEOUT: 408,
} as const;
export type ErrnoCode = (typeof Errno)[keyof typeof Errno];

export const Messages = {
  invalidParams: 'Some of the information sent is missing or not valid.',
  loginTimeout:
    'Your login has timed out. Please log in again in the new window then return to the current window to continue.',
  authorizationExpired: 'Your authorization has expired. Please login again.',
  wrongCredentials: 'Login ID or Password is incorrect.',
  tooManyLogins: 'Too many failed attempts. Please try again in 15 minutes.',
  notFound: 'The item you asked for does not exist.',
  forbidden: 'This action is not available for your account.',
  unknownPath: 'This address is not part of the Glimmer API.',
  maintenance: 'Glimmer is under maintenance. Please come back soon.',
  serverError: 'Something went wrong on our side. Please try again later.',
  timeout: 'Trouble connecting to the server, please try again later.',
  badNetwork: 'Trouble connecting to the server. Please try again later.',
  loadingTrouble:
    'There seems to be some trouble connection to the server. Please check and try again later.',
  kickoff: 'You have been signed out due to your account has signed in from an other device.',
  profileGone: 'This profile does not exist, or it has been deleted or suspended.',
  noCredit: 'You have insufficient credits.',
  noPrivilege: 'This feature is not available for your account.',
  anchorOffline: 'The broadcaster is offline now. Please try again later.',
  anchorNoOneOnOne: 'Sorry, the broadcaster is not available to receive One-on-One requests at the moment.',
  anchorNoHangout: 'Sorry, the broadcaster is not available for a hang-out at the moment.',
  requestClosed: 'This request has already been answered, cancelled or has expired.',
  requestPending: 'You have already sent a request to this broadcaster. Please wait for her answer.',
  bookingUnavailable: 'Booking a scheduled One-on-One is not available yet. Please try again later.',
} as const;
