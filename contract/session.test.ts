import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  authSessionSchema,
  csrfResponseSchema,
  healthResponseSchema,
  orgResponseSchema,
  reauthenticationRequiredMessage,
  runtimeConfigSchema,
  ssoRequestSchema,
} from './session';
import { fieldErrors } from './validation';

describe('authSessionSchema', () => {
  const session = {
    access_token: 'eyJ...',
    refresh_token: 'r1',
    expires_at: 1767571200,
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: 'u1', email: 'a@b.co', aud: 'authenticated' },
    provider_token: null,
  };

  it('parses an auth-service session and keeps its other fields', () => {
    expect(v.parse(authSessionSchema, session)).toEqual(session);
  });

  it('requires the tokens', () => {
    const { access_token: _a, ...rest } = session;
    expect(fieldErrors(v.safeParse(authSessionSchema, rest).issues!)).toEqual({
      access_token: ['access_token is required.'],
    });
  });
});

describe('ssoRequestSchema', () => {
  it.each([
    [{ token: 'eyJ' }, true],
    [{ token: '' }, false],
    [{}, false],
    [{ token: 42 }, false],
  ])('%j valid: %s', (body, valid) => {
    expect(v.safeParse(ssoRequestSchema, body).success).toBe(valid);
  });
});

describe('runtimeConfigSchema', () => {
  it.each([
    {
      supabaseUrl: 'http://localhost:54321',
      supabaseAnonKey: 'anon',
      dashboardUrl: 'http://localhost:54330',
    },
    { supabaseUrl: null, supabaseAnonKey: null, dashboardUrl: 'http://localhost:54330' },
  ])('accepts %j', (raw) => {
    expect(v.parse(runtimeConfigSchema, raw)).toEqual(raw);
  });

  it('requires the dashboard address', () => {
    expect(
      fieldErrors(v.safeParse(runtimeConfigSchema, { supabaseUrl: null, supabaseAnonKey: null }).issues!),
    ).toEqual({
      dashboardUrl: ['dashboardUrl is required.'],
    });
  });
});

describe('small answers', () => {
  it('reads the CSRF token', () => {
    expect(v.parse(csrfResponseSchema, { csrfToken: 'a.b' })).toEqual({ csrfToken: 'a.b' });
  });

  it('reads health', () => {
    expect(v.parse(healthResponseSchema, { ok: true, db: true, version: '0.1.0' })).toEqual({
      ok: true,
      db: true,
      version: '0.1.0',
    });
  });

  it('keeps every organization field as sent', () => {
    const raw = { id: 'o1', name: 'Acme', seats: 5 };
    expect(v.parse(orgResponseSchema, raw)).toEqual(raw);
    expect(v.parse(orgResponseSchema, {})).toEqual({});
  });

  it('says what it expected when the answer is not an object', () => {
    expect(v.safeParse(csrfResponseSchema, '<html>').issues![0]!.message).toBe(
      'Expected csrf response to be an object but received "<html>".',
    );
  });
});

describe('the step-up message [product: MSG-REFUND-4]', () => {
  it("names the deployment's window in words", () => {
    expect(reauthenticationRequiredMessage(5 * 60_000)).toBe(
      'Reversing a refund moves money, and your last sign-in was more than 5 minutes ago. Please enter your password again to continue.',
    );
    expect(reauthenticationRequiredMessage(60_000)).toContain('more than 1 minute ago');
    expect(reauthenticationRequiredMessage(10_000)).toContain('more than 10 seconds ago');
  });
});
