import { fromPromise } from 'xstate';
import { paths } from '../domain/pages';
import type { AuthToken, LoadedUser } from '../machines/session';
import type { FlowDeps } from './flow-deps';

/** The session machine's actors and navigation, as the app provides them (src/app/flows.ts). */
export function sessionImplementations({ effects, navigate }: FlowDeps) {
  const session = async () => (await effects()).session;
  return {
    actors: {
      loadUser: fromPromise<LoadedUser>(async () => (await session()).loadUser()),
      signIn: fromPromise<LoadedUser, AuthToken>(async ({ input }) => (await session()).signIn(input)),
      refreshSession: fromPromise<LoadedUser, AuthToken>(async ({ input }) =>
        (await session()).refreshSession(input),
      ),
      signOut: fromPromise<void, { everywhere: boolean; reason: string | null }>(async ({ input }) =>
        (await session()).signOut(input),
      ),
      serverLogout: fromPromise<void>(async () => (await session()).serverLogout()),
    },
    actions: {
      goToReset: () => navigate(paths.reset),
      goToLanding: () => navigate(paths.landing),
    },
  };
}
