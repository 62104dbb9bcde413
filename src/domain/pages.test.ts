import { describe, expect, it } from 'vitest';
import { isGuardedPage, navigationPages, pageNameFromPath, pagePath } from './pages';

describe('pageNameFromPath [product: ROUTE-12]', () => {
  it.each([
    ['/billing', 'Billing'],
    ['/Billing', 'Billing'],
    ['/BILLING/', 'Billing'],
    ['/adminrefunds', 'AdminRefunds'],
    ['/Admin-Refunds', 'AdminRefunds'],
    ['/app/settings', 'Settings'],
    ['/Reset?type=recovery#access_token=x', 'Reset'],
    ['/onboarding', 'Onboarding'],
    ['/dashboard', 'Dashboard'],
    ['/landing', 'Landing'],
    ['/', 'Landing'],
    ['', 'Landing'],
    ['/nowhere', 'Landing'],
    ['/%E0%A4%A', 'Landing'],
  ])('%j -> %s', (path, page) => {
    expect(pageNameFromPath(path)).toBe(page);
  });
});

describe('pagePath [product: ROUTE-13]', () => {
  it.each([
    ['Billing', '/Billing'],
    ['Admin Refunds', '/Admin-Refunds'],
    ['AdminRefunds', '/AdminRefunds'],
    [' Two  Spaces ', '/Two-Spaces'],
  ])('%j -> %s', (name, path) => {
    expect(pagePath(name)).toBe(path);
  });
});

describe('navigationPages [product: ROUTE-14]', () => {
  it('lists Landing, Profile, Billing and Settings for a customer', () => {
    expect(navigationPages(false).map((page) => page.path)).toEqual([
      '/Landing',
      '/Profile',
      '/Billing',
      '/Settings',
    ]);
  });

  it('adds AdminRefunds for an admin', () => {
    expect(navigationPages(true).at(-1)).toEqual({ name: 'AdminRefunds', path: '/AdminRefunds' });
  });
});

describe('isGuardedPage [product: ROUTE-4, ROUTE-6, ROUTE-7]', () => {
  it.each([
    ['Profile', true],
    ['Billing', true],
    ['Settings', true],
    ['Onboarding', true],
    ['Dashboard', true],
    ['Landing', false],
    ['Reset', false],
    ['AdminRefunds', false],
  ] as const)('%s: %s', (page, guarded) => {
    expect(isGuardedPage(page)).toBe(guarded);
  });
});
