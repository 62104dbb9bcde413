import type { AnyStateMachine } from 'xstate';
import type { renderApp } from '../ui/render-app';

type Action = (args: unknown, params: unknown) => void;
type Actions = Record<string, Action>;

/**
 * `actions`, each run right after the harness's recorder of the same name in `logic`: the step's effects are still
 * checked, and the page still does what the action asks.
 */
function afterRecorders(logic: AnyStateMachine, actions: Actions): Actions {
  const recorders = logic.implementations.actions as Record<string, Action | undefined>;
  return Object.fromEntries(
    Object.entries(actions).map(([name, run]) => [
      name,
      (args: unknown, params: unknown) => {
        recorders[name]?.(args, params);
        run(args, params);
      },
    ]),
  );
}

/**
 * `logic` whose `offerSignUp` (a recorder) is also followed the way the app follows it: with the app's own
 * implementation (src/app/root.ts), read from `source`, another flow given it. A replayed path then shows where a
 * visitor without a session lands.
 */
export function followingOfferSignUp<TLogic extends AnyStateMachine>(
  logic: TLogic,
  app: () => ReturnType<typeof renderApp>,
  source: 'profile' | 'settings',
): TLogic {
  return logic.provide({
    actions: afterRecorders(logic, {
      offerSignUp: () =>
        void app().router.options.context.flows.then((flows) =>
          (flows[source].implementations.actions.offerSignUp as () => void)(),
        ),
    }),
  }) as TLogic;
}
