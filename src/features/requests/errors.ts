/**
 * A failed request call as the member sees it: the server's errmsg (its texts live in
 * protocol/errors.ts), the protocol's text for the errno when the answer carried none, and the
 * 'Add credits' link for insufficient credits.
 */
import { Errno, Messages } from '../../../protocol/errors';
import { ApiError } from '../../api/client';

export interface RequestError {
  errno: number;
  message: string;
  /** 10025: the alert links to the configured add-credit page. */
  addCredits: boolean;
}

/** The codes the request calls answer, with the protocol's text for each. */
export const REQUEST_ERRNO_TEXT: Readonly<Record<number, string>> = {
  [Errno.INVALID_PARAMS]: Messages.invalidParams,
  [Errno.NOT_FOUND]: Messages.notFound,
  [Errno.FORBIDDEN]: Messages.forbidden,
  [Errno.NO_PRIVILEGE]: Messages.noPrivilege,
  [Errno.ANCHOR_OFFLINE]: Messages.anchorOffline,
  [Errno.ANCHOR_NO_ONEONONE]: Messages.anchorNoOneOnOne,
  [Errno.ANCHOR_NO_HANGOUT]: Messages.anchorNoHangout,
  [Errno.REQUEST_CLOSED]: Messages.requestClosed,
  [Errno.REQUEST_PENDING]: Messages.requestPending,
  [Errno.BOOKING_UNAVAILABLE]: Messages.bookingUnavailable,
  [Errno.NO_CREDIT]: Messages.noCredit,
  [Errno.SERVER_ERROR]: Messages.serverError,
  [Errno.TIMEOUT]: Messages.timeout,
};

export function requestErrorOf(error: unknown): RequestError {
  if (!(error instanceof ApiError)) {
    return { errno: Errno.SERVER_ERROR, message: Messages.serverError, addCredits: false };
  }
  return {
    errno: error.errno,
    message: error.message || REQUEST_ERRNO_TEXT[error.errno] || Messages.serverError,
    addCredits: error.errno === Errno.NO_CREDIT,
  };
}
