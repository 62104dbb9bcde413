import { ClientOnly } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import type { Actor, AnyActorRef, EventFromLogic, SnapshotFrom } from 'xstate';
import type { FlowName, Flows } from '../app-context';
import type { FlowHostOptions } from '../use-flow';
import type { FlowHostProps } from './FlowHost';

// A generic component keeps its type parameter through lazy() only by a cast.
const FlowHost = lazy(() => import('./FlowHost')) as unknown as <TName extends FlowName>(
  props: FlowHostProps<TName>,
) => ReactNode;

export interface LandingFlow<TName extends FlowName> {
  /** The running actor once the flows have loaded, else null. */
  actor: Actor<Flows[TName]> | null;
  /** Sends to the actor, or holds the event until it has started (a click right after hydration is not lost). */
  send: (event: EventFromLogic<Flows[TName]>) => void;
  /** Render this once, anywhere in the view: it starts the actor in the browser, and renders nothing. */
  host: ReactNode;
}

/**
 * A flow for a part of the landing page that renders before the flows have loaded (and at build time): the view
 * shows its first state at once, and talks to the actor when it is there. Reads go through `useFlowValue`.
 */
export function useLandingFlow<TName extends FlowName>(
  name: TName,
  options: FlowHostOptions<TName> = {},
): LandingFlow<TName> {
  const [actor, setActor] = useState<Actor<Flows[TName]> | null>(null);
  const current = useRef<Actor<Flows[TName]> | null>(null);
  const held = useRef<EventFromLogic<Flows[TName]>[]>([]);
  // Read once, when the actor starts: the input, and what the view does when the flow tells it something.
  const [startOptions] = useState(options);

  const onActor = useCallback((started: Actor<Flows[TName]> | null) => {
    current.current = started;
    setActor(started);
    // Stryker disable next-line ConditionalExpression: equivalent, null comes only at unmount, after the actor took the held events.
    if (started) for (const event of held.current.splice(0)) started.send(event);
  }, []);
  // One function for the view's lifetime, so effects and handlers may keep it.
  const send = useCallback((event: EventFromLogic<Flows[TName]>) => {
    if (current.current) current.current.send(event);
    else held.current.push(event);
  }, []);
  const host = (
    <ClientOnly>
      <Suspense fallback={null}>
        <FlowHost name={name} options={startOptions} onActor={onActor} />
      </Suspense>
    </ClientOnly>
  );
  return { actor, send, host };
}

const noActor = () => () => {};

/**
 * One value of a flow's snapshot through one of its machine's selectors, or `initial` until the actor is there.
 * Plain React (no @xstate/react), so the landing page's first load stays small.
 */
export function useFlowValue<TActor extends AnyActorRef, T>(
  actor: TActor | null,
  select: (snapshot: SnapshotFrom<TActor>) => T,
  initial: T,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return noActor();
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(
    subscribe,
    () => (actor ? select(actor.getSnapshot() as SnapshotFrom<TActor>) : initial),
    () => initial,
  );
}
