import type { AppPath } from '../domain/pages';
import type { SessionSnapshot } from '../machines/session';
import type { AccountEffects } from './account-effects';
import type { BillingEffects } from './billing-effects';
import type { LandingEffects } from './landing-effects';
import type { OnboardingEffects } from './onboarding-effects';
import type { PasswordResetEffects } from './password-reset-effects';
import type { RefundEffects } from './refund-effects';
import type { SessionEffects } from './session-effects';
import type { SignInEffects } from './sign-in-effects';
import type { SignupEffects } from './signup-effects';

/** What each flow's actors do, by flow: built from the real services, or doubles in tests. */
export interface AppEffects {
  session: SessionEffects;
  signIn: SignInEffects;
  account: AccountEffects;
  signup: SignupEffects;
  onboarding: OnboardingEffects;
  passwordReset: PasswordResetEffects;
  billing: BillingEffects;
  refund: RefundEffects;
  landing: LandingEffects;
}

/** What the actors and actions of every flow are built from (src/app/flows.ts). */
export interface FlowDeps {
  /** The effects, loaded on first use so ky and supabase-js stay out of the landing page's first load. */
  effects: () => Promise<AppEffects>;
  /** In-app navigation (the router's), replacing the current entry or not. */
  navigate: (to: AppPath, options?: { replace?: boolean }) => void;
  /** To /Landing with the sign-up dialog open (`show_signup=1`), for pages that find no session. */
  offerSignUp: () => void;
  /**
   * Asks the session to load the user again, so every view shows a change a flow has saved; answers the session
   * once it has settled (it caps its own wait at 7 s [product: SESSION-10]).
   */
  reloadSession: () => Promise<SessionSnapshot>;
  /**
   * The page's own address: read it (path, query and hash), replace the current history entry (no new entry, no
   * reload), and the origin, for absolute addresses handed to other sites.
   */
  address: { current: () => string; replace: (href: string) => void; origin: () => string };
  /** Leaves the SPA for another site (the payment provider's pages). */
  leaveTo: (url: string) => void;
}
