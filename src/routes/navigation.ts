import { paths } from './paths';
import type { AppRouter } from './router';

/** The session machine's navigation actions, implemented with the router (provided where the actor is mounted). */
export function sessionNavigation(router: () => AppRouter) {
  return {
    goToReset: () => void router().navigate({ to: paths.reset }),
    goToLanding: () => void router().navigate({ to: paths.landing }),
  };
}
