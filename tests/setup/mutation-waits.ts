import { configure } from '@testing-library/react';

/*
 * Mutation runs only (vitest.mutation.config.ts): instrumented code (every mutant behind a switch, coverage counted
 * per test) renders several times slower, the more so on a shared two-core machine. A page that shows in time in a
 * plain run must not fail here for being late: in the initial run that stops Stryker, and under a mutant it would
 * count the mutant as killed by a test that did not notice it.
 */
configure({ asyncUtilTimeout: 15_000 });
