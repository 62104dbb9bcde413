import { describe, expect, it } from 'vitest';
import { addressWithout, hasAccessTokenInHash, hasRecoveryMarker, readLandingAddress } from './address';

describe('hasRecoveryMarker [product: ROUTE-15, ROUTE-16]', () => {
  it.each([
    ['type=recovery in the hash with tokens', 'http://x/#access_token=a&refresh_token=b&type=recovery', true],
    ['type=recovery in the query with a token', 'http://x/Landing?token=abc&type=recovery', true],
    ['type=recovery in the query with a token_hash', '/?token_hash=abc&type=recovery', true],
    ['type=recovery after a hash route', '/#/Reset?type=recovery', true],
    ['a sign-up confirmation hash', 'http://x/Landing#access_token=a&type=signup', false],
    ['an OAuth hash without a type', 'http://x/#access_token=a&refresh_token=b', false],
    ['a PKCE code alone', 'http://x/Landing?code=123', false],
    ['a token without a type', '/?token=abc', false],
    ['an invite', '/?token_hash=abc&type=invite', false],
    ['a plain address', 'http://x/Billing', false],
    ['recovery as another parameter value', '/?next=recovery', false],
    ['a differently cased type', '/?type=RECOVERY', false],
    ['an unparseable address', 'http://[bad/?type=recovery', false],
  ])('%s: %s', (_label, href, expected) => {
    expect(hasRecoveryMarker(href)).toBe(expected);
  });
});

describe('hasAccessTokenInHash [product: LAND-28]', () => {
  it.each([
    ['/#access_token=a&type=signup', true],
    ['/?access_token=a', false],
    ['/#section', false],
  ])('%s: %s', (href, expected) => {
    expect(hasAccessTokenInHash(href)).toBe(expected);
  });
});

describe('readLandingAddress [product: LAND-26, LAND-27, LAND-28]', () => {
  it.each([
    ['/?show_signup=1', { showSignup: true, sessionId: null, hasHashToken: false }],
    ['/Landing?session_id=cs_test_1', { showSignup: false, sessionId: 'cs_test_1', hasHashToken: false }],
    ['/Landing?session_id=', { showSignup: false, sessionId: null, hasHashToken: false }],
    ['/#access_token=a', { showSignup: false, sessionId: null, hasHashToken: true }],
    ['/', { showSignup: false, sessionId: null, hasHashToken: false }],
  ])('%s', (href, expected) => {
    expect(readLandingAddress(href)).toEqual(expected);
  });
});

describe('addressWithout [product: LAND-26, LAND-27]', () => {
  it.each([
    ['http://x/Landing?show_signup=1', ['show_signup'], false, '/Landing'],
    ['/Landing?session_id=cs_1&utm=a#pricing', ['session_id'], false, '/Landing?utm=a#pricing'],
    ['/#access_token=a', [], true, '/'],
    ['/Reset?code=1#x', ['code'], true, '/Reset'],
    ['http://[bad', ['code'], true, 'http://[bad'],
  ])('%s without %j (drop hash: %s) -> %s', (href, params, dropHash, expected) => {
    expect(addressWithout(href, params, dropHash)).toBe(expected);
  });
});
