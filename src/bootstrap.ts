import { paths } from './routes/paths';
import { createAppRouter, rerunGuardsOnSessionChange } from './routes/router';
import { createSessionPort } from './routes/session-port';
import type { AppServices } from './services/app-services';
import { hasStoredAuthSession, isAuthCallbackAddress } from './services/auth-presence';

/**
 * Composition root: the router with the session port in its context. The session actor (with xstate) and the
 * I/O services load in chunks of their own, in parallel with the first render.
 */
export function createApp() {
  let services: Promise<AppServices> | null = null;
  const loadServices = () => {
    services ??= import('./services/app-services').then(({ createAppServices }) =>
      createAppServices({
        // Auth-service events only arrive once the client has loaded; they keep their order on the way.
        onAuthEvent: (event) => void session.ready.then((actor) => actor.send(event)),
        returnTo: {
          signIn: new URL(paths.landing, window.location.origin).href,
          passwordReset: new URL(paths.reset, window.location.origin).href,
        },
      }),
    );
    return services;
  };

  const session = createSessionPort(
    import('./session-actor').then(({ startSessionActor }) =>
      // The router exists by the time the chunk has loaded; navigation actions run only later still.
      startSessionActor({
        loadEffects: async () => (await loadServices()).sessionEffects,
        router: () => router,
      }),
    ),
  );
  const router = createAppRouter({
    session,
    runtimeConfig: async () => (await loadServices()).runtimeConfig(),
    signInEffects: async () => (await loadServices()).signInEffects,
  });
  rerunGuardsOnSessionChange(router, session);

  // Returning from the auth service (confirmation, OAuth, recovery link) or holding its session: start it now so
  // it can read the address and report SIGNED_IN / PASSWORD_RECOVERY. Otherwise it loads when a dialog needs it.
  if (hasStoredAuthSession() || isAuthCallbackAddress(new URL(window.location.href))) {
    loadServices()
      .then(({ authService }) => authService.client())
      .catch((error: unknown) => {
        console.warn('The auth service could not start; sign-in will try again when needed.', error);
      });
  }

  return { router, session };
}
