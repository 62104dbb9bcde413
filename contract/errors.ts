import * as v from 'valibot';
import { objectMessage } from './primitives';

/**
 * Every error the product API answers is JSON `{message, code?, errors?}`; 400/422 carry field errors as
 * `{field: [messages]}`. Older endpoints of the payment flow also say `error: 'existing_subscription'`, so the
 * body stays loose and `error` is read too.
 */

/** Machine-readable codes the server and the SPA agree on. Unknown codes are still accepted when parsing. */
export const API_ERROR_CODES = [
  'unauthenticated',
  'invalid_token',
  'csrf_failed',
  'forbidden',
  'not_found',
  'validation_failed',
  'conflict',
  'existing_subscription',
  'rate_limited',
  /** A money-moving action needs a recent sign-in (step-up): the password again. */
  'reauthentication_required',
  'internal',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const fieldErrorsSchema = v.record(v.string(), v.array(v.string()));
export type FieldErrors = v.InferOutput<typeof fieldErrorsSchema>;

export const apiErrorSchema = v.looseObject(
  {
    message: v.string(),
    code: v.optional(v.string()),
    errors: v.optional(fieldErrorsSchema),
    error: v.optional(v.string()),
  },
  objectMessage('api error'),
);
export type ApiError = v.InferOutput<typeof apiErrorSchema>;

/**
 * The text to show for a failed call [product: MSG-API-1]: the body's `message`, else a plain-text body, else
 * `{status} {statusText}`.
 */
export function apiErrorMessage(body: unknown, status: number, statusText: string): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  if (typeof body === 'string' && body.trim() !== '') return body;
  return `${status} ${statusText}`.trim();
}
