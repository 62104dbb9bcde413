import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { expect } from 'vitest';
import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
} from 'xstate';
import { createDoubles, type Doubles, type Effect, EffectLog, emitted, formatEffects } from './doubles';
import { type Inventory, inventoryKeyOfTaken, targetStateIds } from './inventory';
import { invokeIdOf, isAfterEvent, type ModelEvents } from './model-events';
import type { ModelPath, ModelStep } from './paths';
import { TestClock } from './test-clock';
import { keyOfTakenTransition } from './transitions';

/** What a test sees after each step of a path, taken from the real actor, not from the model. */
export interface StepObservation<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> {
  snapshot: TSnapshot;
  /** The actor's snapshot before this step; undefined for `init`. */
  previous: TSnapshot | undefined;
  /** The model event of this step (for `done:`/`error:` steps, the output or error the double settled with). */
  event: AnyEventObject;
  /** This step's label: `init`, an event type, `done:<actor>`, `error:<actor>` or `after:<delay>`. */
  label: string;
  /** Labels of the path so far, this step included. */
  history: readonly string[];
  /**
   * The path's events so far, this step's included: the test's own fixtures (for `done:`/`error:` steps the
   * output or error it listed). Expected values are computed from these, never from the actor's context or a
   * function of `src/` (docs/testing.md, "Oracles").
   */
  events: readonly AnyEventObject[];
  /** Every effect of the path so far, and those of this step alone. */
  effects: EffectLog;
  stepEffects: EffectLog;
  /** Simulated milliseconds since the actor started. */
  now: number;
}

export type StepObserver<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> = (
  observation: StepObservation<TSnapshot>,
) => void | Promise<void>;

/** The effects a step must have: a list, or a function of what the step saw (its event, the previous state). */
export type EffectsExpectation<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> =
  | readonly Effect[]
  | ((observation: StepObservation<TSnapshot>) => readonly Effect[]);

export interface ExecutionOptions {
  input?: unknown;
  /** Observations by state (`'checkingUser.loading'`, or `'#id'`), run at each step that ends there. */
  states?: Readonly<Record<string, StepObserver>>;
  /** Observations by step label, run after each step with that label. */
  afterStep?: Readonly<Record<string, StepObserver>>;
  /** The exact effects of each step label; a step with effects and no entry for its label fails. */
  effects?: Readonly<Record<string, EffectsExpectation>>;
  /** The product's value of each named delay, in milliseconds. */
  delays?: Readonly<Record<string, number>>;
  /** Implementations to use instead of the generated doubles (e.g. a callback actor). */
  provide?: Parameters<AnyStateMachine['provide']>[0];
  /** The reviewed inventory: every transition the actor takes must be listed, and land where it says. */
  inventory: Inventory;
}

/** Where an executed path reports what the real actor did. */
export interface ExecutionRecord {
  takenTransitions: Set<string>;
  /** For the report: by transition key, the replays (`bare`, `view` or a host's name, and the path) that took it. */
  takenBy?: Map<string, Set<string>>;
  /** Keys of `states`, `afterStep`, `effects` (and a view's `shows`) entries that ran at least once. */
  observersRun: Set<string>;
}

/**
 * How a path reaches the actor. The bare driver creates the actor and sends it the events; a view driver renders
 * the view (which creates the actor from the harness's logic and options) and performs the user's events on it.
 */
export interface PathDriver {
  /** Creates and starts the actor; `logic` and `actorOptions` are what it must be created from. */
  start(logic: AnyStateMachine, actorOptions: ActorOptions): Promise<AnyActorRef>;
  /** Delivers one of the machine's own events (not a completion or a timer). */
  send(actor: AnyActorRef, event: AnyEventObject): Promise<void>;
  /**
   * Waits for the actor to reach the model's state (`where()` answers null once it has, or what differs) and for
   * whatever else the driver shows of it; answers the last difference, or null.
   */
  settle(where: () => string | null): Promise<string | null>;
  /** Checks what the driver shows of the state the actor is in (the view's `shows`); throws if it is wrong. */
  check(snapshot: AnyMachineSnapshot, record: ExecutionRecord, observation: StepObservation): Promise<void>;
  stop(): void;
}

/** The options the actor under test must be created with: the harness's clock and inspection. */
export interface ActorOptions {
  clock: TestClock;
  inspect: (inspection: unknown) => void;
  input?: unknown;
}

/** The bare actor: created here, sent events directly. */
export const bareDriver = (): PathDriver => {
  let actor: AnyActorRef | undefined;
  return {
    start: async (logic, actorOptions) => {
      actor = createActor(logic, actorOptions as Parameters<typeof createActor>[1]);
      actor.start();
      return actor;
    },
    send: async (target, event) => target.send(event),
    settle: async (where) => {
      // Promise doubles settle in microtasks; let them reach the actor before looking at it.
      await nextMacrotask();
      return where();
    },
    check: async () => {},
    stop: () => actor?.stop(),
  };
};

