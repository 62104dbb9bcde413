import { fromPromise } from 'xstate';
import type { LoadedUser } from '../machines/session';
import type { SessionEffects } from './session-effects';

/**
 * The session machine's actors. The effects arrive through `loadEffects` so the API client, the contract schemas
 * and ky sit in a chunk of their own, fetched in parallel with the first render instead of before it.
 */
export function createSessionActors(loadEffects: () => Promise<SessionEffects>) {
  return {
    loadUser: fromPromise<LoadedUser>(async () => (await loadEffects()).loadUser()),
    exchangeToken: fromPromise<unknown, { accessToken: string }>(async ({ input }) =>
      (await loadEffects()).exchangeToken(input.accessToken),
    ),
    signOut: fromPromise<void>(async () => (await loadEffects()).signOut()),
    serverLogout: fromPromise<void>(async () => (await loadEffects()).serverLogout()),
  };
}
