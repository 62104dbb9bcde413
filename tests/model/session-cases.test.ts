import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type LoadedUser, sessionMachine } from '../../src/machines/session';
import { signedIn } from '../ui/app-fixtures';

/** A failure that brings no message of its own: a 500 without a body the client could read. */
const serverFault = { status: 500 };
/** The session's own words for a known user's refresh that failed without a reason [product: MSG-SESSION-2]. */
const REFRESH_FAILED = 'Could not refresh your account.';

/**
 * A sequence the generated paths do not take: their only message-less `loadUser` failure comes while nobody is
 * known, which says the session check failed. Here a signed-in customer's account is reloaded and the server fails
 * without a message: the customer stays shown, with the session's own words (tests/model/fallbacks.md).
 */
describe('a known user whose reload fails without a message [product: MSG-SESSION-2]', () => {
  it('keeps the user and says the account could not be refreshed', async () => {
    const alice: LoadedUser = signedIn();
    const answers: (() => Promise<LoadedUser>)[] = [
      async () => alice,
      async () => Promise.reject(serverFault),
    ];
    const actor = createActor(
      sessionMachine.provide({
        actors: { loadUser: fromPromise(() => answers.shift()!()) },
        actions: { goToReset: () => {}, goToLanding: () => {} },
      }),
    ).start();
    await waitFor(actor, (snapshot) => snapshot.context.user !== null);
    actor.send({ type: 'session.reload' });
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(failed.context.error).toBe(REFRESH_FAILED);
    expect(failed.context.user).toEqual(alice.user);
    actor.stop();
  });
});
