import { createInspector, type StatelyInspectionEvent } from '@statelyai/inspect';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise, type InspectionEvent, waitFor } from 'xstate';
import { createDeferredInspection } from '../../src/app/inspection';
import { readInspectionRequest } from '../../src/app/inspection-request';
import { inspectorOptions } from '../../src/app/inspection-stately';
import {
  type AuthToken,
  type LoadedUser,
  type SessionActorRef,
  sessionMachine,
} from '../../src/machines/session';

// The session machine with doubles: no server session at start, and an exchange that stays pending.
const testSessionMachine = sessionMachine.provide({
  actors: {
    loadUser: fromPromise<LoadedUser>(async () => {
      throw Object.assign(new Error('Unauthorized'), { status: 401 });
    }),
    signIn: fromPromise<LoadedUser, AuthToken>(() => new Promise(() => {})),
    signOut: fromPromise<void, { everywhere: boolean; reason: string | null }>(async () => {}),
    serverLogout: fromPromise<void>(async () => {}),
  },
});

const ACCESS_TOKEN = 'eyJ-secret-access-token';
/** The session's state while it trades the token (the exchange stays pending in these tests). */
const signingIn = { signingIn: 'waiting' };

/** Lets a started session settle as anonymous, then reports a sign-in from the auth service. */
async function signInThrough(session: Actor<typeof testSessionMachine> | SessionActorRef) {
  await waitFor(session, (snapshot) => snapshot.matches('anonymous'));
  session.send({ type: 'auth.signedIn', accessToken: ACCESS_TOKEN, authSessionId: 'auth-session-1' });
}

function recordsOf(received: StatelyInspectionEvent[], sessionId: string) {
  const own = received.filter((record) => record.sessionId === sessionId);
  return {
    actors: own.flatMap((record) => (record.type === '@xstate.actor' ? [record.name] : [])),
    events: own.flatMap((record) => (record.type === '@xstate.event' ? [record.event.type] : [])),
    states: own.flatMap((record) =>
      record.type === '@xstate.snapshot' ? [(record.snapshot as { value?: unknown }).value] : [],
    ),
  };
}

describe('Stately inspector', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.doUnmock('../../src/app/inspection-stately');
    vi.resetModules();
  });

  it('receives the session actor, the events it is sent and the snapshots it goes through', async () => {
    const received: StatelyInspectionEvent[] = [];
    const inspector = createInspector({ send: (record) => received.push(record) }, inspectorOptions);
    const session = createActor(testSessionMachine, { inspect: inspector.inspect }).start();

    await signInThrough(session);

    await vi.waitFor(() => {
      const records = recordsOf(received, session.sessionId);
      expect(records.actors).toEqual(['session']);
      expect(records.events).toContain('auth.signedIn');
      expect(records.states).toEqual(expect.arrayContaining(['loadingUser', 'anonymous', signingIn]));
    });
    session.stop();
  });

  it('never lets an access token reach the inspector', async () => {
    const received: StatelyInspectionEvent[] = [];
    const inspector = createInspector({ send: (record) => received.push(record) }, inspectorOptions);
    const session = createActor(testSessionMachine, { inspect: inspector.inspect }).start();

    await signInThrough(session);

    await vi.waitFor(() => expect(recordsOf(received, session.sessionId).states).toContainEqual(signingIn));
    const signIn = received.find(
      (record) => record.type === '@xstate.event' && record.event.type === 'auth.signedIn',
    );
    expect(signIn).toMatchObject({ event: { accessToken: '[redacted]' } });
    expect(JSON.stringify(received)).not.toContain(ACCESS_TOKEN);
    session.stop();
  });

  it('attaches the actors the composition root makes when VITE_INSPECT asks for it', async () => {
    vi.stubEnv('VITE_INSPECT', 'ws');
    const received: StatelyInspectionEvent[] = [];
    const requests: unknown[] = [];
    vi.doMock('../../src/app/inspection-stately', () => ({
      createStatelyInspector: (request: unknown) => {
        requests.push(request);
        return createInspector({ send: (record) => received.push(record) }, inspectorOptions);
      },
    }));
    // Fresh modules: the app decides about inspection once, on first use.
    const { createTestRoot } = await import('./render-app');
    const root = createTestRoot('/Landing', {}, { actorOptions: undefined });
    const session = await root.context.session.ready;

    await signInThrough(session);

    await vi.waitFor(() => {
      const records = recordsOf(received, session.sessionId);
      expect(records.actors).toEqual(['session']);
      expect(records.events).toContain('auth.signedIn');
      expect(records.states).toContainEqual(signingIn);
    });
    expect(requests).toEqual([{ transport: 'ws', url: 'ws://localhost:8080' }]);
    session.stop();
  });

  it('leaves actors uninspected when nothing asks for inspection', async () => {
    // A developer's .env.local may turn inspection on; this test is about the default.
    vi.stubEnv('VITE_INSPECT', '');
    const { getInspector } = await import('../../src/app/inspection');
    expect(getInspector()).toBeUndefined();
  });

  it('holds inspection events until the inspector has loaded, then forwards them in order', async () => {
    let finishLoading: (observer: { next: (event: InspectionEvent) => void }) => void = () => {};
    const forwarded: InspectionEvent[] = [];
    const inspect = createDeferredInspection(() => new Promise((resolve) => (finishLoading = resolve)));
    const session = createActor(testSessionMachine, { inspect }).start();

    await signInThrough(session);
    expect(forwarded).toEqual([]);

    finishLoading({ next: (event) => forwarded.push(event) });
    await vi.waitFor(() => expect(forwarded.length).toBeGreaterThan(0));
    expect(forwarded[0]).toMatchObject({ type: '@xstate.actor', actorRef: session });
    expect(
      forwarded.some((event) => event.type === '@xstate.event' && event.event.type === 'auth.signedIn'),
    ).toBe(true);
    session.stop();
  });
});

describe('readInspectionRequest', () => {
  it.each([
    ['?inspect', undefined, { transport: 'browser' }],
    ['?inspect=browser', undefined, { transport: 'browser' }],
    ['?inspect=ws', undefined, { transport: 'ws', url: 'ws://localhost:8080' }],
    ['?inspect=ws://127.0.0.1:9090', undefined, { transport: 'ws', url: 'ws://127.0.0.1:9090' }],
    ['', 'true', { transport: 'browser' }],
    ['', 'ws', { transport: 'ws', url: 'ws://localhost:8080' }],
    ['?inspect=off', 'true', null],
    ['?page=1', undefined, null],
    ['', 'false', null],
    ['', '', null],
  ])('reads %s with VITE_INSPECT=%s', (search, env, expected) => {
    expect(readInspectionRequest(search, env)).toEqual({ request: expected });
  });

  it('explains a value it does not understand instead of guessing', () => {
    expect(readInspectionRequest('?inspect=wss', undefined)).toEqual({
      request: null,
      problem:
        '?inspect=wss is not understood; use browser, ws, ws://host:port or off. Actors run uninspected.',
    });
  });
});
