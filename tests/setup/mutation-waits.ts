import { configure } from '@testing-library/react';
import { afterAll, beforeAll, expect } from 'vitest';

/*
 * Mutation runs only (vitest.mutation.config.ts): instrumented code (every mutant behind a switch, coverage counted
 * per test) renders several times slower, the more so on a shared two-core machine. A page that shows in time in a
 * plain run must not fail here for being late: in the initial run that stops Stryker, and under a mutant it would
 * count the mutant as killed by a test that did not notice it.
 *
 * Yet a mutant the tests notice mostly fails on a wait (the page never shows what the test looks for), so every such
 * kill costs the whole wait: 15 s of a view mutant's 15-17 s. In a warm worker (`MUTATION_WARM_DOM=1`,
 * tests/mutation/warm-dom-workers.ts) a test file that already ran in this thread finds the app, its lazy chunks
 * and the environment loaded: there the wait is `MUTATION_WARM_WAIT_MS` (default 6 s, the plain run's 4 s and
 * half again); a file's first run in a thread keeps the 15 s.
 */
const COLD_WAIT_MS = 15_000;
const WARM_WAIT_MS = Number(process.env.MUTATION_WARM_WAIT_MS ?? 6_000);

/** The test files that already ran in this thread (its globals outlive a run when the thread is parked). */
const holder = globalThis as { __mutationWarmFiles?: Set<string> };
holder.__mutationWarmFiles ??= new Set();
const seen = holder.__mutationWarmFiles;
let file = '';

configure({ asyncUtilTimeout: COLD_WAIT_MS });
beforeAll(() => {
  file = expect.getState().testPath ?? '';
  const warm = process.env.MUTATION_WARM_DOM === '1' && file !== '' && seen.has(file);
  configure({ asyncUtilTimeout: warm ? WARM_WAIT_MS : COLD_WAIT_MS });
});
afterAll(() => {
  if (file) seen.add(file);
});
