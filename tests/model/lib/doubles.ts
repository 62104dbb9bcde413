import { type AnyStateMachine, fromPromise } from 'xstate';

/**
 * One side effect the machine asked for while a path ran, in the order it happened: a named actor started with
 * its input, a named custom action called with its params, or an event emitted to the view (`done`,
 * `signup.open`). Tests write them with `start`, `call` and `emitted`.
 */
export type Effect =
  | { kind: 'start'; actor: string; input: unknown }
  | { kind: 'call'; action: string; params: unknown }
  | { kind: 'emit'; event: { type: string } };

/** The effect of starting the named actor `actor` with `input` (leave it out for an actor without input). */
export const start = (actor: string, input?: unknown): Effect => ({ kind: 'start', actor, input });

/** The effect of calling the named custom action `action` with `params` (leave it out when it has none). */
export const call = (action: string, params?: unknown): Effect => ({ kind: 'call', action, params });

/** The effect of emitting `event` to whoever listens to the actor: the view (`useFlow(name, { on })`). */
export const emitted = (event: { type: string; [key: string]: unknown }): Effect => ({ kind: 'emit', event });

/** `start loadUser({...})`, `call goToReset()`, `emit done()`: how effects read in failure messages. */
export function formatEffects(effects: readonly Effect[]): string {
  if (effects.length === 0) return '(none)';
  return effects
    .map((effect) => {
      const { type, ...payload } = effect.kind === 'emit' ? effect.event : { type: '' };
      const [verb, name, argument] =
        effect.kind === 'start'
          ? ['start', effect.actor, effect.input]
          : effect.kind === 'call'
            ? ['call', effect.action, effect.params]
            : ['emit', type, Object.keys(payload).length > 0 ? payload : undefined];
      return `${verb} ${name}(${argument === undefined ? '' : JSON.stringify(argument)})`;
    })
    .join(', ');
}

/** The effects of a path (or of one step of it), with the questions tests usually ask of them. */
export class EffectLog {
  constructor(readonly entries: readonly Effect[]) {}

  /** Names of the named custom actions that ran, e.g. `['goToReset']`. */
  actionNames(): string[] {
    return this.entries.flatMap((effect) => (effect.kind === 'call' ? [effect.action] : []));
  }

  /** The events emitted to the view, in order. */
  emittedEvents(): { type: string }[] {
    return this.entries.flatMap((effect) => (effect.kind === 'emit' ? [effect.event] : []));
  }

  /** The inputs one named actor was started with, in order. */
  inputsOf(actor: string): unknown[] {
    return this.entries.flatMap((effect) =>
      effect.kind === 'start' && effect.actor === actor ? [effect.input] : [],
    );
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
            effects.push(start(src, input));
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
          effects.push(call(name, params));
        },
      ]),
  );

  return { actors, actions, effects, pending };
}

/** Built-in actions (assign, raise, sendTo, ...) carry a `resolve` step; only custom ones are effects to stub. */
function isCustomAction(implementation: unknown): boolean {
  return typeof implementation === 'function' && !('resolve' in implementation);
}
