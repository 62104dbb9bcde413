import { matchesGlob } from 'node:path';
import { defineConfig, type UserConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * The tests StrykerJS runs against each mutant (`npm run test:mutation`, stryker.config.json): the vitest projects
 * that exercise the machines, the flows' I/O, the views and the composition root. The server, emulator and script
 * suites test other code and would only slow every mutant down.
 *
 * `MUTATION_TESTS=tests/model/settings.test.tsx,tests/services/flow-io.test.ts` narrows a scoped run (one machine's
 * mutants, `--mutate src/machines/settings.ts`) to the tests that matter for it; its score then says what those
 * tests kill, no more.
 */
const MUTATION_PROJECTS = new Set(['services', 'model', 'model-view', 'ui']);
const only = process.env.MUTATION_TESTS?.split(',').filter(Boolean);

type Project = { test?: { name?: string; include?: string[] } };

export default defineConfig((env) => {
  const base = (viteConfig as (env: unknown) => UserConfig)(env);
  const projects = ((base.test?.projects ?? []) as Project[])
    .filter((project) => MUTATION_PROJECTS.has(project.test?.name ?? ''))
    .map((project) => {
      if (!only) return project;
      const globs = project.test?.include ?? [];
      const include = only.filter((file) => globs.some((glob) => matchesGlob(file, glob)));
      return { ...project, test: { ...project.test, include } };
    })
    .filter((project) => (project.test?.include ?? []).length > 0);
  // Instrumented code (every mutant behind a switch, coverage counted per test) runs several times slower: the
  // long replayed paths get the time they need here, and only here.
  const slower = projects.map((project) => ({ ...project, test: { ...project.test, testTimeout: 90_000 } }));
  return { ...base, test: { ...base.test, projects: slower } } as UserConfig;
});
