import type { ApiErrorCode } from '../../contract/errors';

/**
 * An error whose status, code and message are meant for the caller. The error handler shows the message
 * only because the status is below 500; anything else thrown becomes a bare 500.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode | (string & {}),
    message: string,
    readonly errors?: Record<string, string[]>,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

export const unauthenticated = () => new HttpError(401, 'unauthenticated', 'Not authenticated');
export const forbidden = (message = 'You do not have access to this.') =>
  new HttpError(403, 'forbidden', message);
export const csrfFailed = (reason: string) => new HttpError(403, 'csrf_failed', `Request blocked: ${reason}`);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
