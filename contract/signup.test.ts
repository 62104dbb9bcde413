import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  onboardingFormSchema,
  pendingOnboardingSchema,
  signupCreateFromForm,
  signupCreateSchema,
  signupFormSchema,
  signupLookupQuerySchema,
  signupLookupResponseSchema,
  signupSchema,
  signupsFromLookup,
} from './signup';
import { fieldErrors } from './validation';

const record = {
  id: 'sg_1',
  name: 'Casey',
  email: 'casey@example.com',
  company: null,
  company_size: null,
  plan: 'pro',
  interval: 'annual',
  normalized_email: 'casey@example.com',
  created_date: '2026-01-05T10:00:00Z',
};

describe('signupCreateSchema', () => {
  it.each([
    ['  Casey@Example.COM ', 'casey@example.com'],
    ['BOB@X.IO', 'bob@x.io'],
  ])('trims and lowercases %j and recomputes normalized_email', (email, expected) => {
    const parsed = v.parse(signupCreateSchema, {
      name: ' Casey ',
      email,
      normalized_email: 'something-else@example.com',
      plan: 'pro',
      interval: 'annual',
    });
    expect(parsed).toEqual({
      name: 'Casey',
      email: expected,
      normalized_email: expected,
      company: null,
      company_size: null,
      plan: 'pro',
      interval: 'annual',
    });
  });

  it('defaults the plan to starter and the interval to monthly', () => {
    expect(v.parse(signupCreateSchema, { name: 'A', email: 'a@b.co' })).toMatchObject({
      plan: 'starter',
      interval: 'monthly',
    });
  });

  it.each([
    ['empty company', { company: '' }, { company: null }],
    ['empty company size', { company_size: '' }, { company_size: null }],
    [
      'a company and size',
      { company: ' Acme ', company_size: '11-50' },
      { company: 'Acme', company_size: '11-50' },
    ],
  ])('stores %s', (_label, extra, expected) => {
    expect(v.parse(signupCreateSchema, { name: 'A', email: 'a@b.co', ...extra })).toMatchObject(expected);
  });

  it('refuses fields the record does not have, naming them (a closed contract)', () => {
    const result = v.safeParse(signupCreateSchema, { name: 'A', email: 'a@b.co', created_by: 'someone' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues ?? [])).toEqual({
      created_by: ['created_by is not a field of the signup.'],
    });
  });

  it.each([
    ['missing name', { email: 'a@b.co' }, { name: ['name is required.'] }],
    ['blank name', { name: '   ', email: 'a@b.co' }, { name: ['Please enter your full name.'] }],
    ['bad email', { name: 'A', email: 'not-an-email' }, { email: ['Please enter a valid email address.'] }],
    ['empty email', { name: 'A', email: '  ' }, { email: ['Please enter your email.'] }],
    [
      'unknown plan',
      { name: 'A', email: 'a@b.co', plan: 'gold' },
      { plan: ['Plan must be one of: starter, pro, business.'] },
    ],
    [
      'unknown interval',
      { name: 'A', email: 'a@b.co', interval: 'weekly' },
      { interval: ['Interval must be monthly or annual.'] },
    ],
    [
      'unknown company size',
      { name: 'A', email: 'a@b.co', company_size: '1000+' },
      { company_size: ['Company size must be one of: 1-10, 11-50, 51-200, 201-500, 500+.'] },
    ],
  ])('rejects %s with a clear message', (_label, body, errors) => {
    const result = v.safeParse(signupCreateSchema, body);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues!)).toEqual(errors);
  });
});

describe('signup lookup', () => {
  it.each([
    ['an array', [record], 1],
    ['an empty array', [], 0],
    ['an object with a signup record', { signup: record }, 1],
    ['an object with a list', { signup: [record, record] }, 2],
    ['an object with null', { signup: null }, 0],
    ['an object without the field', { ok: true }, 0],
  ])('normalises %s to a list', (_label, body, count) => {
    const list = signupsFromLookup(v.parse(signupLookupResponseSchema, body));
    expect(list).toHaveLength(count);
    for (const signup of list) expect(signup.email).toBe('casey@example.com');
  });

  it('keeps extra fields of a record', () => {
    expect(v.parse(signupSchema, { ...record, source: 'beta' })).toMatchObject({ source: 'beta' });
  });

  it('rejects an answer that is neither shape', () => {
    const result = v.safeParse(signupLookupResponseSchema, 'nope');
    expect(result.issues![0]!.message).toBe('Expected a list of signups or an object with a signup field.');
  });

  it('lowercases the query e-mail and treats a missing one as empty', () => {
    expect(v.parse(signupLookupQuerySchema, { email: ' A@B.CO ' })).toEqual({ email: 'a@b.co' });
    expect(v.parse(signupLookupQuerySchema, {})).toEqual({ email: '' });
  });
});

const form = {
  fullName: 'Casey Customer',
  email: ' Casey@Example.com',
  password: 'longenough',
  confirmPassword: 'longenough',
  company: 'Acme',
  companySize: '',
  plan: 'business',
  interval: 'monthly',
};

describe('signupFormSchema', () => {
  it('accepts a complete form and turns it into a signup record', () => {
    const parsed = v.parse(signupFormSchema, form);
    expect(signupCreateFromForm(parsed)).toEqual({
      name: 'Casey Customer',
      email: 'casey@example.com',
      normalized_email: 'casey@example.com',
      company: 'Acme',
      company_size: null,
      plan: 'business',
      interval: 'monthly',
    });
  });

  it.each([
    [
      'a short password',
      { password: 'short', confirmPassword: 'short' },
      { password: ['Password must be at least 8 characters long.'] },
    ],
    [
      'different passwords',
      { confirmPassword: 'different1' },
      { confirmPassword: ['Passwords do not match.'] },
    ],
    ['no confirmation', { confirmPassword: '' }, { confirmPassword: ['Please confirm your password.'] }],
    ['no company', { company: ' ' }, { company: ['Please enter your company name.'] }],
    ['no name', { fullName: '' }, { fullName: ['Please enter your full name.'] }],
  ])('reports %s', (_label, change, errors) => {
    const result = v.safeParse(signupFormSchema, { ...form, ...change });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues!)).toEqual(errors);
  });
});

describe('onboardingFormSchema', () => {
  it('trims the name and lowercases the session e-mail', () => {
    expect(v.parse(onboardingFormSchema, { name: '  Casey ', email: 'CASEY@EXAMPLE.COM' })).toEqual({
      name: 'Casey',
      email: 'casey@example.com',
      company: null,
      company_size: null,
      plan: 'starter',
      interval: 'monthly',
    });
  });

  it('requires a name', () => {
    const result = v.safeParse(onboardingFormSchema, { name: ' ', email: 'a@b.co' });
    expect(fieldErrors(result.issues!)).toEqual({ name: ['Please enter your full name.'] });
  });
});

describe('pendingOnboardingSchema', () => {
  it('replaces each unreadable stored field with its default instead of failing', () => {
    expect(
      v.parse(pendingOnboardingSchema, { plan: 'gold', interval: 'annual', name: 7, company_size: 'huge' }),
    ).toEqual({
      plan: 'starter',
      interval: 'annual',
      name: '',
      company: '',
      company_size: null,
    });
  });
});
