import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PAGE_NAMES, pageNames, pagePath, paths } from '../../src/domain/pages';
import { loginFallbackUrl, sanitizeRedirectPath } from '../../src/routes/redirect';
import { landingSearchSchema } from '../../src/routes/search';

describe('the map of paths', () => {
  it('follows the page-name rule for every page', () => {
    for (const [key, name] of Object.entries(pageNames)) {
      expect(paths[key as keyof typeof pageNames]).toBe(pagePath(name));
    }
  });

  it('covers every page of the route table', () => {
    expect(Object.values(pageNames).sort()).toEqual([...PAGE_NAMES].sort());
  });
});

describe('redirect targets', () => {
  it.each(['/Billing', '/Billing?tab=invoices#top', '/'])('keeps the same-origin path %s', (target) => {
    expect(sanitizeRedirectPath(target)).toBe(target);
  });

  it.each([
    'https://evil.example/Billing',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'Billing',
    '',
    42,
    null,
  ])('replaces %o with the fallback', (target) => {
    expect(sanitizeRedirectPath(target, '/Landing')).toBe('/Landing');
  });
});

describe('the sign-in fallback address', () => {
  it('passes a same-origin path back', () => {
    expect(loginFallbackUrl('/api', '/Billing')).toBe('/api/auth/login?redirect=%2FBilling');
  });

  it('returns to /Landing instead of another origin', () => {
    expect(loginFallbackUrl('/api', 'https://evil.example/')).toBe('/api/auth/login?redirect=%2FLanding');
  });
});

describe("the landing page's search parameters", () => {
  it('reads show_signup and session_id', () => {
    expect(v.parse(landingSearchSchema, { show_signup: 1, session_id: 'cs_test_123' })).toEqual({
      show_signup: true,
      session_id: 'cs_test_123',
    });
  });

  it.each([[''], ['1'], [0], ['no'], [{ x: 1 }]])(
    'reads show_signup=%j as a signup request: its presence asks',
    (value) => {
      expect(v.parse(landingSearchSchema, { show_signup: value }).show_signup).toBe(true);
    },
  );

  it('reads no signup request without show_signup', () => {
    expect(v.parse(landingSearchSchema, {}).show_signup).toBeUndefined();
  });

  it('drops a malformed session_id instead of failing the page', () => {
    expect(v.parse(landingSearchSchema, { session_id: ['a'] })).toEqual({ session_id: undefined });
  });
});
