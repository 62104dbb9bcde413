import { describe, expect, it } from 'vitest';
import { isUnauthenticatedError } from './pricing';

describe('a pricing action refused for want of a sign-in [product: MSG-PRICING-1]', () => {
  it.each([
    [{ status: 401, message: 'Session expired' }, true],
    [{ status: 403, code: 'unauthenticated' }, true],
    [new Error('Unauthenticated'), true],
    [new Error(' unauthenticated '), true],
    [{ status: 403, message: 'Forbidden' }, false],
    [{ status: 404, message: 'Not found' }, false],
    [new Error('Network down'), false],
    ['Unauthenticated', false],
    [null, false],
  ])('%j -> %s', (error, expected) => {
    expect(isUnauthenticatedError(error)).toBe(expected);
  });
});
