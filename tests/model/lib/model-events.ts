import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { allStateNodes } from './transitions';

/** What an invoked actor may answer in the model: each output and each error becomes one model event. */
export interface ActorOutcomes {
  outputs?: readonly unknown[];
  errors?: readonly unknown[];
}

export interface ModelEventOptions {
  /**
   * Payload variants of the machine's own events, e.g. `{ type: 'auth.signedIn', accessToken: 't' }`. Every
   * event type the machine accepts must be listed (an event without payload as `{ type }`): the model sends
   * nothing else.
   */
  events?: readonly EventObject[];
  /** Outcomes per named actor (the key in `setup({ actors })`); default one `undefined` output, one Error. */
  actors?: Readonly<Partial<Record<string, ActorOutcomes>>>;
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
// Raised by the machine itself when a child reaches a final state; the outside world cannot send it.
const DONE_STATE = 'xstate.done.state.';

/** How a model step is named in path titles and in `afterStep` hooks: `init`, `done:loadUser`, `after:7000`. */
export type StepLabel = string;

/**
 * Turns the machine's event descriptors into concrete events for the model: ordinary events take the test's
 * payload variants; invoke completions and delays become the `xstate.done.actor.*`, `xstate.error.actor.*`
 * and `xstate.after.*` events that the path executor later realises by settling a double or moving a clock.
 */
export function createModelEvents(machine: AnyStateMachine, options: ModelEventOptions) {
  const srcByInvokeId = invokeSources(machine);
  const supplied = options.events ?? [];

  function eventsFor(snapshot: AnyMachineSnapshot): EventObject[] {
    const descriptors = new Set(snapshot._nodes.flatMap((node) => [...node.transitions.keys()]));
    return [...descriptors].flatMap((descriptor): EventObject[] => {
      if (descriptor.startsWith(DONE_STATE)) return [];
      if (descriptor.startsWith(DONE_ACTOR)) {
        const actorId = descriptor.slice(DONE_ACTOR.length);
        const outputs = outcomesOf(actorId).outputs ?? [undefined];
        return outputs.map((output) => ({ type: descriptor, output, actorId }));
      }
      if (descriptor.startsWith(ERROR_ACTOR)) {
        const actorId = descriptor.slice(ERROR_ACTOR.length);
        const errors = outcomesOf(actorId).errors ?? [new Error(`${srcByInvokeId.get(actorId)} failed`)];
        return errors.map((error) => ({ type: descriptor, error, actorId }));
      }
      if (descriptor.startsWith(AFTER)) return [{ type: descriptor }];
      // Only the test's fixtures: checkEventFixtures has made sure every accepted event type has some.
      return supplied.filter((event) => matchesDescriptor(descriptor, event.type));
    });
  }

  function outcomesOf(actorId: string): ActorOutcomes {
    const src = srcByInvokeId.get(actorId);
    return (src === undefined ? undefined : options.actors?.[src]) ?? {};
  }

  function labelOf(event: EventObject): StepLabel {
    if (event.type === 'xstate.init') return 'init';
    if (event.type.startsWith(DONE_ACTOR)) return `done:${sourceOf(event.type.slice(DONE_ACTOR.length))}`;
    if (event.type.startsWith(ERROR_ACTOR)) return `error:${sourceOf(event.type.slice(ERROR_ACTOR.length))}`;
    if (event.type.startsWith(AFTER)) return `after:${afterDelay(event.type)}`;
    return event.type;
  }

  function sourceOf(actorId: string): string {
    return srcByInvokeId.get(actorId) ?? actorId;
  }

  /** The delay reference (`7000` or a named delay) of an `xstate.after.<delay>.<stateNodeId>` event. */
  function afterDelay(type: string): string {
    const rest = type.slice(AFTER.length);
    const owner = allStateNodes(machine.root).find((node) => rest.endsWith(`.${node.id}`));
    return owner ? rest.slice(0, -(owner.id.length + 1)) : rest;
  }

  /** The delay (its name, or its milliseconds if unnamed) that an `xstate.after.*` event stands for. */
  function delayOf(event: EventObject): string {
    return afterDelay(event.type);
  }

  return { eventsFor, labelOf, sourceOf, delayOf };
}

export type ModelEvents = ReturnType<typeof createModelEvents>;

/**
 * The machine's own event types (every `on` descriptor, wildcards included), without the `xstate.*` events
 * the harness derives from invokes and delays.
 */
export function acceptedEventTypes(machine: AnyStateMachine): string[] {
  const descriptors = allStateNodes(machine.root).flatMap((node) => [...node.transitions.keys()]);
  return [...new Set(descriptors)].filter((descriptor) => !descriptor.startsWith('xstate.')).sort();
}

/**
 * What is wrong with the test's event fixtures: an accepted event type without any (it would be sent bare,
 * with nothing chosen or asserted about its payload), or fixtures of a type the machine no longer accepts.
 */
export function checkEventFixtures(machine: AnyStateMachine, events: readonly EventObject[]): string[] {
  const accepted = acceptedEventTypes(machine);
  const missing = accepted
    .filter((descriptor) => !events.some((event) => matchesDescriptor(descriptor, event.type)))
    .map(
      (descriptor) =>
        `event '${descriptor}' has no fixture in \`events\`: list its payload variants (without payload: { type: '${descriptor}' }).`,
    );
  const stale = [...new Set(events.map((event) => event.type))]
    .filter((type) => !accepted.some((descriptor) => matchesDescriptor(descriptor, type)))
    .map((type) => `\`events\` lists '${type}', which the machine does not accept (stale fixture).`);
  return [...missing, ...stale];
}

/**
 * What is wrong with the test's delays: each named delay of the machine needs the spec's value written in the
 * test (a number in the machine is compared now; a delay computed by a function is checked when a path fires
 * it), values for delays the machine does not have are stale, and an unnamed `after: { 3000: … }` cannot be
 * checked against anything, so it is refused.
 */
export function checkDelays(machine: AnyStateMachine, delays: Readonly<Record<string, number>>): string[] {
  const problems: string[] = [];
  for (const node of allStateNodes(machine.root)) {
    for (const descriptor of node.transitions.keys()) {
      if (!descriptor.startsWith(AFTER)) continue;
      const reference = descriptor.slice(AFTER.length, -(node.id.length + 1));
      if (/^\d+$/.test(reference))
        problems.push(
          `state '${node.id}' uses an unnamed delay of ${reference} ms: name it in setup({ delays }) so the test can check it against the spec.`,
        );
    }
  }
  const named = machine.implementations.delays as Record<string, unknown>;
  for (const [name, value] of Object.entries(named)) {
    const expected = delays[name];
    if (expected === undefined)
      problems.push(`delay '${name}' has no value in \`delays\`: write the spec's value, in ms.`);
    else if (typeof value === 'number' && value !== expected)
      problems.push(`delay '${name}' is ${value} ms in the machine, but the test gives ${expected} ms.`);
  }
  for (const name of Object.keys(delays)) {
    if (!(name in named))
      problems.push(`\`delays\` gives '${name}', which is not a named delay of the machine (stale).`);
  }
  return problems;
}

export function invokeIdOf(event: EventObject): { kind: 'done' | 'error'; actorId: string } | null {
  if (event.type.startsWith(DONE_ACTOR))
    return { kind: 'done', actorId: event.type.slice(DONE_ACTOR.length) };
  if (event.type.startsWith(ERROR_ACTOR))
    return { kind: 'error', actorId: event.type.slice(ERROR_ACTOR.length) };
  return null;
}

export function isAfterEvent(event: EventObject): boolean {
  return event.type.startsWith(AFTER);
}

function invokeSources(machine: AnyStateMachine): Map<string, string> {
  return new Map(
    allStateNodes(machine.root).flatMap((node) =>
      node.invoke.map((definition): [string, string] => [
        definition.id,
        typeof definition.src === 'string' ? definition.src : definition.id,
      ]),
    ),
  );
}

function matchesDescriptor(descriptor: string, eventType: string): boolean {
  if (descriptor === eventType || descriptor === '*') return true;
  return descriptor.endsWith('.*') && eventType.startsWith(descriptor.slice(0, -1));
}
