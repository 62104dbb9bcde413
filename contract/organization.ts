/** The organization name shown on the hero and the Profile page [product: DATA-4]. */

type Named = { name?: string | null } | null | undefined;
type WithCompany = { company?: string | null } | null | undefined;

export type OrganizationSource = {
  organization_name?: string | null;
  org_name?: string | null;
  organization?: Named;
  org?: Named;
  company?: string | null;
  profile?: WithCompany;
  signup?: WithCompany;
};

export const UNKNOWN_ORGANIZATION = 'Not specified';

/** The first non-blank of the fields, in the order of [product: DATA-4]; 'Not specified' when none is set. */
export function organizationName(source: OrganizationSource | null | undefined): string {
  if (!source) return UNKNOWN_ORGANIZATION;
  const candidates = [
    source.organization_name,
    source.org_name,
    source.organization?.name,
    source.org?.name,
    source.company,
    source.profile?.company,
    source.signup?.company,
  ];
  for (const candidate of candidates) {
    const text = candidate?.trim();
    if (text) return text;
  }
  return UNKNOWN_ORGANIZATION;
}
