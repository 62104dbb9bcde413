import { relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import { type ViewRecord, writeCoverageRecord } from './lib/coverage-store';
import {
  type EffectsExpectation,
  type ExecutionOptions,
  type ExecutionRecord,
  executePath,
  type StepObserver,
} from './lib/executor';
import { compareInventory, type Inventory, readInventory } from './lib/inventory';
import {
  type ActorOutcomes,
  acceptedEventTypes,
  checkDelays,
  checkEventFixtures,
  createModelEvents,
} from './lib/model-events';
import { generateTransitionPaths, type ModelPath, serializeValueAndContext } from './lib/paths';
import { formatTransition, listTransitions, type MachineTransition } from './lib/transitions';
import type { ModelView } from './lib/view-driver';

export { call, type Effect, type EffectLog, emitted, start } from './lib/doubles';
export type { EffectsExpectation, StepObservation, StepObserver } from './lib/executor';
export type { ModelPath } from './lib/paths';
export type { MachineTransition } from './lib/transitions';
export type { ModelView, RenderedView, User } from './lib/view-driver';

/** The rendered view of one machine, typed by its events and snapshot (see ModelView). */
export type MachineView<TMachine extends AnyStateMachine> = ModelView<
  TMachine,
  EventFromLogic<TMachine>,
  SnapshotFrom<TMachine>
>;

/**
 * A machine's view for the model: its rendered Mantine view (every path is then replayed through it too),
 * `'none: <reason>'` for a machine no view shows, or `'pending: <reason>'` while its view is not wired yet.
 */
export type ViewDeclaration<TMachine extends AnyStateMachine> =
  | MachineView<TMachine>
  | `none: ${string}`
  | `pending: ${string}`;

type ActorNames<TMachine extends AnyStateMachine> = Extract<
  keyof TMachine['implementations']['actors'],
  string
>;

export interface ModelTestOptions<TMachine extends AnyStateMachine> {
  /**
   * Payload variants of the machine's own events. Every event type the machine accepts needs at least one
   * (an event without payload is listed as `{ type: 'x' }`), and none may be of a type it does not accept.
   */
  events?: readonly EventFromLogic<TMachine>[];
  /** Outputs and errors each named actor may settle with; each one becomes a separate model event. */
  actors?: Partial<Record<ActorNames<TMachine>, ActorOutcomes>>;
  input?: InputFrom<TMachine>;
  /** Identity of a model state (default: value and context). Narrow it if context can grow without bound. */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Observations per state, checked on the real actor at every step that ends in that state. */
  states?: Readonly<Record<string, StepObserver<SnapshotFrom<TMachine>>>>;
  /** Observations per step label (`auth.signedIn`, `done:loadUser`, `error:signOut`, `after:userLoadTimeout`). */
  afterStep?: Readonly<Record<string, StepObserver<SnapshotFrom<TMachine>>>>;
  /**
   * The exact effects of the steps of each label, in order: `start(actor, input)` and `call(action, params)`.
   * A step that has effects while its label has no entry fails; so does any difference.
   */
  effects?: Readonly<Record<string, EffectsExpectation<SnapshotFrom<TMachine>>>>;
  /** The product's value, in ms, of every named delay of the machine (`{ userLoadTimeout: 7000 }`). */
  delays?: Readonly<Record<string, number>>;
  /** Implementations that replace the generated doubles, for actors the executor cannot settle itself. */
  provide?: ExecutionOptions['provide'];
  /** The machine's view; `npm run test:model` requires every model test to declare one (or say why none). */
  view?: ViewDeclaration<TMachine>;
  /**
   * The other views that host the machine, by name (the session: the Settings page, the signed-in shell): every
   * path is replayed through each of them too, as `path N (view: <name>)`, with their own `shows`.
   */
  hosts?: Readonly<Record<string, MachineView<TMachine>>>;
  /**
   * Registers only the replays through `hosts`: no bare paths, no replay through `view`. A machine whose host
   * replays are long runs them from a test file of its own, which `npm run test:model` runs beside the main one
   * (its budget is 20 s on two cores); the main file then leaves those hosts out. Every path is still replayed
   * through every host, and this file's own checks (every transition taken, every observation run) hold for it.
   */
  hostsOnly?: boolean;
  /**
   * The reviewed transition inventory the machine must match; by default the committed
   * tests/model/inventory/<machine id>.md (the harness's own fixtures give theirs).
   */
  inventory?: Inventory;
}

export interface TransitionCoverage {
  machineId: string;
  transitions: MachineTransition[];
  taken: MachineTransition[];
  untaken: MachineTransition[];
}

/**
 * Model-based testing of a production machine with `xstate/graph`: generates paths that take every transition,
 * runs them against real actors with doubles for actors and a simulated clock for delays, and measures which
 * of the machine's declared transitions those actors actually took.
 */
export function createModelHarness<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelTestOptions<TMachine> = {},
) {
  const inventory = options.inventory ?? readInventory(machine.id);
  const problems = [
    ...compareInventory(machine, inventory).map((difference) => `inventory: ${difference}`),
    ...checkEventFixtures(machine, options.events ?? []),
    ...checkDelays(machine, options.delays ?? {}),
    ...checkPerformedEvents(machine, options.view),
    ...Object.values(options.hosts ?? {}).flatMap((host) => checkPerformedEvents(machine, host)),
  ];
  if (problems.length > 0) {
    throw new Error(
      `The model test of '${machine.id}' does not match the machine:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
  const serializeState = (options.serializeState ?? serializeValueAndContext) as (
    snapshot: AnyMachineSnapshot,
  ) => string;
  const modelEvents = createModelEvents(machine, options);
  const paths = generateTransitionPaths(machine, modelEvents, { input: options.input, serializeState });
  const transitions = listTransitions(machine);
  const record: ExecutionRecord = {
    takenTransitions: new Set(),
    observersRun: new Set(),
    takenBy: new Map(),
  };
  const executionOptions = { ...options, inventory: inventory! } as ExecutionOptions;
  const view = typeof options.view === 'object' ? (options.view as unknown as ModelView) : undefined;
  let viewPathsReplayed = 0;

  return {
    paths,
    transitions,
    record,
    /** Executes one path on a fresh actor; rejects with the first step where the actor and model disagree. */
    runPath: (path: ModelPath) =>
      executePath(machine, path, modelEvents, serializeState, executionOptions, record),
    /**
     * Executes one path through the machine's rendered view (needs a DOM: the `model-view` vitest project);
     * counts it as view-replayed once it passes.
     */
    runPathInView: async (path: ModelPath, hostName?: string) => {
      const host = hostName === undefined ? view : (options.hosts?.[hostName] as unknown as ModelView);
      if (!host)
        throw new Error(`The model test of '${machine.id}' declares no rendered view ${hostName ?? ''}.`);
      if (typeof document === 'undefined')
        throw new Error(
          `Replaying '${machine.id}' through its view needs a DOM: name its model test *.test.tsx (vitest project model-view).`,
        );
      // Loaded only here: testing-library needs a DOM, and machines without a view run in plain node.
      const { viewDriver } = await import('./lib/view-driver');
      await executePath(
        machine,
        path,
        modelEvents,
        serializeState,
        executionOptions,
        record,
        viewDriver(host, hostName),
        hostName ?? 'view',
      );
      if (hostName === undefined) viewPathsReplayed += 1;
    },
    coverage: (): TransitionCoverage => ({
      machineId: machine.id,
      transitions,
      taken: transitions.filter((transition) => record.takenTransitions.has(transition.key)),
      untaken: transitions.filter((transition) => !record.takenTransitions.has(transition.key)),
    }),
    /** What `npm run test:model`'s table needs from this run (the test file adds who it is). */
    coverageRecord: () => ({
      transitions,
      takenKeys: [...record.takenTransitions],
      paths: paths.length,
      viewPathsReplayed,
      view: describeView(options.view),
      pathDescriptions: paths.map((path) => path.description),
      hosts: Object.keys(options.hosts ?? {}),
      // A host-only file replays the paths that the main file counts: not counted twice.
      ...(options.hostsOnly ? { paths: 0 } : {}),
      takenBy: Object.fromEntries([...(record.takenBy ?? [])].map(([key, replays]) => [key, [...replays]])),
      observersRun: [...record.observersRun],
    }),
    /** Declared observations that no step ever reached: an assertion that never runs proves nothing. */
    observersNeverRun: (): string[] =>
      [
        ...Object.keys(options.states ?? {}).map((key) => `state ${key}`),
        ...Object.keys(options.afterStep ?? {}).map((key) => `step ${key}`),
        ...Object.keys(options.effects ?? {}).map((key) => `effects ${key}`),
        ...(options.hostsOnly ? [] : Object.keys(view?.shows ?? {}).map((key) => `shows ${key}`)),
        ...Object.entries(options.hosts ?? {}).flatMap(([name, host]) =>
          Object.keys(host.shows).map((key) => `shows[${name}] ${key}`),
        ),
      ].filter((key) => !record.observersRun.has(key)),
  };
}

/** A view that performs an event the machine does not accept acts out something no path will ever ask for. */
function checkPerformedEvents(machine: AnyStateMachine, view: object | string | undefined): string[] {
  if (typeof view !== 'object') return [];
  const accepted = acceptedEventTypes(machine);
  return Object.keys((view as ModelView).perform)
    .filter((type) => !accepted.includes(type))
    .map((type) => `the view's \`perform\` acts out '${type}', which the machine does not accept (stale).`);
}

function describeView(view: object | string | undefined): ViewRecord {
  if (view === undefined) return { kind: 'undeclared' };
  if (typeof view === 'object') return { kind: 'rendered' };
  const [kind, ...words] = view.split(':');
  const reason = words.join(':').trim();
  // A declaration without its reason says nothing a reader could check.
  return reason === '' ? { kind: 'undeclared' } : { kind: kind as 'none' | 'pending', reason };
}

/** Lists untaken transitions by source state, event and target, one a line. */
export function formatUntaken(untaken: readonly MachineTransition[]): string {
  return untaken.map((transition) => `  ${formatTransition(transition)}`).join('\n');
}

/**
 * Registers the model-based tests of one machine: one test per generated path, then one that fails unless
 * every declared transition was taken and one that fails if an observation never ran. The coverage record
 * for `npm run test:model`'s table is written when the file's tests finish.
 */
export function describeModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ModelTestOptions<TMachine> & Required<Pick<ModelTestOptions<TMachine>, 'view'>>,
): void {
  describe(`${machine.id} machine, model-based`, () => {
    let harness: ReturnType<typeof createModelHarness<TMachine>>;
    try {
      harness = createModelHarness(machine, options);
    } catch (mismatch) {
      // A failing test rather than a file that fails to load: the same message, and a mutation run (which stops
      // at its first failing test, and counts a file that cannot load as an error, not a kill) stops here.
      it('matches its inventory, fixtures and views', () => {
        throw mismatch;
      });
      return;
    }
    // The mutation run's node copies of the model tests (vitest.mutation.config.ts) take the machine's paths only;
    // its DOM project, like `npm run test:model`, replays them through the views too.
    const replayViews = process.env.MODEL_PATHS_ONLY !== '1';
    /**
     * Paths that did not finish (failed, or still running when their test timed out): what they left untaken or
     * unobserved is theirs to report, not a second failure's.
     */
    let unfinishedPaths = 0;
    const counted = (run: () => Promise<void>) => async () => {
      unfinishedPaths += 1;
      await run();
      unfinishedPaths -= 1;
    };
    const unlessAPathFailed = (check: () => void) => (context: { skip: (note?: string) => void }) => {
      if (unfinishedPaths > 0)
        context.skip(`${unfinishedPaths} path(s) above did not finish; this check needs every path run`);
      check();
    };

    for (const [index, path] of options.hostsOnly ? [] : harness.paths.entries()) {
      it(
        `path ${index + 1}: ${path.description}`,
        counted(() => harness.runPath(path)),
      );
    }
    if (replayViews && typeof options.view === 'object' && !options.hostsOnly) {
      for (const [index, path] of harness.paths.entries()) {
        it(
          `path ${index + 1} (view): ${path.description}`,
          counted(() => harness.runPathInView(path)),
        );
      }
    }
    for (const host of replayViews ? Object.keys(options.hosts ?? {}) : []) {
      for (const [index, path] of harness.paths.entries()) {
        it(
          `path ${index + 1} (view: ${host}): ${path.description}`,
          counted(() => harness.runPathInView(path, host)),
        );
      }
    }

    it(
      'takes every transition the machine declares',
      unlessAPathFailed(() => {
        const { untaken } = harness.coverage();
        expect(untaken, `Untaken transitions of '${machine.id}':\n${formatUntaken(untaken)}`).toEqual([]);
      }),
    );

    it(
      'runs every observation it declares',
      unlessAPathFailed(() => {
        const neverRun = harness.observersNeverRun();
        expect(replayViews ? neverRun : neverRun.filter((key) => !key.startsWith('shows'))).toEqual([]);
      }),
    );

    afterAll(() => {
      if (!replayViews) return;
      writeCoverageRecord({
        machineId: machine.id,
        testFile: relative(process.cwd(), expect.getState().testPath ?? 'unknown'),
        ...harness.coverageRecord(),
      });
    });
  });
}
