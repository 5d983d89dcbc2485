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
  // ---- One-on-One booking (spec 001 §8). Texts the spec leaves out are ours.
  /** Ours: the broadcaster has no booking privilege (text: the spec's availability message). */
  ANCHOR_NO_BOOKING: 10017,
  /** Spec: booking time outside her timetable or window. */
  BOOK_TIME_UNAVAILABLE: 10035,
  /** Spec: the slot is taken by someone else (same text as 10035). */
  BOOK_SLOT_TAKEN: 10042,
  /** Spec: the member already has a booking (with another broadcaster) at this time. */
  BOOK_MEMBER_BUSY: 10043,
  /** Spec: the member already has a booking with this broadcaster at this time. */
  BOOK_DUPLICATE: 10063,
  /** Spec: phone verified already or taken by another user. */
  PHONE_TAKEN: 10064,
  /** Spec: another code within 30 s. */
  PHONE_TOO_SOON: 10065,
  /** Spec: blocked for 24 hours. */
  PHONE_BLOCKED: 10066,
  /** Spec: the code is wrong or expired. */
  PHONE_CODE_WRONG: 10068,
  /** Spec (server message shown): the gift or its quantity is not offered. */
  BOOK_GIFT_INVALID: 13009,
  /** Spec (server message shown): SMS asked for without a verified phone. */
  BOOK_PHONE_UNVERIFIED: 17003,
  /** Broadcaster side (spec 001 §8). */
  INVITE_QUOTA: 16134,
  INVITE_NOT_IN_TIMETABLE: 16135,
  INVITE_ANCHOR_BUSY: 16138,
  INVITE_MEMBER_BUSY: 16139,
  INVITE_UNVERIFIED: 16191,
  /** Spec (server message shown): no booking authority. */
  INVITE_NO_AUTHORITY: 16606,
  /** Spec (server message shown): the viewer cannot receive One-on-One invitations. */
  INVITE_MEMBER_NO_PRIV: 17007,
  /** Spec: insufficient credits. */
  NO_CREDIT: 10025,
  /** Spec: maintenance; the client sends the whole site to the maintenance page. */
  MAINTENANCE: 21000,
  /** Ours: an unexpected server fault (never a stack trace). */
  SERVER_ERROR: 10500,
  /** Client-side only: the call took longer than REQUEST_TIMEOUT_MS (spec: status 408). */
  TIMEOUT: 408,
  /** Ours: too many failed logins locked the account (for the window, or until unlocked by code). */
  ACCOUNT_LOCKED: 10018,
  /** Ours: the account is suspended (account_status 3). */
  ACCOUNT_SUSPENDED: 10019,
  /** Ours: a state-changing call from a page of another origin. */
  CROSS_SITE: 10020,
  /** Ours: an operator call by an account that is not an operator. */
  NOT_OPERATOR: 10021,
  // ---- Web Push (ours).
  /** Ours: the push endpoint is not https or not at a known push service. */
  PUSH_ENDPOINT_REFUSED: 10090,
  /** Ours: the endpoint belongs to another account and the keys sent are not its keys. */
  PUSH_ENDPOINT_TAKEN: 10091,
  /** Ours: the room asked for is not on (she is not live, or has just ended). */
  ANCHOR_NOT_LIVE: 10095,
  /** Ours: the live connection named is not the caller's or has closed. */
  LIVE_CONNECTION_GONE: 10096,
  /** Ours: the face-ID check could not start (StartIdentify's result 0), or is needed first. */
  FACE_ID_FAILED: 10098,
  FACE_ID_REQUIRED: 10099,
} as const;
export type ErrnoCode = (typeof Errno)[keyof typeof Errno];

