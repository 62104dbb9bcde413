import { sessionMachine } from './machines/session';
import { sessionNavigation } from './routes/navigation';
import type { AppRouter } from './routes/router';
import { createAppActor } from './services/actors';
import { createSessionActors } from './services/session-actors';
import type { SessionEffects } from './services/session-effects';

/**
 * Mounts and starts the one session actor with its real actors and the router's navigation. A chunk of its own,
 * loaded by src/bootstrap.ts at once, so xstate and the machine are not part of the landing page's first load.
 */
export function startSessionActor(deps: {
  loadEffects: () => Promise<SessionEffects>;
  router: () => AppRouter;
}) {
  const session = createAppActor(
    sessionMachine.provide({
      actors: createSessionActors(deps.loadEffects),
      actions: sessionNavigation(deps.router),
    }),
  );
  session.start();
  return session;
}
