import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

const FALLBACK = '/Landing';
const ORIGIN = 'https://app.example';
const spa = (target: unknown) => safeRedirectPath(target, { fallback: FALLBACK });
const server = (target: unknown) => safeRedirectPath(target, { fallback: FALLBACK, origin: ORIGIN });

describe('safe redirect targets', () => {
  it.each([
    ['/Billing', '/Billing'],
    ['/', '/'],
    ['/Billing?tab=invoices#top', '/Billing?tab=invoices#top'],
    ['/Foo/Settings', '/Foo/Settings'],
    ['/Landing?ref=nav&x=%20y', '/Landing?ref=nav&x=%20y'],
    // Dot segments that stay on our origin are normalised, as the browser would.
    ['/a/../Billing', '/Billing'],
    ['/./Profile', '/Profile'],
  ])('keeps the same-origin path %s as %s', (target, expected) => {
    expect(spa(target)).toBe(expected);
    expect(server(target)).toBe(expected);
  });

  it('reduces an absolute URL on our own origin to its path (server only)', () => {
    expect(server('https://app.example/Billing?x=1#y')).toBe('/Billing?x=1#y');
    expect(spa('https://app.example/Billing')).toBe(FALLBACK);
  });

  // Every known way to leave the origin; each must come back as the fallback, from the SPA and the server.
  it.each([
    // protocol-relative
    '//evil.example',
    '///evil.example',
    '//evil.example/Billing',
    // dot segments that normalise into //host
    '/.//evil.example',
    '/..//evil.example',
    '/../..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/%2e//evil.example',
    '/a/..//evil.example',
    // backslashes (browsers read them as slashes)
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '\\/evil.example',
    // encoded slashes and backslashes
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5C%5Cevil.example',
    '/%5cevil.example',
    '%2F%2Fevil.example',
    // tabs, newlines and other control characters browsers drop
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/\u0000/evil.example',
    ' //evil.example',
    '\t//evil.example',
    // userinfo
    'https://app.example@evil.example/',
    'https://user:pass@app.example/Billing',
    '//app.example@evil.example',
    // other origins and schemes
    'https://evil.example/Billing',
    'http://app.example/Billing',
    'https://app.example.evil.example/',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:someone@evil.example',
    // not a path at all
    'Billing',
    'evil.example',
    '',
    '?x=1',
    '#top',
    42,
    null,
    undefined,
    ['/Billing'],
    `/${'a'.repeat(3000)}`,
  ])('refuses %o', (target) => {
    expect(spa(target)).toBe(FALLBACK);
    expect(server(target)).toBe(FALLBACK);
  });
});
