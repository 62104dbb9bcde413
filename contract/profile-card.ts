import { displayName, initials, type NameSource } from './names';
import { type OrganizationSource, organizationName } from './organization';
import { type CreatedDateSource, type DatePreferences, memberSinceAs } from './time';

/** Who the Profile page's card shows [product: PROF-1], as text: the page renders it, and the server writes it into
 * the page's frame (server/lib/spa-pages.ts), so the card paints from the HTML. */
export interface ProfileCardText {
  initials: string;
  name: string;
  role: string;
  email: string;
  memberSince: string;
  organization: string;
}

export type ProfileCardSource = NameSource &
  OrganizationSource &
  CreatedDateSource & { email: string; role: string };

export function profileCardText(user: ProfileCardSource, preferences: DatePreferences): ProfileCardText {
  const name = displayName(user);
  return {
    initials: initials(name),
    name,
    role: user.role,
    email: user.email,
    memberSince: memberSinceAs(user, preferences),
    organization: organizationName(user),
  };
}
