import { describe, expect, it } from 'vitest';
import { PAGE_NAMES, pageNames, pagePath, paths } from '../../src/domain/pages';
import { loginFallbackUrl, sanitizeRedirectPath } from '../../src/routes/redirect';

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
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
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
