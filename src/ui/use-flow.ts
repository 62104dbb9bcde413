import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useRef } from 'react';
import type { Actor, EmittedFrom, InputFrom } from 'xstate';
import { type FlowName, type Flows, useAppContext, useFlowLogic } from './app-context';

type EmittedOf<TName extends FlowName> = EmittedFrom<Flows[TName]>;

/** What the view hosting a flow adds: the flow's input, and what it does when the flow tells it something. */
export interface FlowHostOptions<TName extends FlowName> {
  input?: InputFrom<Flows[TName]>;
  /**
   * What the view does when the flow tells it something (`done`, `signup.open`): the one way a view hears from its
   * flow. Only the view's own state (a dialog, a scroll); I/O and navigation are the flow's, wired at the root.
   */
  on?: { [Type in EmittedOf<TName>['type']]?: (event: Extract<EmittedOf<TName>, { type: Type }>) => void };
}

/**
 * Starts a flow for the life of the calling view: the root's provided machine (its port provided from its I/O at
 * the composition root), created with the root's actor options (inspector, test clock). Suspends until the flows
 * have loaded.
 */
export function useFlow<TName extends FlowName>(
  name: TName,
  { input, on }: FlowHostOptions<TName> = {},
): Actor<Flows[TName]> {
  const { actorOptions } = useAppContext();
  const actor = useActorRef(useFlowLogic(name), { ...actorOptions, input });
  // The newest handlers, without listening again on every render.
  const handlers = useRef(on);
  handlers.current = on;
  // A layout effect: it runs before the actor starts (in useActorRef's effect), so nothing the flow says is missed.
  useLayoutEffect(() => {
    const subscription = actor.on('*', (event: { type: string }) => {
      (
        handlers.current?.[event.type as keyof typeof handlers.current] as
          | ((event: unknown) => void)
          | undefined
      )?.(event);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  return actor;
}
