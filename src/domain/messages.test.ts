import { describe, expect, it } from 'vitest';
import {
  fieldErrorsText,
  isAlreadyRegisteredError,
  isSuccessMessage,
  ONBOARDING_CHECK_FALLBACK,
  signInFailureText,
} from './messages';

describe('fieldErrorsText', () => {
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

describe('isAlreadyRegisteredError', () => {
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

describe('signInFailureText', () => {
  it.each([
    ['Email not confirmed', 'Email not confirmed yet. Please check your inbox or resend the link.'],
    ['Invalid login credentials', 'Invalid login credentials'],
    ['', 'Sign in failed'],
    [undefined, 'Sign in failed'],
  ])('%j -> %s', (message, text) => {
    expect(signInFailureText(message)).toBe(text);
  });
});

describe('isSuccessMessage', () => {
  it.each([
    ['Settings saved successfully!', true],
    ['Failed to save settings. Please try again.', false],
    ['', false],
  ])('%j: %s', (message, green) => {
    expect(isSuccessMessage(message)).toBe(green);
  });
});
