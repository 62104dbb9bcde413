import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { invokeIdOf, isAfterEvent, type ModelEvents } from './model-events';
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

/** Longest a chained path may grow; past it, the remaining moves start a new path from the initial state. */
const MAX_PATH_STEPS = 32;

interface Move {
  key: string;
  /**
   * A timer or an invoked actor that settles while its state stays active: the model would offer it again from
   * the next state, but the real one has fired. Such a move may only end a path, never lead on.
   */
  spent: boolean;
  event: EventObject;
  next: AnyMachineSnapshot;
  nextKey: string;
}

/**
 * Paths that together take every transition the model can take, chained. A "move" is an event, with its payload,
 * taking some transitions from a state value; every move is needed once, whatever context it starts from, so every
 * supplied payload runs wherever it takes a transition, and one that takes different transitions (a guard on the
 * payload or the context) runs for each. Each path starts at the initial state and keeps going: it takes a move
 * not yet covered where it stands, or walks the shortest way to the nearest state that has one, until none is in
 * reach, MAX_PATH_STEPS is reached or a move ends it (a final state, a spent timer: see Move); moves that end a
 * path come last. Few, long paths mean few fresh actors and, when the view replays them, few renders.
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
  const initialKey = Object.keys(adjacency)[0]!;

  const movesFrom = new Map<string, Move[]>();
  const uncovered = new Set<string>();
  for (const [fromKey, { state: from, transitions }] of Object.entries(adjacency)) {
    const moves: Move[] = [];
    for (const { event, state: next } of Object.values(transitions) as Array<{
      event: EventObject;
      state: AnyMachineSnapshot;
    }>) {
      const taken = machine.getTransitionData(from, event).map(keyOfTakenTransition);
      if (taken.length === 0) continue; // the event is ignored here: nothing to cover
      const key = toStableJson([from.value, taken.sort(), event]);
      const oneShot = isAfterEvent(event) || invokeIdOf(event) !== null;
      const spent = oneShot && modelEvents.eventsFor(next).some((offered) => offered.type === event.type);
      moves.push({ key, spent, event, next, nextKey: serializeState(next) });
      uncovered.add(key);
    }
    movesFrom.set(fromKey, moves);
  }
  const hasUncovered = (stateKey: string) =>
    movesFrom.get(stateKey)?.some((move) => uncovered.has(move.key)) ?? false;

  const paths: ModelStep[][] = [];
  while (uncovered.size > 0) {
    const steps: ModelStep[] = [
      { event: { type: 'xstate.init' }, state: adjacency[initialKey as keyof typeof adjacency]!.state },
    ];
    let at = initialKey;
    for (;;) {
      const route = shortestRoute(movesFrom, at, hasUncovered);
      if (!route) break;
      const candidates = movesFrom
        .get(route.at(-1)?.nextKey ?? at)!
        .filter((move) => uncovered.has(move.key));
      // Moves that end the path (a final state, a spent timer) wait until nothing else is left here.
      const move = candidates.find((candidate) => !endsPath(candidate)) ?? candidates[0]!;
      // A path that already did some work ends rather than grow past the limit (the first move always fits).
      if (steps.length > 1 && steps.length + route.length + 1 > MAX_PATH_STEPS) break;
      for (const step of [...route, move]) {
        steps.push({ event: step.event, state: step.next });
        uncovered.delete(step.key);
      }
      at = move.nextKey;
      if (endsPath(move)) break;
    }
    if (steps.length === 1) throw new Error(`No path from the initial state reaches ${[...uncovered][0]}.`);
    paths.push(steps);
  }

  return paths.map((steps) => ({
    steps,
    description: steps.map((step) => describeStep(modelEvents, step.event)).join(' → '),
  }));
}

const endsPath = (move: Move) => move.spent || move.next.status !== 'active';

/** The fewest moves from `from` to a state `isGoal` accepts (none when `from` is one); undefined if none is reachable. */
function shortestRoute(
  movesFrom: ReadonlyMap<string, readonly Move[]>,
  from: string,
  isGoal: (stateKey: string) => boolean,
): Move[] | undefined {
  if (isGoal(from)) return [];
  const cameBy = new Map<string, { move: Move; from: string } | null>([[from, null]]);
  const queue = [from];
  for (let index = 0; index < queue.length; index += 1) {
    const at = queue[index]!;
    for (const move of movesFrom.get(at) ?? []) {
      if (move.spent || cameBy.has(move.nextKey)) continue;
      cameBy.set(move.nextKey, { move, from: at });
      if (isGoal(move.nextKey)) {
        const route: Move[] = [];
        for (let link = cameBy.get(move.nextKey); link; link = cameBy.get(link.from))
          route.unshift(link.move);
        return route;
      }
      queue.push(move.nextKey);
    }
  }
  return undefined;
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
