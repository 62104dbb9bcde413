import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { apiErrorMessage, apiErrorSchema } from './errors';

describe('apiErrorSchema', () => {
  it.each([
    { message: 'Not authenticated', code: 'unauthenticated' },
    {
      message: 'Please check the form',
      code: 'validation_failed',
      errors: { email: ['Please enter a valid email address.'] },
    },
    { message: 'Conflict', error: 'existing_subscription', extra: true },
  ])('reads %j', (raw) => {
    expect(v.parse(apiErrorSchema, raw)).toEqual(raw);
  });

  it('rejects field errors that are not lists of messages', () => {
    expect(v.safeParse(apiErrorSchema, { message: 'x', errors: { email: 'bad' } }).success).toBe(false);
  });
});

describe('apiErrorMessage', () => {
  it.each([
    ['the message field', { message: 'Nope' }, 'Nope'],
    ['a plain text body', 'Bad gateway from proxy', 'Bad gateway from proxy'],
    ['status and text when the body has no message', { error: 'x' }, '502 Bad Gateway'],
    ['status and text when the message is empty', { message: '' }, '502 Bad Gateway'],
    ['status and text for an empty body', '', '502 Bad Gateway'],
    ['status and text for no body', null, '502 Bad Gateway'],
  ])('uses %s', (_label, body, expected) => {
    expect(apiErrorMessage(body, 502, 'Bad Gateway')).toBe(expected);
  });
});
