import { setImmediate as nextMacrotask } from 'node:timers/promises';
import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
} from 'xstate';
import { createDoubles, type Doubles, EffectLog } from './doubles';
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
  /** Every effect of the path so far, and those of this step alone. */
  effects: EffectLog;
  stepEffects: EffectLog;
  /** Simulated milliseconds since the actor started. */
  now: number;
}

export type StepObserver<TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot> = (
  observation: StepObservation<TSnapshot>,
) => void | Promise<void>;

export interface ExecutionOptions {
  input?: unknown;
  /** Observations by state (`'checkingUser.loading'`, or `'#id'`), run at each step that ends there. */
  states?: Readonly<Record<string, StepObserver>>;
  /** Observations by step label, run after each step with that label. */
  afterStep?: Readonly<Record<string, StepObserver>>;
  /** Implementations to use instead of the generated doubles (e.g. a callback actor). */
  provide?: Parameters<AnyStateMachine['provide']>[0];
}

/** Where an executed path reports what the real actor did. */
export interface ExecutionRecord {
  takenTransitions: Set<string>;
  /** Keys of `states` and `afterStep` observers that ran at least once. */
  observersRun: Set<string>;
}

/**
 * Runs one model path against a real actor of the machine: starts it, realises each step (sends the event,
 * settles the invoked double, or moves the simulated clock to the delay), and checks after each step that the
 * actor is where the model says, before running the test's observations. Transitions are recorded from the
 * actor's own `@xstate.microstep` inspection events, so coverage is what the actor did, not what was planned.
 */
export async function executePath(
  machine: AnyStateMachine,
  path: ModelPath,
  modelEvents: ModelEvents,
  serializeState: (snapshot: AnyMachineSnapshot) => string,
  options: ExecutionOptions,
  record: ExecutionRecord,
): Promise<void> {
  const doubles = createDoubles(machine);
  const clock = new TestClock();
  const provided = machine.provide({
    ...options.provide,
    actors: { ...doubles.actors, ...options.provide?.actors },
    actions: { ...doubles.actions, ...options.provide?.actions },
  });
  const actorErrors: unknown[] = [];
  const actor = createActor(provided, {
    clock,
    input: options.input,
    inspect: (inspection) => {
      // Only the machine's own microsteps: the root actor's session id is the inspection's root id.
      if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId)
        return;
      for (const transition of inspection._transitions)
        record.takenTransitions.add(keyOfTakenTransition(transition));
    },
  });
  actor.subscribe({ error: (error) => actorErrors.push(error) });

  const history: string[] = [];
  let previous: AnyMachineSnapshot | undefined;
  try {
    for (const [index, step] of path.steps.entries()) {
      const label = modelEvents.labelOf(step.event);
      history.push(label);
      const effectsBefore = doubles.effects.length;
      const failAt = (reason: string) =>
        new Error(`Step ${index + 1} (${label}) of path\n  ${path.description}\n${reason}`);

      const problem = await realiseStep(actor, step, index, doubles, clock, modelEvents);
      if (problem) throw failAt(problem);
      if (actorErrors.length > 0) throw failAt(`The actor failed: ${String(actorErrors[0])}`);

      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      const expected = serializeState(step.state);
      const actual = serializeState(snapshot);
      if (actual !== expected || snapshot.status !== step.state.status) {
        throw failAt(
          `The actor is not where the model says.\n  model:  ${step.state.status} ${expected}\n  actor:  ${snapshot.status} ${actual}`,
        );
      }

      const observation: StepObservation = {
        snapshot,
        previous,
        event: step.event,
        label,
        history: [...history],
        effects: new EffectLog([...doubles.effects]),
        stepEffects: new EffectLog(doubles.effects.slice(effectsBefore)),
        now: clock.now(),
      };
      for (const [key, observe] of matchingObservers(snapshot, label, options)) {
        record.observersRun.add(key);
        await observe(observation);
      }
      previous = snapshot;
    }
  } finally {
    actor.stop();
  }
}

/** Makes the step happen to the real actor; answers why it could not, or null. */
async function realiseStep(
  actor: AnyActorRef,
  step: ModelStep,
  index: number,
  doubles: Doubles,
  clock: TestClock,
  modelEvents: ModelEvents,
): Promise<string | null> {
  const { event } = step;
  const completion = invokeIdOf(event);
  if (index === 0) {
    actor.start();
  } else if (completion) {
    const invocation = doubles.pending.get(completion.actorId);
    if (!invocation) {
      return `The model expects actor '${modelEvents.sourceOf(completion.actorId)}' (invoke id '${completion.actorId}') to be running, but the real actor has no pending invocation of it.`;
    }
    doubles.pending.delete(completion.actorId);
    if (completion.kind === 'done') invocation.resolve((event as { output?: unknown }).output);
    else invocation.reject((event as { error?: unknown }).error);
  } else if (isAfterEvent(event)) {
    const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents).find(
      (scheduledEvent) => scheduledEvent.event.type === event.type && scheduledEvent.source === actor,
    );
    if (!scheduled || !clock.fireNextTimerOf(scheduled.delay)) {
      return `The model expects the delayed event '${event.type}' to be scheduled, but the real actor has no such timer.`;
    }
  } else {
    actor.send(event);
  }
  // Promise doubles settle in microtasks; let them reach the actor before looking at it.
  await nextMacrotask();
  return null;
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

function matchesStateKey(snapshot: AnyMachineSnapshot, key: string): boolean {
  if (key.startsWith('#')) return snapshot._nodes.some((node) => `#${node.id}` === key);
  return snapshot.matches(key);
}
