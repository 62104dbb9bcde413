/**
 * The one registry of the SPA's pages [product: ROUTE-12, ROUTE-13, ROUTE-14]: their names, their paths, and the page-name rule (case-
 * insensitive last segment, hyphenated, slash-prefixed). Routes, guards and views all read it from here, so views
 * name a page, never a string.
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
export type PageName = (typeof pageNames)[PageKey];
export const PAGE_NAMES: readonly PageName[] = Object.values(pageNames);

/** Literal, so the router type-checks every link: `/Billing`, `/AdminRefunds`, ... and the root. */
export const paths = {
  root: '/',
  ...(Object.fromEntries(Object.entries(pageNames).map(([key, name]) => [key, `/${name}`])) as {
    [K in PageKey]: `/${(typeof pageNames)[K]}`;
  }),
};

export type AppPath = (typeof paths)[keyof typeof paths];

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

/** Whether an address shows the page, by the page-name rule. */
export function isOnPage(pathname: string, page: PageName): boolean {
  return pageNameFromPath(pathname) === page;
}

/** Where an address that names no route goes: the path of the page its last segment names (default Landing). */
export function canonicalPagePath(pathname: string): AppPath {
  return paths[pageKeyOf(pageNameFromPath(pathname))];
}

function pageKeyOf(name: PageName): PageKey {
  return (Object.keys(pageNames) as PageKey[]).find((key) => pageNames[key] === name) ?? 'landing';
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