/**
 * Runs one model path against a real actor of the machine: starts it, realises each step (sends the event,
 * settles the invoked double, or moves the simulated clock to the delay), and checks after each step that the
 * actor is where the model says and had exactly the declared effects, before running the test's observations.
 * Transitions are recorded from the actor's own `@xstate.microstep` inspection events, so coverage is what the
 * actor did, not what was planned.
 */
export async function executePath(
  machine: AnyStateMachine,
  path: ModelPath,
  modelEvents: ModelEvents,
  serializeState: (snapshot: AnyMachineSnapshot) => string,
  options: ExecutionOptions,
  record: ExecutionRecord,
  driver: PathDriver = bareDriver(),
  replay = 'bare',
): Promise<void> {
  const doubles = createDoubles(machine);
  const clock = new TestClock();
  const logic = machine.provide({
    ...options.provide,
    actors: { ...doubles.actors, ...options.provide?.actors },
    actions: { ...doubles.actions, ...options.provide?.actions },
  });
  const actorErrors: unknown[] = [];
  const inventoryTargets = new Map(options.inventory.transitions.map((row) => [row.key, row.target]));
  /** Transitions the actor took that the inventory does not list, or that ended elsewhere than it says. */
  const inventoryProblems: string[] = [];
  const inspect = (inspection: unknown) => {
    const { type, actorRef, _transitions, action, snapshot } = inspection as {
      type: string;
      actorRef: AnyActorRef & { logic?: unknown };
      _transitions?: Parameters<typeof keyOfTakenTransition>[0][];
      action?: { type: string; params?: { event?: { type: string } } };
      snapshot?: AnyMachineSnapshot;
    };
    // Only what the logic under test does: not its children, nor a parent that invokes it.
    if (!isLogicUnderTest(actorRef, logic)) return;
    // An event emitted to the view is an effect, in its place among the custom actions (both run in order).
    if (type === '@xstate.action' && action?.type === 'xstate.emit' && action.params?.event)
      doubles.effects.push(emitted(action.params.event));
    if (type !== '@xstate.microstep') return;
    for (const transition of _transitions ?? []) {
      const key = keyOfTakenTransition(transition);
      record.takenTransitions.add(key);
      if (record.takenBy) {
        const replays = record.takenBy.get(key) ?? new Set<string>();
        replays.add(`${replay}\t${path.description}`);
        record.takenBy.set(key, replays);
      }
      inventoryProblems.push(...checkAgainstInventory(machine, transition, snapshot, inventoryTargets));
    }
  };

  const history: string[] = [];
  const events: AnyEventObject[] = [];
  let actor: AnyActorRef | undefined;
  let previous: AnyMachineSnapshot | undefined;
  try {
    for (const [index, step] of path.steps.entries()) {
      const label = modelEvents.labelOf(step.event);
      history.push(label);
      events.push(step.event);
      const effectsBefore = doubles.effects.length;
      const failAt = (reason: string) =>
        new Error(`Step ${index + 1} (${label}) of path\n  ${path.description}\n${reason}`);

      if (index === 0) {
        actor = await driver.start(logic, { clock, inspect, input: options.input });
        actor.subscribe({ error: (error) => actorErrors.push(error) });
      } else {
        const problem = await realiseStep(actor!, step, doubles, clock, modelEvents, options, driver);
        if (problem) throw failAt(problem);
      }
      const where = () => {
        if (actorErrors.length > 0) return `The actor failed: ${String(actorErrors[0])}`;
        if (inventoryProblems.length > 0) return inventoryProblems.join('\n');
        const snapshot = actor!.getSnapshot() as AnyMachineSnapshot;
        const expected = serializeState(step.state);
        const actual = serializeState(snapshot);
        if (actual === expected && snapshot.status === step.state.status) return null;
        return `The actor is not where the model says.\n  model:  ${step.state.status} ${expected}\n  actor:  ${snapshot.status} ${actual}`;
      };
      const problem = await driver.settle(where);
      if (problem) throw failAt(problem);

      const snapshot = actor!.getSnapshot() as AnyMachineSnapshot;
      const stepEffects = doubles.effects.slice(effectsBefore);
      const observation: StepObservation = {
        snapshot,
        previous,
        event: step.event,
        label,
        history: [...history],
        events: [...events],
        effects: new EffectLog([...doubles.effects]),
        stepEffects: new EffectLog(stepEffects),
        now: clock.now(),
      };
      const effectsProblem = checkEffects(label, stepEffects, observation, options, record);
      if (effectsProblem) throw failAt(effectsProblem);
      for (const [key, observe] of matchingObservers(snapshot, label, options)) {
        record.observersRun.add(key);
        await observe(observation);
      }
      await driver.check(snapshot, record, observation).catch((error: unknown) => {
        throw failAt(error instanceof Error ? error.message : String(error));
      });
      previous = snapshot;
    }
  } finally {
    driver.stop();
  }
}

/**
 * The inventory's word on one transition the actor took: it must be listed, and every state it targets must be
 * active right after it (the microstep's snapshot), whatever the model generated from the machine believes.
 */
