import { type Actor, type ActorOptions, type AnyActorLogic, createActor } from 'xstate';
import { getInspector } from './inspection';

/**
 * Creates every app-level actor, so inspection (./inspection.ts) attaches in exactly one place. An `inspect`
 * passed by the caller wins over the app-wide inspector.
 */
export function createAppActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: ActorOptions<TLogic> = {},
): Actor<TLogic> {
  const inspect = options.inspect ?? getInspector();
  return createActor(logic, inspect ? { ...options, inspect } : options);
}
