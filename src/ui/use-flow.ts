import { useActorRef } from '@xstate/react';
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate';
import { type FlowName, type Flows, useAppContext, useFlowLogic } from './app-context';

/** What the view hosting a flow adds: the flow's input. */
export interface FlowHostOptions<TMachine extends AnyStateMachine> {
  input?: InputFrom<TMachine>;
}

/**
 * Starts a flow for the life of the calling view: the root's provided machine (actors, actions and delays wired at
 * the composition root, never here), created with the root's actor options (inspector, test clock). Suspends until
 * the flows have loaded.
 */
export function useFlow<TName extends FlowName>(
  name: TName,
  options: FlowHostOptions<Flows[TName]> = {},
): ActorRefFrom<Flows[TName]> {
  const { actorOptions } = useAppContext();
  return useActorRef(
    useFlowLogic(name) as Flows[TName],
    {
      ...actorOptions,
      ...(options.input === undefined ? {} : { input: options.input }),
    } as never,
  ) as ActorRefFrom<Flows[TName]>;
}
