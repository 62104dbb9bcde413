import { type AnyStateMachine, fromPromise } from 'xstate';
import { type IOOf, portMethodsOf } from '../machines/io';
import type { IODeps, Page, Services } from '../services/io-deps';

/** A flow of the registry (./flows.ts): its machine, and how its I/O is made (src/services/<flow>-io.ts). */
export interface Flow<TMachine extends AnyStateMachine = AnyStateMachine> {
  machine: TMachine;
  io: (deps: IODeps) => IOOf<TMachine>;
}

/** One line of the registry: the machine and its I/O, checked against each other by the machine's port. */
export const flow = <TMachine extends AnyStateMachine>(
  machine: TMachine,
  io: (deps: IODeps) => IOOf<TMachine>,
): Flow<TMachine> => ({ machine, io });

/** Something loaded on first use, and at hand without waiting once it has: the services, for the flows. */
export interface Lazy<T> {
  load(): Promise<T>;
  /** The value once loaded, else undefined. */
  current(): T | undefined;
}

export function lazily<T>(load: () => Promise<T>): Lazy<T> {
  let loaded: T | undefined;
  return {
    load: async () => {
      loaded ??= await load();
      return loaded;
    },
    current: () => loaded,
  };
}

type Method = (argument: unknown) => unknown;

export interface ProvideOptions<TMachine extends AnyStateMachine> {
  services: Lazy<Services>;
  page: Page;
  /** The provided machine of a child machine the flow invokes, when that child is a flow of the registry. */
  providedChild: (child: unknown) => AnyStateMachine | undefined;
  /** Port methods to use instead of the I/O's own (the UI tests' doubles). */
  replace?: Partial<IOOf<TMachine>>;
}

/**
 * The flow's machine with every port method provided from its I/O, across the chunk boundary: the I/O is made from
 * the services (which load in a chunk of their own) and the page. A request waits for the services; a command runs
 * at once when they are there (a command follows a request, or a page only a loaded session shows, so they are) and
 * as soon as they arrive otherwise. A child machine of the registry (the portal) is invoked as provided there.
 */
export function provideIO<TMachine extends AnyStateMachine>(
  { machine, io }: Flow<TMachine>,
  { services, page, providedChild, replace = {} }: ProvideOptions<TMachine>,
): TMachine {
  let made: Record<string, Method> | undefined;
  const ioFrom = (loaded: Services) => {
    made ??= { ...(io({ ...loaded, page }) as object), ...(replace as object) } as Record<string, Method>;
    return made;
  };
  const method = async (name: string) => ioFrom(await services.load())[name] as Method;
  const { requests, commands } = portMethodsOf(machine);
  const children = Object.entries(machine.implementations.actors).flatMap(([name, logic]) => {
    const provided = providedChild(logic);
    return provided ? [[name, provided] as const] : [];
  });
  return machine.provide({
    actors: Object.fromEntries([
      ...requests.map((name) => [
        name,
        fromPromise(async ({ input }: { input: unknown }) => (await method(name))(input)),
      ]),
      ...children,
    ]),
    actions: Object.fromEntries(
      commands.map((name) => [
        name,
        (_: unknown, params: unknown) => {
          const loaded = services.current();
          if (loaded) ioFrom(loaded)[name]!(params);
          else void method(name).then((run) => run(params));
        },
      ]),
    ),
  }) as TMachine;
}
