import type { AppPath } from '../domain/pages';
import type { SessionEffects } from './session-effects';

/**
 * What the session's actors (./session-actors.ts) are built from. Every other flow has its port and its I/O
 * (src/services/<flow>-io.ts); the session joins them once its rewrite (issue 18) has landed.
 */
export interface FlowDeps {
  /** The session's effects, loaded on first use so ky and supabase-js stay out of the landing page's first load. */
  effects: () => Promise<{ session: SessionEffects }>;
  /** In-app navigation (the router's), replacing the current entry or not. */
  navigate: (to: AppPath, options?: { replace?: boolean }) => void;
}
