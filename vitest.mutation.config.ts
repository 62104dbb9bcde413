import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, matchesGlob } from 'node:path';
import { configDefaults, defineConfig, type UserConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { enableWarmDomWorkers, rememberVitest, WARM_PROJECT_ENV } from './tests/mutation/warm-dom-workers';
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
/** A DOM project's worker outlives its run and serves the next mutant's (tests/mutation/warm-dom-workers.ts). */
const warmDom = process.env.MUTATION_WARM_DOM === '1';
if (warmDom) enableWarmDomWorkers();
/** DOM test files that cannot share a worker with others (they reset or mock modules, or write into the page). */
const WARM_APART = ['tests/ui/inspector.test.tsx', 'tests/ui/landing-boot.test.tsx'];

type Project = { test?: { name?: string; include?: string[]; environment?: string; setupFiles?: string[] } };

/** `SettingsPage` → `settings-page`; `change-plan-io` → `change-plan`. */
const stemOf = (file: string) =>
  basename(file)
    .replace(/(\.test)?\.tsx?$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/**
 * Stryker runs one mutant at a time and stops at the first failing test (bail): the order of the test files decides
 * how long a killed mutant takes. Vitest's own order runs the longest files first; here the files most likely to
 * kill the mutant come first, and the cheap ones before the expensive ones:
 * 1. the test file named after the mutated file (or its folder): `machines/contact.ts` → `tests/model/contact.test.tsx`,
 *    `services/settings-io.ts` → `settings…` and `flow-io.test.ts`, `ui/billing/CancelDialog.tsx` → `billing…`;
 * 2. a file that failed in the previous run (it killed the mutant before, usually one on a nearby line);
 * 3. node before DOM, then the shortest first.
 * Stryker names the mutated file in `related` (the sandbox's copy), which is how the sequencer knows it.
 *
 * A machine's mutant runs the node tests and only the DOM files named after its machine (its model test's view
 * replays, its page's ui test), not every DOM file that renders the app. Every machine mutant is *static* (the
 * model test generates its paths, running the machine, as the file loads), so Stryker runs it against every
 * related file: for a mutant no test kills, that was each of the 40 DOM files that load the whole app (about
 * 130 s a mutant under load). A mutant only another page's test would kill is then reported as survived, never
 * the other way round. `MUTATION_MACHINE_DOM=all` runs every related DOM file.
 */
class MutantFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    rememberVitest(this.ctx);
    const related = (this.ctx.config.related ?? []).map((file) => stemOf(file));
    const folders = (this.ctx.config.related ?? []).map((file) => basename(dirname(file)));
    // A flow's I/O has its own tests, and the table of every flow's requests and commands (flow-io.test.ts).
    const io = related
      .filter((stem) => stem.endsWith('-io'))
      .flatMap((stem) => [stem.slice(0, -3), 'flow-io']);
    const candidates = [...related, ...io, ...folders].filter(
      (name) => name && !['src', 'machines', 'services', 'app', 'ui'].includes(name),
    );
    const rank = (spec: TestSpecification) => {
      const stem = stemOf(spec.moduleId);
      const named = candidates.some(
        (name) => stem === name || stem.startsWith(`${name}-`) || name.startsWith(stem),
      );
      const cached = this.ctx.cache.getTestSpecificationResult(spec);
      const dom = spec.project.config.environment !== 'node';
      return [
        named ? 0 : 1,
        cached?.failed ? 0 : 1,
        dom ? 1 : 0,
        cached?.duration ?? Number.MAX_SAFE_INTEGER,
      ];
    };
    const mutated = this.ctx.config.related ?? [];
    const machine = mutated.length > 0 && mutated.every((file) => /[\\/]src[\\/]machines[\\/]/.test(file));
    const run =
      machine && process.env.MUTATION_MACHINE_DOM !== 'all'
        ? files.filter((spec) => spec.project.config.environment === 'node' || rank(spec)[0] === 0)
        : files;
    const ranks = new Map(run.map((spec) => [spec, rank(spec)]));
    return [...run].sort((a, b) => {
      const [ra, rb] = [ranks.get(a)!, ranks.get(b)!];
      const index = ra.findIndex((value, i) => value !== rb[i]);
      return index === -1 ? 0 : ra[index]! - rb[index]!;
    });
  }
}

/**
 * The model tests' machine paths in node (`model-paths`): each file of tests/mutation/model-paths imports one model
 * test file, whose views are then not replayed (`MODEL_PATHS_ONLY`, tests/model/harness.ts) and whose DOM imports
 * are stand-ins (tests/mutation/dom-free). A machine's mutant is mostly killed there, in a node worker that loads
 * xstate and the machine, before the DOM project (`model-view`, the same files with every view replay) would load
 * the app into happy-dom for it: seconds instead of minutes. Their own file names give their tests their own ids,
 * so Stryker runs each mutant's covering tests of either project.
 */
