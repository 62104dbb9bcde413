import { fromPromise } from 'xstate';
import { paths } from '../domain/pages';
import type { LoadedUser } from '../machines/session';
import type { FlowDeps } from './flow-deps';

/** The session machine's actors and navigation, as the app provides them (src/app/flows.ts). */
export function sessionImplementations({ effects, navigate }: FlowDeps) {
  const session = async () => (await effects()).session;
  return {
    actors: {
      loadUser: fromPromise<LoadedUser>(async () => (await session()).loadUser()),
      exchangeToken: fromPromise<unknown, { accessToken: string }>(async ({ input }) =>
        (await session()).exchangeToken(input.accessToken),
      ),
      signOut: fromPromise<void>(async () => (await session()).signOut()),
      serverLogout: fromPromise<void>(async () => (await session()).serverLogout()),
    },
    actions: {
      goToReset: () => navigate(paths.reset),
      goToLanding: () => navigate(paths.landing),
    },
  };
}
