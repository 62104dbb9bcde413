import { useEffect } from 'react';
import type { Actor } from 'xstate';
import type { FlowName, Flows } from '../app-context';
import { type FlowHostOptions, useFlow } from '../use-flow';

export interface FlowHostProps<TName extends FlowName> {
  name: TName;
  options: FlowHostOptions<TName>;
  onActor: (actor: Actor<Flows[TName]> | null) => void;
}

/**
 * Runs a flow for a view that must not wait for it: the view renders at once (and at build time), this host
 * suspends until the flows have loaded and then hands the actor up. A chunk of its own with @xstate/react, so
 * the landing page's first load carries neither.
 */
export default function FlowHost<TName extends FlowName>({ name, options, onActor }: FlowHostProps<TName>) {
  const actor = useFlow(name, options);
  useEffect(() => {
    onActor(actor);
    return () => onActor(null);
  }, [actor, onActor]);
  return null;
}
