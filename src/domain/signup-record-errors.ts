import * as v from 'valibot';
import { fieldErrorsSchema } from '../../contract/errors';
import { errorMessage, fieldErrorsText, statusOf } from './messages';

/**
 * What a failed call of the signup flow on the product API says [product: MSG-SIGNUP-1, MSG-SIGNUP-3, MSG-SIGNUP-5, SIGNUP-25]: a 400 or 422 its field errors or the form's check text; another answer its message or the fallback;
 * no answer at all (the network) the unexpected-failure text.
 */

export const UNEXPECTED_ERROR = 'Unexpected error, please try again.';

/** The field errors of a 400/422 answer (`{errors: {field: [messages]}}`), if it carries any. */
function fieldErrorsOf(error: unknown) {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : null;
  const errors = typeof data === 'object' && data !== null && 'errors' in data ? data.errors : null;
  const parsed = v.safeParse(fieldErrorsSchema, errors);
  return parsed.success ? parsed.output : null;
}

export interface FailureTexts {
  /** A 400 or 422 without field errors. */
  check: string;
  /** Another answer without a message of its own, or any 5xx (whose message is the server's generic one). */
  answered: string;
  /** No answer: the call never reached the server or its answer never came back. */
  unanswered: string;
}

export function signupRecordFailureText(error: unknown, texts: FailureTexts): string {
  const status = statusOf(error);
  if (status === null) return texts.unanswered;
  if (status === 400 || status === 422) return fieldErrorsText(fieldErrorsOf(error), texts.check);
  if (status >= 500) return texts.answered;
  return errorMessage(error) ?? texts.answered;
}