function checkAgainstInventory(
  machine: AnyStateMachine,
  transition: Parameters<typeof keyOfTakenTransition>[0],
  snapshot: AnyMachineSnapshot | undefined,
  inventoryTargets: ReadonlyMap<string, string>,
): string[] {
  const key = inventoryKeyOfTaken(machine, transition);
  const target = inventoryTargets.get(key);
  if (target === undefined) return [`The actor took ${key}, which the inventory does not list.`];
  const active = new Set(snapshot?._nodes.map((node) => node.id) ?? []);
  const missed = targetStateIds(machine, target).filter((id) => !active.has(id));
  return missed.length === 0
    ? []
    : [
        `The actor took ${key}, which the inventory says goes to ${target}, but it is not in ${missed.join(', ')}.`,
      ];
}

/** The actor under test runs `logic`, or a copy the view made of it with `logic.provide(...)`. */
export function isLogicUnderTest(actorRef: { logic?: unknown }, logic: AnyStateMachine): boolean {
  const running = actorRef.logic as AnyStateMachine | undefined;
  return running === logic || running?.config === logic.config;
}

/** Makes a step after `init` happen to the real actor; answers why it could not, or null. */
async function realiseStep(
  actor: AnyActorRef,
  step: ModelStep,
  doubles: Doubles,
  clock: TestClock,
  modelEvents: ModelEvents,
  options: ExecutionOptions,
  driver: PathDriver,
): Promise<string | null> {
  const { event } = step;
  const completion = invokeIdOf(event);
  if (completion) {
    const invocation = doubles.pending.get(completion.actorId);
    if (!invocation) {
      return `The model expects actor '${modelEvents.sourceOf(completion.actorId)}' (invoke id '${completion.actorId}') to be running, but the real actor has no pending invocation of it.`;
    }
    doubles.pending.delete(completion.actorId);
    if (completion.kind === 'done') invocation.resolve((event as { output?: unknown }).output);
    else invocation.reject((event as { error?: unknown }).error);
    return null;
  }
  if (isAfterEvent(event)) return fireDelay(actor, event, clock, modelEvents, options);
  await driver.send(actor, event);
  return null;
}

/**
 * Moves the simulated clock to exactly when the step's timer is due, after checking that the machine scheduled
 * it for the value the test gives (the product's), and that the clock moved by that much since it was set.
 */
function fireDelay(
  actor: AnyActorRef,
  event: AnyEventObject,
  clock: TestClock,
  modelEvents: ModelEvents,
  options: ExecutionOptions,
): string | null {
  const name = modelEvents.delayOf(event);
  const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents).find(
    (scheduledEvent) => scheduledEvent.event.type === event.type && scheduledEvent.source === actor,
  );
  const timer = scheduled && clock.fireNextTimerOf(scheduled.delay);
  if (!scheduled || !timer) {
    return `The model expects the delayed event '${event.type}' to be scheduled, but the real actor has no such timer.`;
  }
  const expected = options.delays?.[name];
  const moved = clock.now() - timer.setAt;
  if (moved !== expected) {
    return `Delay '${name}' fired after ${moved} ms; the test gives ${expected === undefined ? 'no value' : `${expected} ms`}.`;
  }
  return null;
}

/** Compares a step's effects with its label's declaration; answers what is wrong, or null. */
function checkEffects(
  label: string,
  actual: readonly Effect[],
  observation: StepObservation,
  options: ExecutionOptions,
  record: ExecutionRecord,
): string | null {
  const declared = options.effects?.[label];
  if (declared === undefined) {
    if (actual.length === 0) return null;
    return `The step had effects, but \`effects\` declares none for '${label}': ${formatEffects(actual)}`;
  }
  record.observersRun.add(`effects ${label}`);
  const expected = typeof declared === 'function' ? declared(observation) : declared;
  try {
    expect(actual).toEqual(expected);
    return null;
  } catch (error) {
    return `The step's effects differ from what \`effects\` declares for '${label}'.\n  declared: ${formatEffects(expected)}\n  actual:   ${formatEffects(actual)}\n${error instanceof Error ? error.message : ''}`;
  }
}

function matchingObservers(
  snapshot: AnyMachineSnapshot,
  label: string,
  options: ExecutionOptions,
): Array<[string, StepObserver]> {
  const byState = Object.entries(options.states ?? {})
    .filter(([key]) => matchesStateKey(snapshot, key))
    .map(([key, observe]): [string, StepObserver] => [`state ${key}`, observe]);
  const byStep = Object.entries(options.afterStep ?? {})
    .filter(([key]) => key === label)
    .map(([key, observe]): [string, StepObserver] => [`step ${key}`, observe]);
  return [...byState, ...byStep];
}

export function matchesStateKey(snapshot: AnyMachineSnapshot, key: string): boolean {
  if (key.startsWith('#')) return snapshot._nodes.some((node) => `#${node.id}` === key);
  return snapshot.matches(key);
}
