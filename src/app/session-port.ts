import type { SessionActorRef } from '../machines/session';
import type { SessionPort } from '../ui/app-context';
import { settledPromise } from './settled-promise';

/** The port of the one session actor (its contract is in src/ui/app-context.tsx), before the actor exists. */
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
