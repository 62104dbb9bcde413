import type { ProfileIO } from '../machines/profile';
import type { IODeps } from './io-deps';

/** The Profile page's I/O (src/machines/profile.ts) [product: PROF-4, PROF-5]. */
export function createProfileIO({ api, page }: Pick<IODeps, 'api' | 'page'>): ProfileIO {
  return {
    updateProfile: (update) => api.auth.updateMe(update),
    // The header, the menu and the organization elsewhere show the saved values too.
    userChanged: () => void page.reloadSession(),
    offerSignUp: () => page.offerSignUp(),
  };
}
