/**
 * Page names and paths [product: ROUTE-12, ROUTE-13, ROUTE-14]: case-insensitive last segment, hyphenated,
 * slash-prefixed.
 */

export const PAGE_NAMES = [
  'Landing',
  'Dashboard',
  'Profile',
  'Billing',
  'Settings',
  'Onboarding',
  'AdminRefunds',
  'Reset',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/** The first page: what an empty or unknown path means. */
export const DEFAULT_PAGE: PageName = 'Landing';

/** `Admin Refunds` -> `/Admin-Refunds`; `Billing` -> `/Billing`. */
export function pagePath(pageName: string): string {
  return `/${pageName.trim().replace(/\s+/g, '-')}`;
}

const comparable = (text: string) => text.toLowerCase().replace(/[\s-]+/g, '');

/**
 * The page a path shows: its last non-empty segment matched case-insensitively against the page names
 * (hyphens and spaces ignored, so `/admin-refunds` is AdminRefunds); Landing for `/` or an unknown name.
 * A query string or hash in the path is ignored.
 */
export function pageNameFromPath(path: string): PageName {
  const pathname = path.split(/[?#]/)[0] ?? '';
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const last = segments.at(-1);
  if (last === undefined) return DEFAULT_PAGE;
  let decoded: string;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    return DEFAULT_PAGE;
  }
  return PAGE_NAMES.find((name) => comparable(name) === comparable(decoded)) ?? DEFAULT_PAGE;
}

export type NavigationItem = { name: PageName; path: string };

/** The navigation pages: Landing, Profile, Billing, Settings, and AdminRefunds for admins only. */
export function navigationPages(isAdmin: boolean): NavigationItem[] {
  const names: PageName[] = [
    'Landing',
    'Profile',
    'Billing',
    'Settings',
    ...(isAdmin ? (['AdminRefunds'] as const) : []),
  ];
  return names.map((name) => ({ name, path: pagePath(name) }));
}

/** Pages that need a signed-in user (the guard); AdminRefunds checks admin access itself. */
export const GUARDED_PAGES: readonly PageName[] = [
  'Dashboard',
  'Profile',
  'Billing',
  'Settings',
  'Onboarding',
];

export function isGuardedPage(page: PageName): boolean {
  return GUARDED_PAGES.includes(page);
}
