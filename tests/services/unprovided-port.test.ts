import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor } from 'xstate';
import { flowRegistry } from '../../src/app/flows';
import { portMethodsOf } from '../../src/machines/io';

/**
 * A machine started without one of its port methods, which the composition root provides (src/app/flows.ts): the
 * request's actor fails and the command throws, naming the flow as the registry names it and the method, so a
 * developer who forgot one, or named a flow differently from its registry entry, reads where to look. A machine's
 * `port('…')` name is only ever read here.
 */
const notProvided = (flow: string, method: string) =>
  `The ${flow} machine's ${method} was not provided: the composition root (src/app/flows.ts) provides it.`;

/** What the stub of an unprovided request does when the machine invokes it: the actor's error. */
function failureOf(logic: AnyActorLogic): Promise<unknown> {
  return new Promise((resolve) => {
    const actor = createActor(logic);
    actor.subscribe({ error: resolve });
    actor.start();
  });
}

describe('a port method the composition root did not provide', () => {
  for (const [flow, { machine }] of Object.entries(flowRegistry)) {
    const { requests, commands } = portMethodsOf(machine);
    const implementations = machine.implementations as {
      actors: Record<string, AnyActorLogic>;
      actions: Record<string, (args: unknown, params: unknown) => void>;
    };

    it(`${flow}: each request fails and each command throws, naming the flow and the method`, async () => {
      expect(requests.length + commands.length).toBeGreaterThan(0);
      for (const name of requests) {
        const error = await failureOf(implementations.actors[name] as AnyActorLogic);
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message).toBe(notProvided(flow, `request '${name}'`));
      }
      for (const name of commands) {
        expect(() => implementations.actions[name]?.({}, undefined)).toThrow(
          new Error(notProvided(flow, `command '${name}'`)),
        );
      }
    });
  }
});
