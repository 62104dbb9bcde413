/**
 * Every address of the SPA [product: ROUTE], in one typed map: views and guards name a page, never a string.
 * Matching is case-insensitive (the router's default), so /billing shows what /Billing shows.
 */

import { type PageName, pageNameFromPath } from '../domain/pages';

export const pageNames = {
  landing: 'Landing',
  dashboard: 'Dashboard',
  profile: 'Profile',
  billing: 'Billing',
  settings: 'Settings',
  onboarding: 'Onboarding',
  adminRefunds: 'AdminRefunds',
  reset: 'Reset',
} as const satisfies Record<string, PageName>;

export type PageKey = keyof typeof pageNames;

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

/** Whether an address shows the page, by the page-name rule (last segment, case-insensitive). */
export function isOnPage(pathname: string, page: PageName): boolean {
  return pageNameFromPath(pathname) === page;
}
