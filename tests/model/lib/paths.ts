import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { ModelEvents } from './model-events';
import { keyOfTakenTransition } from './transitions';

/** One step of a path: send (or realise) `event`, then the actor must be in `state`. */
export interface ModelStep {
  event: EventObject;
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  steps: ModelStep[];
  /** Step labels joined by arrows, e.g. `init → auth.signedIn → done:exchangeToken`. */
  description: string;
}

export interface PathGenerationOptions {
  input?: unknown;
  /** Identity of a model state; by default its value and context. Narrow it when context is unbounded. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

/** JSON that keeps Error payloads apart (plain JSON turns every Error into `{}`). */
export function toStableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Error ? { ...item, name: item.name, message: item.message } : item,
  );
}

export const serializeValueAndContext = (snapshot: AnyMachineSnapshot): string =>
  toStableJson({ value: snapshot.value, context: snapshot.context });

/**
 * Paths that together take every transition the model can take: the shortest path to every model state
 * (TestModel's shortest paths, one per state), extended by every event that state enables. Extensions that
 * take the same transitions from the same state value to the same next state (value and context) are kept
 * once, the shortest, so every supplied payload that makes a difference runs at least once; paths that are
 * prefixes of longer ones are dropped.
 */
export function generateTransitionPaths(
  machine: AnyStateMachine,
  modelEvents: ModelEvents,
  options: PathGenerationOptions,
): ModelPath[] {
  const serializeState = options.serializeState ?? serializeValueAndContext;
  // Built directly: createTestModel refuses machines with invoke and after (TECH-NOTES section 1).
  const model = new TestModel(machine, {
    serializeState: (snapshot) => serializeState(snapshot),
    serializeEvent: toStableJson,
    events: (snapshot) => modelEvents.eventsFor(snapshot),
    input: options.input,
  });
  const adjacency = model.getAdjacencyMap();
  const pathsToStates = model
    .getShortestPaths({ allowDuplicatePaths: true })
    .sort((a, b) => a.steps.length - b.steps.length);

  const seenMoves = new Set<string>();
  const extended: ModelStep[][] = [];
  for (const pathToState of pathsToStates) {
    const from = pathToState.state;
    const outgoing = adjacency[serializeState(from) as keyof typeof adjacency]?.transitions ?? {};
    for (const { event, state: next } of Object.values(outgoing)) {
      const taken = machine.getTransitionData(from, event).map(keyOfTakenTransition);
      if (taken.length === 0) continue; // the event is ignored here: nothing to cover
      const move = toStableJson([from.value, taken.sort(), serializeState(next)]);
      if (seenMoves.has(move)) continue;
      seenMoves.add(move);
      extended.push([...pathToState.steps, { event, state: next }]);
    }
  }

  return withoutPrefixes(extended).map((steps) => ({
    steps,
    description: steps.map((step) => describeStep(modelEvents, step.event)).join(' → '),
  }));
}

function describeStep(modelEvents: ModelEvents, event: EventObject): string {
  const { type: _type, actorId: _actorId, ...payload } = event as EventObject & { actorId?: unknown };
  const label = modelEvents.labelOf(event);
  const values = Object.values(payload).filter((value) => value !== undefined);
  if (values.length === 0) return label;
  const [only] = values;
  const summary =
    values.length > 1
      ? toStableJson(payload)
      : only instanceof Error
        ? `Error: ${only.message}`
        : toStableJson(only);
  return `${label}(${summary.length > 40 ? `${summary.slice(0, 39)}…` : summary})`;
}

function withoutPrefixes(paths: ModelStep[][]): ModelStep[][] {
  const signature = (steps: ModelStep[]) => steps.map((step) => toStableJson(step.event));
  const longestFirst = [...paths].sort((a, b) => b.length - a.length);
  const kept: Array<{ steps: ModelStep[]; events: string[] }> = [];
  for (const steps of longestFirst) {
    const events = signature(steps);
    const isPrefix = kept.some((longer) => events.every((event, index) => longer.events[index] === event));
    if (!isPrefix) kept.push({ steps, events });
  }
  // Shortest first reads best in test output.
  return kept.reverse().map((path) => path.steps);
}
