import type { AppPath } from '../domain/pages';
import type { LandingEffects } from './landing-effects';
import type { SessionEffects } from './session-effects';
import type { SignInEffects } from './sign-in-effects';

/** What each flow's actors do, by flow: built from the real services, or doubles in tests. */
export interface AppEffects {
  session: SessionEffects;
  signIn: SignInEffects;
  landing: LandingEffects;
}

/** What the actors and actions of every flow are built from (src/app/flows.ts). */
export interface FlowDeps {
  /** The effects, loaded on first use so ky and supabase-js stay out of the landing page's first load. */
  effects: () => Promise<AppEffects>;
  /** In-app navigation (the router's), replacing the current entry or not. */
  navigate: (to: AppPath) => void;
  /**
   * The page's own address: read it (path, query and hash), replace the current history entry (no new entry, no
   * reload), and the origin, for absolute addresses handed to other sites.
   */
  address: { current: () => string; replace: (href: string) => void; origin: () => string };
  /** Leaves the SPA for another site (the payment provider's pages). */
  leaveTo: (url: string) => void;
}
