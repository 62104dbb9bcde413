import { describe, expect, it } from 'vitest';
import {
  billingFailureText,
  errorMessage,
  fieldErrorsText,
  googleSignInFailureText,
  isAlreadyConfirmedError,
  isAlreadyRegisteredError,
  isSuccessMessage,
  isUnauthenticatedError,
  ONBOARDING_CHECK_FALLBACK,
  otherSignedInAccount,
  signInFailureText,
} from './messages';

describe('fieldErrorsText [product: MSG-SIGNUP-3, MSG-SIGNUP-4]', () => {
  it.each([
    [
      { email: ['Please enter a valid email address.'] },
      undefined,
      'email: Please enter a valid email address.',
    ],
    [
      { name: ['Too short.', 'Too plain.'], plan: ['Unknown plan.'] },
      undefined,
      'name: Too short., Too plain.\nplan: Unknown plan.',
    ],
    [{}, undefined, 'Please check the form and try again.'],
    [{ email: [] }, undefined, 'Please check the form and try again.'],
    [undefined, ONBOARDING_CHECK_FALLBACK, 'Please check the fields and try again.'],
  ])('%j -> %j', (errors, fallback, text) => {
    expect(fieldErrorsText(errors, fallback)).toBe(text);
  });
});

describe('isAlreadyRegisteredError [product: SIGNUP-11]', () => {
  it.each([
    ['User already registered', true],
    ['A user with this email address has already been registered', false],
    ['Account already exists', true],
    ['Invalid password', false],
    [null, false],
  ])('%j: %s', (message, expected) => {
    expect(isAlreadyRegisteredError(message)).toBe(expected);
  });
});

describe('signInFailureText [product: MSG-SIGNIN-1, MSG-SIGNIN-2]', () => {
  it.each([
    ['Email not confirmed', 'Email not confirmed yet. Please check your inbox or resend the link.'],
    ['Invalid login credentials', 'Invalid login credentials'],
    ['', 'Sign in failed'],
    [undefined, 'Sign in failed'],
  ])('%j -> %s', (message, text) => {
    expect(signInFailureText(message)).toBe(text);
  });
});

describe('errorMessage', () => {
  it.each([
    [new Error('Invalid login credentials'), 'Invalid login credentials'],
    [{ message: 'Rate limit exceeded' }, 'Rate limit exceeded'],
    [new Error(''), null],
    [new Error('   '), null],
    [{ message: 42 }, null],
    [{ status: 500 }, null],
    ['Network down', null],
    [null, null],
  ])('%j -> %j', (error, message) => {
    expect(errorMessage(error)).toBe(message);
  });
});

describe('googleSignInFailureText [product: MSG-SIGNIN-4, MSG-SIGNIN-5]', () => {
  it.each([
    ['Unsupported provider', true, 'Login error: Unsupported provider'],
    ['Failed to fetch', false, 'Login error: Failed to fetch'],
    [null, true, 'Login error: Supabase sign-in failed'],
    ['', false, 'Login error: Unexpected error during sign-in'],
  ])('%j (refused by the auth service: %s) -> %s', (message, refused, text) => {
    expect(googleSignInFailureText(message, refused)).toBe(text);
  });
});

describe('isAlreadyConfirmedError [product: MSG-RESEND-2]', () => {
  it.each([
    ['Email address already confirmed', true],
    ['This email is Already Verified', true],
    ['Email not confirmed', false],
    ['For security purposes, you can only request this after 60 seconds.', false],
    [null, false],
  ])('%j: %s', (message, expected) => {
    expect(isAlreadyConfirmedError(message)).toBe(expected);
  });
});

describe('otherSignedInAccount [product: MSG-SIGNIN-3]', () => {
  it.each([
    [null, 'casey@example.com', null],
    [undefined, 'casey@example.com', null],
    ['', 'casey@example.com', null],
    ['casey@example.com', ' Casey@Example.COM ', null],
    [' Casey@example.com', 'casey@example.com', null],
    ['alex@example.com', 'casey@example.com', 'alex@example.com'],
  ])('signed in as %j, %j typed: %j', (current, requested, expected) => {
    expect(otherSignedInAccount(current, requested)).toBe(expected);
  });
});

describe('isSuccessMessage [product: SET-7]', () => {
  it.each([
    ['Settings saved successfully!', true],
    ['Failed to save settings. Please try again.', false],
    ['', false],
  ])('%j: %s', (message, green) => {
    expect(isSuccessMessage(message)).toBe(green);
  });
});

describe('a call refused for want of a session [product: MSG-PRICING-1]', () => {
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

describe('billingFailureText [product: MSG-BILL-7]', () => {
  const FALLBACK = 'Cancellation failed. Please try again or contact support.';
  it.each([
    [
      { status: 429, message: 'Too many requests. Please try again in 42 seconds.' },
      'Too many requests. Please try again in 42 seconds.',
    ],
    [{ status: 429, message: '' }, 'Too many requests. Please try again in a minute.'],
    [{ status: 429 }, 'Too many requests. Please try again in a minute.'],
    [{ status: 502, message: 'The payment provider could not be reached.' }, FALLBACK],
    [new Error('Failed to fetch'), FALLBACK],
    [null, FALLBACK],
  ])('says %j as %j', (error, text) => {
    expect(billingFailureText(error, FALLBACK)).toBe(text);
  });
});
