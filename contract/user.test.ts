import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from './settings';
import { currentUserSchema, currentUserWithFlagsSchema, profileFormSchema, userUpdateSchema } from './user';
import { fieldErrors, parseOrThrow } from './validation';

const wireUser = {
  id: '7c1e',
  email: 'customer@example.com',
  full_name: 'Casey Customer',
  role: 'user',
  company: 'Acme',
  bio: null,
  phone: null,
  location: 'Berlin',
  created_at: '2026-01-05T10:00:00.000Z',
  user_metadata: { full_name: 'Casey Customer' },
  subscription_id: null,
  subscription_status: null,
  plan: null,
  billing_interval: null,
  trial_ends_at: null,
  settings: { theme: 'dark' },
};

describe('currentUserSchema', () => {
  it('parses the WIRE.md user and completes its settings with the defaults', () => {
    const user = v.parse(currentUserSchema, wireUser);
    expect(user.email).toBe('customer@example.com');
    expect(user.settings).toEqual({ ...defaultSettings, theme: 'dark' });
  });

  it.each([
    ['absent', {}],
    ['null', { settings: null }],
  ])('gives default settings when settings are %s', (_label, extra) => {
    const user = v.parse(currentUserSchema, { id: '1', email: 'a@b.co', ...extra });
    expect(user.settings).toEqual(defaultSettings);
  });

  it('accepts every alternative field name [product: DATA-1, DATA-2, DATA-4] and keeps unknown fields', () => {
    const raw = {
      id: '1',
      email: 'a@b.co',
      name: 'Alt Name',
      created_date: 1767607200,
      createdAt: '2026-01-05',
      created: 1767607200000,
      organization_name: 'Org A',
      org_name: 'Org B',
      organization: { name: 'Org C', extra: 1 },
      org: { name: 'Org D' },
      profile: { company: 'Org E' },
      signup: { company: 'Org F' },
      app_metadata: { full_name: 'App Name', provider: 'email' },
      favourite_colour: 'teal',
    };
    const user = v.parse(currentUserSchema, raw);
    expect(user).toMatchObject(raw);
  });

  it.each([
    ['missing', undefined, 'user'],
    ['admin', 'admin', 'admin'],
    ['unknown', 'superuser', 'user'],
  ])('reads a %s role as %s -> %s', (_label, role, expected) => {
    expect(v.parse(currentUserSchema, { id: '1', email: 'a@b.co', role }).role).toBe(expected);
  });

  it('names each wrongly typed field', () => {
    expect(() =>
      parseOrThrow(currentUserSchema, { id: 5, email: 'a@b.co', company: 3 }, 'current user'),
    ).toThrow(
      'Invalid current user:\nid: User id must be a string.\ncompany: Invalid type: Expected string but received 3',
    );
  });

  it('rejects a body that is not a user at all', () => {
    expect(v.safeParse(currentUserSchema, { message: 'Not authenticated' }).success).toBe(false);
  });
});

describe('currentUserWithFlagsSchema', () => {
  it('reads the user and the two flags', () => {
    const parsed = v.parse(currentUserWithFlagsSchema, {
      ...wireUser,
      has_signup: false,
      onboarding_required: true,
    });
    expect(parsed).toMatchObject({ id: '7c1e', has_signup: false, onboarding_required: true });
  });

  it('requires the flags', () => {
    const result = v.safeParse(currentUserWithFlagsSchema, wireUser);
    expect(Object.keys(fieldErrors(result.issues!))).toEqual(['has_signup', 'onboarding_required']);
  });
});

describe('userUpdateSchema (PATCH /api/auth/me)', () => {
  it.each([
    ['the four profile fields', { company: 'Acme', bio: 'Hi', phone: '+1 555', location: 'NYC' }],
    ['settings only', { settings: { theme: 'dark' } }],
    ['clearing a field with null', { bio: null }],
    ['an empty update', {}],
  ])('accepts %s', (_label, body) => {
    expect(v.parse(userUpdateSchema, body)).toEqual(body);
  });

  it('trims text fields', () => {
    expect(v.parse(userUpdateSchema, { company: '  Acme  ' })).toEqual({ company: 'Acme' });
  });

  it.each([
    ['role', { role: 'admin' }],
    ['email', { email: 'evil@example.com' }],
    ['id', { id: 'someone-else' }],
    ['full_name', { full_name: 'New Name' }],
    ['subscription_status', { subscription_status: 'active' }],
  ])('rejects %s instead of ignoring it', (field, body) => {
    const result = v.safeParse(userUpdateSchema, { company: 'Acme', ...body });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues!)).toEqual({ [field]: [`${field} cannot be changed here.`] });
  });

  it('rejects unknown settings inside the update', () => {
    const result = v.safeParse(userUpdateSchema, { settings: { role: 'admin' } });
    expect(fieldErrors(result.issues!)).toEqual({ 'settings.role': ['Unknown setting: role.'] });
  });

  it.each([
    ['company', 201, 'Company must be at most 200 characters.'],
    ['bio', 1001, 'Bio must be at most 1000 characters.'],
    ['phone', 41, 'Phone must be at most 40 characters.'],
    ['location', 201, 'Location must be at most 200 characters.'],
  ])('limits %s to a reasonable length', (field, length, message) => {
    const result = v.safeParse(userUpdateSchema, { [field]: 'x'.repeat(length) });
    expect(fieldErrors(result.issues!)).toEqual({ [field]: [message] });
    expect(v.safeParse(userUpdateSchema, { [field]: 'x'.repeat(length - 1) }).success).toBe(true);
  });

  it('rejects a number where text is expected', () => {
    const result = v.safeParse(userUpdateSchema, { phone: 5551234 });
    expect(fieldErrors(result.issues!)).toEqual({ phone: ['Phone must be text.'] });
  });
});

describe('profileFormSchema', () => {
  it('trims the four editable fields', () => {
    expect(v.parse(profileFormSchema, { company: ' A ', bio: '', phone: ' 1 ', location: 'x' })).toEqual({
      company: 'A',
      bio: '',
      phone: '1',
      location: 'x',
    });
  });
});
