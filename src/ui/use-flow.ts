import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate';
import { type FlowName, type Flows, useAppContext, useFlowLogic } from './app-context';

/** What the view hosting a flow adds: the flow's input, and the actions on what only the view owns. */
export interface FlowHostOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
  /**
   * Actions on the view's own state (which dialog is open), never I/O or navigation: those are provided at the
   * composition root. Read once, when the actor starts.
   */
  actions?: Partial<Record<keyof TMachine['implementations']['actions'], (...args: never[]) => void>>;
}

/**
 * Starts a flow for the life of the calling view: the root's provided machine (actors, actions and delays wired at
 * the composition root), created with the root's actor options (inspector, test clock). Suspends until the flows
 * have loaded.
 */
export function useFlow<TName extends FlowName>(
  name: TName,
  options: FlowHostOptions<Flows[TName]> = {},
): ActorRefFrom<Flows[TName]> {
  const { actorOptions } = useAppContext();
  const logic = useFlowLogic(name) as AnyStateMachine;
  // Provided once: the actor must not be recreated when the view re-renders with new callbacks.
  const [hosted] = useState(() =>
    options.actions ? logic.provide({ actions: options.actions as never }) : logic,
  );
  return useActorRef(hosted, {
    ...actorOptions,
    ...(options.input === undefined ? {} : { input: options.input }),
  } as never) as unknown as ActorRefFrom<Flows[TName]>;
}
