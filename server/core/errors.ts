/**
 * The one error type domain code throws: an errno and text from protocol/errors.ts. The HTTP and
 * socket layers turn it into an answer; anything else thrown is a fault and answers SERVER_ERROR.
 */
import { Errno, Messages } from '../../protocol/errors';

export class ApiError extends Error {
  constructor(
    readonly errno: number,
    readonly errmsg: string,
    /** What the answer's data carries with the errno (the spec's 18003 names the room). */
    readonly data?: unknown,
  ) {
    super(errmsg);
    this.name = 'ApiError';
  }
}

export const notFound = () => new ApiError(Errno.NOT_FOUND, Messages.notFound);
export const forbidden = () => new ApiError(Errno.FORBIDDEN, Messages.forbidden);
export const loginTimeout = () => new ApiError(Errno.LOGIN_TIMEOUT, Messages.loginTimeout);
export const invalidParams = (detail?: string) =>
  new ApiError(
    Errno.INVALID_PARAMS,
    detail ? `${Messages.invalidParams} (${detail})` : Messages.invalidParams,
  );
