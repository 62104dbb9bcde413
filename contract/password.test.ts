import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { emailOnlyFormSchema, resetFormSchema, signInFormSchema } from './password';
import { fieldErrors } from './validation';

describe('resetFormSchema', () => {
  it.each([
    ['matching passwords of 8 characters', { password: '12345678', confirmPassword: '12345678' }, null],
    [
      'a 7-character password',
      { password: '1234567', confirmPassword: '1234567' },
      { password: ['Password must be at least 8 characters long.'] },
    ],
    [
      'different entries',
      { password: '12345678', confirmPassword: '12345679' },
      { confirmPassword: ['Passwords do not match.'] },
    ],
    [
      'no confirmation',
      { password: '12345678', confirmPassword: '' },
      { confirmPassword: ['Please confirm your password.'] },
    ],
  ])('%s', (_label, form, errors) => {
    const result = v.safeParse(resetFormSchema, form);
    expect(result.success ? null : fieldErrors(result.issues)).toEqual(errors);
  });

  it('does not trim passwords', () => {
    expect(v.parse(resetFormSchema, { password: ' 1234567', confirmPassword: ' 1234567' }).password).toBe(
      ' 1234567',
    );
  });
});

describe('signInFormSchema', () => {
  it('lowercases and trims the e-mail', () => {
    expect(v.parse(signInFormSchema, { email: ' A@B.CO ', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
  });

  it.each([
    ['no e-mail', { email: '', password: 'x' }, { email: ['Please enter your email to sign in.'] }],
    ['no password', { email: 'a@b.co', password: '' }, { password: ['Please enter your password.'] }],
  ])('reports %s', (_label, form, errors) => {
    expect(fieldErrors(v.safeParse(signInFormSchema, form).issues!)).toEqual(errors);
  });
});

describe('emailOnlyFormSchema', () => {
  it.each([
    ['', 'Please enter your email.'],
    ['nope', 'Please enter a valid email address.'],
  ])('reports %j as %s', (email, message) => {
    expect(fieldErrors(v.safeParse(emailOnlyFormSchema, { email }).issues!)).toEqual({ email: [message] });
  });
});
