import type { AppPath } from '../domain/pages';
import type { SessionSnapshot } from '../machines/session';
import type { ProductApi } from './api';
import type { AuthService } from './auth-service';
import type { SessionTabs } from './session-tabs';

/**
 * What every flow's I/O (src/services/<flow>-io.ts) is built from: the services, which load on demand in a chunk
 * of their own (./app-services.ts), and the page as the composition root (src/app/root.ts) hands it. An I/O file
 * imports only types from ./api and ./auth-service, so it adds neither ky nor supabase-js to the flows' chunk.
 */
export interface IODeps extends Services {
  page: Page;
}

/** The services, built once by ./app-services.ts. */
export interface Services {
  /** The product API, one client per endpoint family (./api). */
  api: ProductApi;
  /** The auth service (supabase-js, loaded on first use). */
  authService: AuthService;
  /** The other tabs of this browser, which share the server session. */
  tabs: SessionTabs;
}

/** The page, as the composition root owns it: the only way to move in the app, read the address or leave it. */
export interface Page {
  /** In-app navigation (the router's), replacing the current entry or not. */
  navigate(to: AppPath, options?: { replace?: boolean }): void;
  /** To /Landing with the sign-up dialog open (`show_signup=1`), for pages that find no session. */
  offerSignUp(): void;
  /**
   * Asks the session to load the user again, so every view shows a change a flow has saved; answers the session
   * once it has settled (it caps its own wait at 7 s [product: SESSION-10]).
   */
  reloadSession(): Promise<SessionSnapshot>;
  /**
   * The page's own address: read it (path, query and hash), replace the current history entry (no new entry, no
   * reload), and the origin, for absolute addresses handed to other sites.
   */
  address: { current(): string; replace(href: string): void; origin(): string };
  /** Leaves the SPA for another site (the payment provider's pages, the server's login page). */
  leaveTo(url: string): void;
}

/** Where the auth service and the payment provider send the visitor back to: an absolute address of this app. */
export const addressOf = (page: Pick<Page, 'address'>, path: AppPath) =>
  new URL(path, page.address.origin()).href;
