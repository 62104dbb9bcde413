import type { AnyStateMachine } from 'xstate';

type Action = (args: unknown, params: unknown) => void;

/**
 * The logic under test as a view hosts it. A view provides the actions on its own state (a dialog, a scroll, a new
 * tab) with `logic.provide(...)`, which would replace the harness's recorders of those actions and hide them from
 * the effects check: here each action the view provides runs after its recorder, so the step's effects are still
 * checked and the page still does what the action asks.
 */
export function keepRecordingViewActions<TLogic extends AnyStateMachine>(logic: TLogic): TLogic {
  const recorders = logic.implementations.actions as Record<string, Action | undefined>;
  const hosted = logic.provide({}) as TLogic;
  hosted.provide = ((implementations: { actions?: Record<string, Action> }) =>
    logic.provide({
      ...implementations,
      actions: Object.fromEntries(
        Object.entries(implementations.actions ?? {}).map(([name, viewAction]) => [
          name,
          (args: unknown, params: unknown) => {
            recorders[name]?.(args, params);
            viewAction(args, params);
          },
        ]),
      ),
    })) as TLogic['provide'];
  return hosted;
}