const modelPathFiles = readdirSync(join(import.meta.dirname, 'tests/mutation/model-paths')).map(
  (file) => `tests/mutation/model-paths/${file}`,
);
const modelPaths = {
  extends: true,
  resolve: {
    alias: [
      {
        find: /^.*\/ui\/render-app$/,
        replacement: join(import.meta.dirname, 'tests/mutation/dom-free/render-app.ts'),
      },
      {
        find: /^@testing-library\/react$/,
        replacement: join(import.meta.dirname, 'tests/mutation/dom-free/testing-library.ts'),
      },
    ],
  },
  test: {
    name: 'model-paths',
    include: only ? modelPathFiles.filter((file) => only.includes(file)) : modelPathFiles,
    environment: 'node',
    setupFiles: ['tests/setup/no-network.ts'],
    env: { MODEL_PATHS_ONLY: '1' },
    testTimeout: 90_000,
    isolate: true,
  },
};
/** A model test without its node copy still runs, in the DOM project only: slower, and said so. */
const modelViewFiles = readdirSync(join(import.meta.dirname, 'tests/model')).filter(
  (file) => file.endsWith('.test.tsx') && file !== 'harness-view.test.tsx',
);
const withoutCopy = modelViewFiles.filter(
  (file) =>
    !modelPathFiles.includes(`tests/mutation/model-paths/${file.replace(/\.tsx$/, '.ts')}`) &&
    // A host-only file (session-settings.test.tsx) replays views only: it has no machine paths to run in node.
    !readFileSync(join(import.meta.dirname, 'tests/model', file), 'utf8').includes('hostsOnly: true'),
);
if (withoutCopy.length > 0)
  console.warn(
    `vitest.mutation.config.ts: no node copy in tests/mutation/model-paths for ${withoutCopy.join(', ')}; their machine paths run in happy-dom only.`,
  );

export default defineConfig((env) => {
  const base = (viteConfig as (env: unknown) => UserConfig)(env);
  const selected = (project: Project) => (project.test?.include ?? []).length > 0;
  const projects = ((base.test?.projects ?? []) as Project[])
    .filter((project) => MUTATION_PROJECTS.has(project.test?.name ?? ''))
    .map((project) => {
      if (!only) return project;
      const globs = project.test?.include ?? [];
      const include = only.filter((file) => globs.some((glob) => matchesGlob(file, glob)));
      return { ...project, test: { ...project.test, include } };
    })
    .filter(selected);
  // Instrumented code (every mutant behind a switch, coverage counted per test) runs several times slower: the
  // long replayed paths get the time they need here, and only here. Every file runs in a worker of its own
  // (model-view shares one otherwise): Vitest runs shared-worker files before all others, which would put the
  // sequencer's choice after them.
  // The views' waits get the same allowance (tests/setup/mutation-waits.ts).
  const slower = projects.map((project) => ({
    ...project,
    test: {
      ...project.test,
      testTimeout: 90_000,
      isolate: true,
      ...(project.test?.environment === 'node'
        ? {}
        : {
            setupFiles: [...(project.test?.setupFiles ?? []), 'tests/setup/mutation-waits.ts'],
            ...(warmDom
              ? {
                  isolate: false,
                  env: { [WARM_PROJECT_ENV]: project.test?.name ?? '' },
                  setupFiles: [
                    ...(project.test?.setupFiles ?? []),
                    'tests/setup/mutation-waits.ts',
                    'tests/mutation/preload-views.ts',
                  ],
                }
              : {}),
          }),
    },
  }));
  // Warm workers share a thread's modules and page between files and runs: the files that reset modules, mock them or
  // write into the page outside React (inspector, landing-boot) run apart, each in a fresh worker as before.
  const warmed = warmDom
    ? slower.flatMap((project) => {
        if (project.test.isolate !== false || project.test.name !== 'ui') return [project];
        const apart = only ? WARM_APART.filter((file) => only.includes(file)) : WARM_APART;
        return [
          { ...project, test: { ...project.test, exclude: [...configDefaults.exclude, ...WARM_APART] } },
          {
            ...project,
            test: {
              ...project.test,
              name: 'ui-apart',
              include: apart,
              isolate: true,
              env: {},
              setupFiles: project.test.setupFiles.filter((file) => !file.includes('preload-views')),
            },
          },
        ];
      })
    : slower;
  return {
    ...base,
    test: {
      ...base.test,
      projects: [...warmed, modelPaths].filter(selected),
      sequence: { sequencer: MutantFirstSequencer },
    },
  } as UserConfig;
});
