/*
 * Warm DOM workers only (MUTATION_WARM_DOM=1, vitest.mutation.config.ts): every view module is evaluated here, as
 * the setup of the first test file a thread runs, not in the test that first opens its page (the pages are lazy
 * chunks). Stryker counts code run outside a test as *static*: a static mutant gets a thread of its own, where its
 * module is evaluated anew with the mutant on (tests/mutation/warm-dom-workers.ts). Left to the test that first
 * loads it, a view's module-level code (an options table, a constant) counts as that test's, and a parked thread,
 * whose modules were evaluated with no mutant on, would report its mutants as survivors that no test ran against.
 */
import.meta.glob(['/src/ui/**/*.{ts,tsx}', '!/src/ui/**/*.test.{ts,tsx}'], { eager: true });
