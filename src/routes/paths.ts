/**
 * Every address of the SPA (SPEC section 2), in one typed map: views and guards name a page, never a string.
 * Matching is case-insensitive (the router's default), so /billing shows what /Billing shows.
 */

export const pageNames = {
  landing: 'Landing',
  dashboard: 'Dashboard',
  profile: 'Profile',
  billing: 'Billing',
  settings: 'Settings',
  onboarding: 'Onboarding',
  adminRefunds: 'AdminRefunds',
  reset: 'Reset',
} as const;

export type PageKey = keyof typeof pageNames;

/** SPEC section 2: a page name becomes its path by hyphenating spaces and prefixing a slash. */
export function pagePath(pageName: string): `/${string}` {
  return `/${pageName.trim().replace(/\s+/g, '-')}`;
}

/** Literal, so the router type-checks every link; tests/ui/paths.test.ts pins them to the page-name rule. */
export const paths = {
  root: '/',
  landing: '/Landing',
  dashboard: '/Dashboard',
  profile: '/Profile',
  billing: '/Billing',
  settings: '/Settings',
  onboarding: '/Onboarding',
  adminRefunds: '/AdminRefunds',
  reset: '/Reset',
} as const satisfies Record<'root' | PageKey, string>;

export type AppPath = (typeof paths)[keyof typeof paths];

export function isSamePath(pathname: string, path: AppPath): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === path.toLowerCase();
}
