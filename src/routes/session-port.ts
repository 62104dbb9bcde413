import type { SessionActorRef } from '../machines/session';
import { settledPromise } from '../services/settled-promise';

/**
 * The one session actor as routes and views reach it. The actor, its machine and xstate load in a chunk of their
 * own (src/session-actor.ts) while the landing page paints, so the port exists before the actor does.
 */
export interface SessionPort {
  /** The actor once its chunk has loaded, else null. */
  current(): SessionActorRef | null;
  /** Resolves with the actor; once it has, `use(ready)` no longer suspends. */
  readonly ready: Promise<SessionActorRef>;
  /**
   * Calls `onChange` when the actor arrives and at every change of its snapshot after that (read it with
   * `current()`); the returned function stops, even before the actor has arrived.
   */
  subscribe(onChange: () => void): () => void;
}

export function createSessionPort(actor: Promise<SessionActorRef>): SessionPort {
  let current: SessionActorRef | null = null;
  const ready = settledPromise(
    actor.then((loaded) => {
      current = loaded;
      return loaded;
    }),
  );
  const subscribe = (onChange: () => void) => {
    let stopped = false;
    let unsubscribe = () => {};
    void ready.then((session) => {
      if (stopped) return;
      const subscription = session.subscribe(onChange);
      unsubscribe = () => subscription.unsubscribe();
      onChange();
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
  };
  return { current: () => current, ready, subscribe };
}
