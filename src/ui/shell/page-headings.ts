import { type PageName, pageNameFromPath, pageNames } from '../../domain/pages';
import type { SectionHeading } from './PageSection';

export interface PageHeading {
  title: string;
  subtitle?: string;
  /** The heading of the page's first section, when it does not depend on the user either (Settings' note). */
  firstSection?: SectionHeading;
}

/**
 * The headings of the signed-in pages whose heading does not depend on the user: the page shows it, and so does the
 * frame while the session loads (`GuardedPages`), in the same place, so the heading paints with the frame's HTML.
 */
export const pageHeadings = {
  profile: { title: 'Profile' },
  billing: { title: 'Billing', subtitle: 'Your plan, payments and invoices' },
  settings: {
    title: 'Settings',
    firstSection: {
      title: 'Notifications',
      note: 'Alerts and digests are sent by the Beacon monitoring platform, which reads these choices.',
    },
  },
} as const satisfies Record<string, PageHeading>;

const byName = new Map<PageName, PageHeading>([
  [pageNames.profile, pageHeadings.profile],
  [pageNames.billing, pageHeadings.billing],
  [pageNames.settings, pageHeadings.settings],
]);

/** The fixed heading of the page a path shows, or null. */
export function pageHeadingOf(pathname: string): PageHeading | null {
  return byName.get(pageNameFromPath(pathname)) ?? null;
}