export const Messages = {
  invalidParams: 'Some of the information sent is missing or not valid.',
  loginTimeout:
    'Your login has timed out. Please log in again in the new window then return to the current window to continue.',
  authorizationExpired: 'Your authorization has expired. Please login again.',
  wrongCredentials: 'Login ID or Password is incorrect.',
  tooManyLogins: 'Too many failed attempts. Please try again in 15 minutes.',
  accountLocked: 'Too many failed attempts: this account is locked for 15 minutes.',
  unlockCodeWrong: 'The unlock code you entered is incorrect or has expired.',
  accountSuspended: 'This account has been suspended. Please contact support.',
  crossSite: 'This request came from another website and was refused.',
  unlockCodeSent: 'If this account has a verified phone, a code is on its way to it.',
  unlocked: 'Your account is unlocked. You can sign in now.',
  notFound: 'The item you asked for does not exist.',
  forbidden: 'This action is not available for your account.',
  unknownPath: 'This address is not part of the Glimmer API.',
  maintenance: 'Glimmer is under maintenance. Please come back soon.',
  serverError: 'Something went wrong on our side. Please try again later.',
  timeout: 'Trouble connecting to the server, please try again later.',
  badNetwork: 'Trouble connecting to the server. Please try again later.',
  /** Ours: the device has no network at all (navigator.onLine), said instead of the two above. */
  offline: 'You are offline.',
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
  // Booking (spec 001 §8 verbatim where the spec gives the text).
  anchorNoBooking:
    'Sorry, the broadcaster is not available to receive One-on-One booking requests at the moment.',
  ladyNoBooking: "Sorry, you don't have the authority to send One-on-One booking requests.",
  noSchedule: 'Sorry, this broadcaster does not offer a booking schedule at the moment.',
  noScheduleDay: 'The broadcaster does not offer a booking schedule for this day.',
  bookTimeUnavailable: 'The broadcaster is not available at this time. Please select another time.',
  bookMemberBusy: 'You already have a scheduled at this time, please select another time.',
  /** The spec shows only the start of this text; the rest is ours. */
  bookDuplicate: 'You already have a booking with this broadcaster at this time, please select another time.',
  bookGiftInvalid: 'This gift is not available with a booking. Please choose another gift.',
  bookPhoneUnverified: 'please send verify code success first',
  bookRequestFailed: 'Request could not be sent. Please try again later.',
  bookRequestSent: 'Request successfully sent!',
  phoneTaken: 'This phone number has been verified or been taken by other user, please try another number.',
  phoneTooSoon: 'Too many attempts. Please re-try 30 seconds later.',
  phoneBlocked: 'Too many attempts. This phone number is blocked for 24 hours.',
  phoneCodeWrong: 'The verification code you entered is incorrect or has expired.',
  phoneSendFailed: 'Failed to send the verification code.',
  phoneSubmitFailed: 'Failed to connect to the verification server. Please try again later.',
  phoneInvalid: 'Please enter a valid phone number.',
  phoneNoCountry: 'Please select your country code.',
  phoneNoCode: 'Please enter your verification code.',
  inviteQuota: 'You have used up your scheduled invitations for today. Please try again tomorrow.',
  inviteNotInTimetable: 'This time is not in your timetable. Please select another time.',
  inviteAnchorBusy: 'You already have a booking at this time. Please select another time.',
  inviteMemberBusy: 'The viewer is not available at this time. Please select another time.',
  inviteUnverified: 'Please complete your identity verification before sending scheduled invitations.',
  inviteMemberNoPriv: 'This viewer cannot receive One-on-One invitations at the moment.',
  inviteFailed: 'Your invitation could not be sent. Please try again later.',
  invalidAnchorId: "Please enter a valid broadcaster's ID",
  // Web Push.
  pushEndpointRefused:
    'This browser uses a push service Glimmer does not know, so alerts cannot be turned on here.',
  pushEndpointTaken: 'This alert subscription belongs to another browser, so it cannot be moved here.',
} as const;

/** The answer to a login attempt made before the account's or the address's wait is over. */
export const loginWaitText = (seconds: number) =>
  `Too many failed attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
