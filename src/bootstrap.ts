import { sessionMachine } from './machines/session';
import { sessionNavigation } from './routes/navigation';
import { createAppRouter, rerunGuardsOnSessionChange } from './routes/router';
import { createAppActor } from './services/actors';
import type { AppServices } from './services/app-services';
import { hasStoredAuthSession, isAuthCallbackAddress } from './services/auth-presence';
import { createSessionActors } from './services/session-actors';

/**
 * Composition root: mounts the one session actor with its real actors and navigation, and hands it to the router
 * through context. The I/O services load in a chunk of their own, in parallel with the first render.
 */
export function createApp() {
  let services: Promise<AppServices> | null = null;
  const loadServices = () => {
    services ??= import('./services/app-services').then(({ createAppServices }) =>
      createAppServices({ onAuthEvent: (event) => session.send(event) }),
    );
    return services;
  };

  const session = createAppActor(
    sessionMachine.provide({
      actors: createSessionActors(async () => (await loadServices()).sessionEffects),
      // The router is created below, after the actor it needs in its context; actions run only later.
      actions: sessionNavigation(() => router),
    }),
  );
  const router = createAppRouter({
    session,
    runtimeConfig: async () => (await loadServices()).runtimeConfig(),
  });
  rerunGuardsOnSessionChange(router, session);
  session.start();

  // Returning from the auth service (confirmation, OAuth, recovery link) or holding its session: start it now so
  // it can read the address and report SIGNED_IN / PASSWORD_RECOVERY. Otherwise it loads when a dialog needs it.
  if (hasStoredAuthSession() || isAuthCallbackAddress(new URL(window.location.href))) {
    loadServices()
      .then(({ authService }) => authService.client())
      .catch((error: unknown) => {
        console.warn('The auth service could not start; sign-in will try again when needed.', error);
      });
  }

  return { router, session, services: loadServices };
}
