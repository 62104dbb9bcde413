import { errorMessage } from './messages';

/**
 * Whether a pricing action failed because nobody is signed in [product: MSG-PRICING-1]: an answer of status 401,
 * the product API's code `unauthenticated`, or the message 'Unauthenticated'.
 */
export function isUnauthenticatedError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('status' in error && error.status === 401) return true;
  if ('code' in error && error.code === 'unauthenticated') return true;
  return errorMessage(error)?.trim().toLowerCase() === 'unauthenticated';
}
