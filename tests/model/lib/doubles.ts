import { type AnyStateMachine, fromPromise } from 'xstate';

/** One side effect the machine asked for while a path ran, in the order it happened. */
export type Effect =
  | { kind: 'action'; name: string; params: unknown }
  | { kind: 'invoke'; src: string; id: string; input: unknown };

/** The effects of a path (or of one step of it), with the questions tests usually ask of them. */
export class EffectLog {
  constructor(readonly entries: readonly Effect[]) {}

  /** Names of the named custom actions that ran, e.g. `['goToReset']`. */
  actionNames(): string[] {
    return this.entries.flatMap((effect) => (effect.kind === 'action' ? [effect.name] : []));
  }

  /** Invocations of one named actor, with the input the machine gave it. */
  invocations(src: string): Array<Extract<Effect, { kind: 'invoke' }>> {
    return this.entries.flatMap((effect) => (effect.kind === 'invoke' && effect.src === src ? [effect] : []));
  }
}

/** An invoked promise actor that has started and waits for the path executor to settle it. */
export interface PendingInvocation {
  src: string;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface Doubles {
  actors: Record<string, ReturnType<typeof fromPromise>>;
  actions: Record<string, (args: unknown, params: unknown) => void>;
  effects: Effect[];
  /** Running invocations by invoke id (the `<id>` of `xstate.done.actor.<id>`). */
  pending: Map<string, PendingInvocation>;
}

/**
 * Fresh doubles for one path: every named actor becomes a promise that only the path executor settles, and
 * every named custom action (a plain function, not an assign/raise/sendTo built-in) becomes a recorder, so a
 * path runs with no I/O and no navigation, and tests can see what the machine asked for.
 */
export function createDoubles(machine: AnyStateMachine): Doubles {
  const effects: Effect[] = [];
  const pending = new Map<string, PendingInvocation>();

  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((src) => [
      src,
      fromPromise<unknown, unknown>(
        ({ input, self, signal }) =>
          new Promise((resolve, reject) => {
            effects.push({ kind: 'invoke', src, id: self.id, input });
            const invocation: PendingInvocation = { src, resolve, reject };
            pending.set(self.id, invocation);
            // A stopped child (its state was left) can no longer be settled; a later invocation reuses the id.
            signal.addEventListener('abort', () => {
              if (pending.get(self.id) === invocation) pending.delete(self.id);
            });
          }),
      ),
    ]),
  );

  const actions = Object.fromEntries(
    Object.entries(machine.implementations.actions)
      .filter(([, implementation]) => isCustomAction(implementation))
      .map(([name]) => [
        name,
        (_args: unknown, params: unknown) => {
          effects.push({ kind: 'action', name, params });
        },
      ]),
  );

  return { actors, actions, effects, pending };
}

/** Built-in actions (assign, raise, sendTo, ...) carry a `resolve` step; only custom ones are effects to stub. */
function isCustomAction(implementation: unknown): boolean {
  return typeof implementation === 'function' && !('resolve' in implementation);
}
