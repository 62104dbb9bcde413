import {
  type AnyStateMachine,
  fromPromise,
  type NonReducibleUnknown,
  type PromiseActorLogic,
  type StateMachine,
} from 'xstate';

/**
 * A flow's I/O port: everything its machine asks of the outside world, declared once beside the machine. A port
 * method is a request (an invoked promise actor: it takes the invoke's input as it is and answers the actor's
 * output) or a command (a named action: it takes the action's params and answers nothing; navigation, leaving the
 * page, a storage write). `port()` builds the machine's `setup({ actors, actions })` stubs from it, and
 * `IOOf<typeof machine>` is what the flow's I/O file (src/services/<flow>-io.ts) implements:
 *
 * ```ts
 * export const signInPort = port('signIn', {
 *   signInWithPassword: request<(credentials: Credentials) => Promise<PasswordSignIn>>(),
 *   prepareAuthService: command<() => void>(),
 * });
 * export type SignInIO = PortIO<typeof signInPort>;
 * setup({ actors: signInPort.actors, actions: { ...signInPort.actions, showError: assign(...) } })
 * ```
 *
 * The composition root provides every port method at once (src/app/flows.ts); tests replace them by name.
 */

type AnyRequest = (input: never) => Promise<unknown>;
type AnyCommand = (params: never) => void;

/** Type-only marks: nothing reads them at run time. */
declare const signature: unique symbol;
declare const ioOf: unique symbol;

export interface Request<F extends AnyRequest> {
  readonly kind: 'request';
  readonly [signature]?: F;
}

export interface Command<F extends AnyCommand> {
  readonly kind: 'command';
  readonly [signature]?: F;
}

/** A port method the machine invokes: `request<(input: I) => Promise<O>>()`; leave the input out if it has none. */
export const request = <F extends AnyRequest>(): Request<F> => ({ kind: 'request' });

/** A port method the machine runs as an action: `command<(params: P) => void>()`. */
export const command = <F extends AnyCommand>(): Command<F> => ({ kind: 'command' });

type PortMethods = Record<string, Request<AnyRequest> | Command<AnyCommand>>;

type SignatureOf<M> = M extends Request<infer F> ? F : M extends Command<infer F> ? F : never;

/** The I/O a port's methods describe: one function per method, with the signature it was declared with. */
export type IOOfMethods<TMethods extends PortMethods> = { [K in keyof TMethods]: SignatureOf<TMethods[K]> };

/** The I/O a port declares: `export type SignInIO = PortIO<typeof signInPort>`. */
export type PortIO<TPort> = TPort extends Port<infer TMethods> ? IOOfMethods<TMethods> : never;

type InputOf<F extends AnyRequest> = Parameters<F> extends [] ? NonReducibleUnknown : Parameters<F>[0];
type ParamsOf<F extends AnyCommand> = Parameters<F> extends [] ? undefined : Parameters<F>[0];

type RequestKeys<TMethods extends PortMethods> = {
  [K in keyof TMethods]: TMethods[K] extends Request<AnyRequest> ? K : never;
}[keyof TMethods];
type CommandKeys<TMethods extends PortMethods> = {
  [K in keyof TMethods]: TMethods[K] extends Command<AnyCommand> ? K : never;
}[keyof TMethods];

/** A request's stub: a promise actor typed by the method, carrying the whole port's type for `IOOf`. */
type RequestStub<F extends AnyRequest, TIO> = PromiseActorLogic<Awaited<ReturnType<F>>, InputOf<F>> & {
  readonly [ioOf]?: TIO;
};

export interface Port<TMethods extends PortMethods> {
  /** The flow's name, as the registry and the error of an unprovided method say it. */
  readonly flow: string;
  readonly methods: TMethods;
  /** Stubs for `setup({ actors })`: each rejects, naming itself, until the app provides it. */
  readonly actors: {
    [K in RequestKeys<TMethods>]: RequestStub<
      Extract<SignatureOf<TMethods[K]>, AnyRequest>,
      IOOfMethods<TMethods>
    >;
  };
  /** Stubs for `setup({ actions })`: each throws, naming itself, until the app provides it. */
  readonly actions: {
    [K in CommandKeys<TMethods>]: (
      _: unknown,
      params: ParamsOf<Extract<SignatureOf<TMethods[K]>, AnyCommand>>,
    ) => void;
  };
}

/** Marks a stub made by `port()`, so the root and the tests find a machine's port methods (`portMethodsOf`). */
const PORT_METHOD = Symbol('port method');

interface PortMethod {
  flow: string;
  name: string;
  kind: 'request' | 'command';
}

const notProvided = (flow: string, name: string) =>
  new Error(
    `The ${flow} machine's ${name} was not provided: the composition root (src/app/flows.ts) provides it.`,
  );

export function port<const TMethods extends PortMethods>(flow: string, methods: TMethods): Port<TMethods> {
  const actors: Record<string, unknown> = {};
  const actions: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(methods)) {
    const mark: PortMethod = { flow, name, kind: method.kind };
    if (method.kind === 'request') {
      actors[name] = Object.assign(
        fromPromise(() => Promise.reject(notProvided(flow, `request '${name}'`))),
        { [PORT_METHOD]: mark },
      );
    } else {
      actions[name] = Object.assign(
        () => {
          throw notProvided(flow, `command '${name}'`);
        },
        { [PORT_METHOD]: mark },
      );
    }
  }
  return { flow, methods, actors, actions } as unknown as Port<TMethods>;
}

/** The port methods a machine was set up with, found by their stubs (a provided copy keeps its original stubs' names). */
export function portMethodsOf(machine: AnyStateMachine): { requests: string[]; commands: string[] } {
  const marked = (implementations: Record<string, unknown>) =>
    Object.entries(implementations).flatMap(([name, implementation]) => {
      const mark = (implementation as { [PORT_METHOD]?: PortMethod } | undefined)?.[PORT_METHOD];
      return mark ? [[name, mark] as const] : [];
    });
  return {
    requests: marked(machine.implementations.actors).map(([name]) => name),
    commands: marked(machine.implementations.actions).map(([name]) => name),
  };
}

/** The actors a machine was set up with, as xstate records them in its type. */
type ActorsOf<TMachine> =
  TMachine extends StateMachine<
    infer _C,
    infer _E,
    infer _Ch,
    infer TActor,
    infer _A,
    infer _G,
    infer _D,
    infer _S,
    infer _T,
    infer _I,
    infer _O,
    infer _Em,
    infer _M,
    infer _Sc
  >
    ? TActor
    : never;

type IOOfLogic<TLogic> = TLogic extends { readonly [ioOf]?: infer TIO }
  ? unknown extends TIO
    ? never
    : TIO
  : never;

/**
 * The I/O a machine's port declares, read from the machine's type: what its I/O file implements and what the
 * composition root provides. (A port with no request carries no type: give every port at least one request.)
 */
export type IOOf<TMachine> =
  ActorsOf<TMachine> extends infer TActor
    ? TActor extends { logic: infer TLogic }
      ? IOOfLogic<TLogic>
      : never
    : never;
