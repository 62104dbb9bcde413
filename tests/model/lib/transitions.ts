import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * The transitions a machine declares, read from its own graph (not from the paths a test happened to
 * generate), so that coverage has a fixed denominator: every `on`, invoke `onDone`/`onError`, `after` and
 * `always` transition, with each guarded alternative counted on its own.
 */
export interface MachineTransition {
  /** Stable across `machine.provide(...)` copies: source state id, event descriptor, alternative index. */
  key: string;
  /** Id of the state node that declares the transition, e.g. `session.checkingUser`. */
  source: string;
  /** Event descriptor as written in the machine; `always` for eventless transitions. */
  event: string;
  /** Target state ids, or `(no target)` for transitions that only run actions. */
  target: string;
  guard: string | null;
  /** Its place among the alternatives of that source and event (0 for the first). */
  index: number;
}

export const ALWAYS = 'always';

export function listTransitions(machine: AnyStateMachine): MachineTransition[] {
  return allStateNodes(machine.root).flatMap((node) => [
    ...[...node.transitions.entries()].flatMap(([descriptor, alternatives]) =>
      alternatives.map((transition, index) => describeTransition(node, descriptor, index, transition)),
    ),
    ...(node.always ?? []).map((transition, index) => describeTransition(node, ALWAYS, index, transition)),
  ]);
}

/**
 * The key of a transition the running actor took (from an `@xstate.microstep` inspection event). The index is
 * looked up on the transition's own source node, so it works for the provided copy the actor runs.
 */
export function keyOfTakenTransition(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const alwaysIndex = source.always?.indexOf(transition) ?? -1;
  if (alwaysIndex >= 0) return transitionKey(source.id, ALWAYS, alwaysIndex);
  const index = source.transitions.get(transition.eventType)?.indexOf(transition) ?? -1;
  if (index < 0) {
    throw new Error(`Transition on '${transition.eventType}' is not declared by state '${source.id}'.`);
  }
  return transitionKey(source.id, transition.eventType, index);
}

/** `source  --event [guard]-->  target`, as untaken transitions are listed. */
export function formatTransition(transition: MachineTransition): string {
  const guard = transition.guard ? ` [${transition.guard}]` : '';
  return `${transition.source}  --${transition.event}${guard}-->  ${transition.target}`;
}

export function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child))];
}

function transitionKey(sourceId: string, event: string, index: number): string {
  return `${sourceId}|${event}|${index}`;
}

function describeTransition(
  node: AnyStateNode,
  event: string,
  index: number,
  transition: AnyTransitionDefinition,
): MachineTransition {
  return {
    key: transitionKey(node.id, event, index),
    source: node.id,
    event,
    target: transition.target?.length
      ? transition.target.map((target) => target.id).join(', ')
      : '(no target)',
    guard: describeGuard(transition.guard),
    index,
  };
}

function describeGuard(guard: AnyTransitionDefinition['guard']): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
}
