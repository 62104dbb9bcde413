import { appendFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { type TestProject, ThreadsPoolWorker, type Vitest } from 'vitest/node';

/**
 * Warm DOM workers for the mutation run (`MUTATION_WARM_DOM=1`, docs/testing.md "Mutation testing").
 *
 * Stryker's vitest runner calls `vitest.start()` once per mutant, and Vitest's pool ends every worker with its run
 * (its Pool stops a runner once no queued file of the same run can reuse it). A DOM test file then pays, for every
 * mutant, a new worker, a new happy-dom window and the import of the whole app (React, Mantine, the router, the
 * flows): most of a view mutant's 15-17 s on the shared two cores, where its tests take 1-3 s.
 *
 * Here the threads pool's worker of a DOM project outlives its run: its `stop` parks the thread instead of ending
 * it, and the next run's worker of the same project takes it over, answering Vitest's `start` and `stop` messages
 * itself. The thread keeps its environment and its evaluated modules; its projects run with `isolate: false`, so
 * Vitest re-evaluates only the test file (and the setup files) for each run, as it does for the files of one
 * non-isolated run. A mutant is switched on at run time (Stryker's `activeMutant`, read where the mutated code runs),
 * so the modules already evaluated carry it.
 *
 * Not for a *static* mutant (code run as its module loads, `mutantActivation: 'static'`): that one needs its module
 * evaluated again, so its run gets a new thread, which is then ended, never parked (its modules hold the mutant).
 * The initial test run's thread evaluated the modules with no mutant active: it is parked like the others.
 *
 * The thread keeps the configuration it was started with; of what Stryker changes between runs only the test name
 * filter matters, and each run's files carry the current one (a file's pattern wins over the configuration's).
 */

type Listener = (...args: unknown[]) => void;
type Message = {
  type?: string;
  context?: { files?: { testNamePattern?: RegExp | string }[] };
  __vitest_worker_request__?: boolean;
};

/** One parked thread per project (each Stryker test runner process has its own Vitest, so its own threads). */
const parked = new Map<string, Worker>();

interface Warm {
  project: TestProject;
  adopted: boolean;
  keep: boolean;
  listeners: Map<string, Set<Listener>>;
}

const state = new WeakMap<object, Warm>();

/** The Vitest of this process, as the sequencer sees it before each run (a pool worker is told only its options). */
let vitest: Vitest | undefined;
export const rememberVitest = (ctx: Vitest) => {
  vitest = ctx;
};

/** Set in each DOM project's `env` by vitest.mutation.config.ts: how a worker knows its project. */
export const WARM_PROJECT_ENV = 'MUTATION_WARM_PROJECT';

function strykerMode(project: TestProject) {
  const provided = project.getProvidedContext() as { mode?: string; mutantActivation?: string };
  return { mode: provided.mode, activation: provided.mutantActivation };
}

export function enableWarmDomWorkers() {
  const proto = ThreadsPoolWorker.prototype as unknown as Record<string, (...args: never[]) => unknown>;
  const original = {
    start: proto.start as (this: object) => Promise<void>,
    stop: proto.stop as (this: object) => Promise<void>,
    send: proto.send as (this: object, message: unknown) => void,
    on: proto.on as (this: object, event: string, callback: Listener) => void,
    off: proto.off as (this: object, event: string, callback: Listener) => void,
  };
  const threadOf = (worker: object) => (worker as { _thread?: Worker })._thread;
  const projectOf = (worker: object) => {
    const name = (worker as { env?: Record<string, string | undefined> }).env?.[WARM_PROJECT_ENV];
    return name === undefined ? undefined : vitest?.projects.find((project) => project.name === name);
  };

  proto.start = async function start(this: object) {
    const project = projectOf(this);
    if (!project) return original.start.call(this);
    const { mode, activation } = strykerMode(project);
    // A static mutant's run needs its modules evaluated anew: a thread of its own, ended after.
    const keep = !(mode === 'mutant' && activation === 'static');
    const warm: Warm = { project, adopted: false, keep, listeners: new Map() };
    state.set(this, warm);
    const thread = keep ? parked.get(project.name) : undefined;
    if (process.env.MUTATION_WARM_DEBUG)
      appendFileSync(
        process.env.MUTATION_WARM_DEBUG,
        `${new Date().toISOString()} ${process.pid} ${project.name} ${mode}/${activation} ${thread ? 'adopted' : 'new'}\n`,
      );
    if (thread) {
      parked.delete(project.name);
      (this as { _thread?: Worker })._thread = thread;
      warm.adopted = true;
      return;
    }
    return original.start.call(this);
  };

  proto.on = function on(this: object, event: string, callback: Listener) {
    const warm = state.get(this);
    if (warm) {
      const set = warm.listeners.get(event) ?? new Set();
      set.add(callback);
      warm.listeners.set(event, set);
    }
    original.on.call(this, event, callback);
  };

  proto.off = function off(this: object, event: string, callback: Listener) {
    state.get(this)?.listeners.get(event)?.delete(callback);
    original.off.call(this, event, callback);
  };

  const answer = (warm: Warm, type: string) =>
    setImmediate(() => {
      for (const listener of warm.listeners.get('message') ?? [])
        listener({ type, __vitest_worker_response__: true });
    });

  proto.send = function send(this: object, raw: unknown) {
    const warm = state.get(this);
    const message = raw as Message;
    if (warm && message?.__vitest_worker_request__) {
      // The thread is set up already: its environment and module runner stay as they are.
      if (message.type === 'start' && warm.adopted) return answer(warm, 'started');
      // Parked, not torn down: the environment's teardown would end the window the next run uses.
      if (message.type === 'stop' && warm.keep) return answer(warm, 'stopped');
      if (message.type === 'run' && warm.adopted) {
        const pattern = warm.project.config.testNamePattern ?? /(?:)/;
        for (const file of message.context?.files ?? []) file.testNamePattern = pattern;
      }
    }
    original.send.call(this, raw);
  };

  proto.stop = async function stop(this: object) {
    const warm = state.get(this);
    const thread = threadOf(this);
    if (!warm?.keep || !thread) return original.stop.call(this);
    for (const [event, listeners] of warm.listeners)
      for (const listener of listeners) thread.off(event, listener);
    warm.listeners.clear();
    state.delete(this);
    (this as { _thread?: Worker })._thread = undefined;
    const previous = parked.get(warm.project.name);
    parked.set(warm.project.name, thread);
    // Two runs of one project never overlap in one runner process (Stryker runs one mutant at a time there).
    if (previous && previous !== thread) await previous.terminate();
  };
}
