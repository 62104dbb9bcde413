import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { configure, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import {
  type ActorOptions,
  type ExecutionRecord,
  isLogicUnderTest,
  matchesStateKey,
  type PathDriver,
  type StepObservation,
} from './executor';

/** What `perform` gets to act as the user: a @testing-library/user-event instance. */
export type User = ReturnType<typeof userEvent.setup>;

/** A rendered view, as `render` hands it back. */
export interface RenderedView {
  unmount(): void;
}

/**
 * A machine's view, as the model replays its paths through it. `render` mounts the view, which creates its actor
 * from `logic` with `actorOptions` (the app's composition root accepts both); `perform` acts out each of the
 * user's events on the page; `shows` asserts what the page shows in each state.
 */
export interface ModelView<
  TLogic = AnyStateMachine,
  TEvent = AnyEventObject,
  TSnapshot extends AnyMachineSnapshot = AnyMachineSnapshot,
> {
  render(env: { logic: TLogic; actorOptions: ActorOptions }): RenderedView | Promise<RenderedView>;
  /**
   * The user's events, by type: how a user makes each happen (type, click, keyboard), never `actor.send`. Events
   * not listed here come from the outside world (auth service, server push) and are sent to the actor.
   */
  perform: {
    [Type in TEvent extends { type: string } ? TEvent['type'] : string]?: (
      event: Extract<TEvent, { type: Type }>,
      user: User,
    ) => Promise<void>;
  };
  /**
   * What the view shows, by state key (`'editing'`, `'signedIn.admin'`, `'#id'`); every state reached needs one.
   * The step's observation carries the path's events, from which expected texts and values are computed.
   */
  shows: Readonly<
    Record<string, (snapshot: TSnapshot, observation: StepObservation<TSnapshot>) => void | Promise<void>>
  >;
  /**
   * Which actor the replay drives when the page creates several from the logic (each view of a flow has its own:
   * the header's Dashboard button, the account menu, the landing page's hero): given the live ones, in the order
   * they were created, once `render` has resolved. Default: the last created. A pick that is not the actor the
   * `perform` entries reach fails the path: the clicked actor moves, the picked one stays behind the model.
   */
  pick?: (actors: readonly AnyActorRef[]) => AnyActorRef | undefined;
}

type ShowsEntry = (snapshot: AnyMachineSnapshot, observation: StepObservation) => void | Promise<void>;

/**
 * Runs a `shows` assertion once, a failure as a rejection: waitFor (polling, act) only when it does not pass yet.
 * This first try often comes before React has rendered the step, and its failure is never shown (waitFor's last one
 * is): it skips Testing Library's expensive diagnostics (every role on the page, for a role query that found none),
 * as waitFor's own tries do.
 */
async function showsNow(shows: ShowsEntry, snapshot: AnyMachineSnapshot, observation: StepObservation) {
  configure({ _disableExpensiveErrorDiagnostics: true } as Parameters<typeof configure>[0]);
  try {
    await shows(snapshot, observation);
  } finally {
    configure({ _disableExpensiveErrorDiagnostics: false } as Parameters<typeof configure>[0]);
  }
}

/**
 * How often the wait for the actor's state looks again (a change of the page looks at once): the actor's next state
 * is usually a few macrotasks away, and Testing Library's 50 ms default made every such step wait 50 ms. Looking
 * costs one snapshot comparison.
 */
const POLL_MS = 5;

/**
 * How long the view may take to catch up with a step (the actor's state, then what the page shows) is Testing
 * Library's `asyncUtilTimeout` (1 s unless configured).
 *
 * Replays a path through the rendered view: the view creates the actor (found through the harness's inspection
 * as the actor running the logic under test: the view's own, or a child machine its flow invokes), user events are performed on the page, the outside world's
 * events are sent to the actor, and after each step the page must show what `shows` says for the state.
 */
export function viewDriver(view: ModelView, hostName?: string): PathDriver {
  const showsKey = (key: string) => (hostName === undefined ? `shows ${key}` : `shows[${hostName}] ${key}`);
  // No pause between keystrokes: the page reacts within each one, and paths are many.
  const user = userEvent.setup({ delay: null });
  let rendered: RenderedView | undefined;
  let actor: AnyActorRef | undefined;
  /** Every actor created from the logic under test, in order, and those that have started. */
  const created: AnyActorRef[] = [];
  const started = new Set<AnyActorRef>();

  return {
    start: async (logic, actorOptions) => {
      const inspect = (inspection: unknown) => {
        const { type, actorRef, event } = inspection as {
          type: string;
          actorRef: AnyActorRef & { logic?: unknown };
          event?: AnyEventObject;
        };
        // The view's own actor, or a child the view's flow invokes (the portal, from the Billing page).
        if (type === '@xstate.actor' && isLogicUnderTest(actorRef, logic)) created.push(actorRef);
        if (type === '@xstate.event' && event?.type === 'xstate.init' && created.includes(actorRef))
          started.add(actorRef);
        actorOptions.inspect(inspection);
      };
      rendered = await view.render({ logic, actorOptions: { ...actorOptions, inspect } });
      await waitFor(() => {
        const live = created.filter((candidate) => candidate.getSnapshot().status !== 'stopped');
        actor = view.pick ? view.pick(live) : created.at(-1);
        if (created.length === 0)
          throw new Error(
            'The view created no actor from the logic it was given: it must call createActor(logic, actorOptions) (or useActorRef) with both.',
          );
        if (!actor) throw new Error(`The view's pick chose none of the ${live.length} live actors.`);
        if (!started.has(actor)) throw new Error('The view created its actor but never started it.');
      });
      return actor!;
    },
    send: async (target, event) => {
      const perform = (
        view.perform as Record<string, ((event: AnyEventObject, user: User) => Promise<void>) | undefined>
      )[event.type];
      if (perform) await perform(event, user);
      else target.send(event);
    },
    settle: async (where) => {
      // Doubles settle in microtasks and React renders soon after: most steps are done by the next macrotask.
      await nextMacrotask();
      if (where() === null) return null;
      try {
        await waitFor(
          () => {
            const problem = where();
            if (problem) throw new Error(problem);
          },
          { interval: POLL_MS },
        );
        return null;
      } catch {
        return where() ?? null;
      }
    },
    check: async (snapshot: AnyMachineSnapshot, record: ExecutionRecord, observation: StepObservation) => {
      const matching = Object.entries(view.shows).filter(([key]) => matchesStateKey(snapshot, key));
      if (matching.length === 0) {
        throw new Error(
          `The view has no \`shows\` entry for state ${JSON.stringify(snapshot.value)}: say what the page shows there.`,
        );
      }
      // React renders a store update in a microtask: one macrotask later the page shows the state the actor is in.
      await nextMacrotask();
      for (const [key, shows] of matching) {
        record.observersRun.add(showsKey(key));
        try {
          await showsNow(shows, snapshot, observation).catch(() =>
            // No short interval: a `shows` check costs queries, and it is tried again at every change of the page.
            waitFor(() => shows(snapshot, observation)),
          );
        } catch (error) {
          throw new Error(
            `The view${hostName === undefined ? '' : ` '${hostName}'`} does not show state ${JSON.stringify(snapshot.value)} as \`shows['${key}']\` says:\n${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    },
    stop: () => {
      rendered?.unmount();
      // A child stops with its parent, which the view's unmount stopped.
      if (actor && actor._parent === undefined) actor.stop();
    },
  };
}
