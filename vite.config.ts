import path from 'node:path';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { preloadChunks } from './scripts/vite/preload-signed-in.ts';
import { prerenderLanding } from './scripts/vite/prerender-landing.ts';
import { ModelSequencer } from './tests/model/lib/model-sequencer.ts';

const nodeProject = (name: string, include: string[], options: { isolate?: boolean } = {}) => ({
  extends: true as const,
  test: {
    name,
    include,
    environment: 'node' as const,
    setupFiles: ['tests/setup/no-network.ts'],
    ...options,
  },
});

const prerender = prerenderLanding({
  entry: 'src/prerender/landing.tsx',
  cacheDir: path.join(import.meta.dirname, 'node_modules/.cache/beacon-prerender'),
});

/**
 * The chunks, by what loads together (docs/bench.md, "Code in a few waves"). Left to itself, Rolldown made a chunk of
 * every set of modules that the same lazy imports share: about 90 files of 1-3 KB, each a script or a stylesheet
 * that a signed-in page fetched in one of five waves. A group takes the modules its test matches, highest
 * priority first.
 */
const chunkGroups = [
  // Every module the entry imports statically (Rolldown's `$initial` tag) in one chunk: otherwise the modules it
  // shares with lazy chunks (React, the router, Mantine's core, app-context…) become ten small first-load files,
  // each compressed on its own, about 4 KB gz more than the same code in one file.
  { name: 'first-load', tags: ['$initial' as const], priority: 4 },
  // The app behind every page, which every visit loads once the page is on screen, in two chunks that the browser
  // evaluates one task apart (src/main.tsx), since evaluating them together was one task of 200 ms and more on a
  // slow phone. `app-services`: the services (the API's clients, ky, valibot, the contract's schemas, the flows'
  // I/O) and the domain rules. `app`: the flows (xstate, which builds every machine as its module evaluates), and
  // the hooks by which views reach them, which use no component (the session's error toasts are on every page).
  {
    name: 'app-services',
    test: /node_modules[\\/](ky|valibot)[\\/]|[\\/]src[\\/](services|domain)[\\/]|[\\/]contract[\\/]/,
    priority: 3.5,
  },
  {
    name: 'app',
    test: /node_modules[\\/](xstate|@xstate)[\\/]|[\\/]src[\\/](app|machines)[\\/]|[\\/]src[\\/]ui[\\/](use-flow|shell[\\/]account-hooks|shell[\\/]SessionErrorToasts)\./,
    priority: 3,
  },
  // The form parts that sign-up and onboarding share.
  { name: 'forms', test: /[\\/]src[\\/]ui[\\/]forms[\\/]/, priority: 1.5 },
  // The signed-in frame and pages: any of them may be the next page, and they share most of their code.
  {
    name: 'signed-in',
    test: /[\\/]src[\\/]ui[\\/](shell|billing|settings|profile|dashboard|onboarding|user-menu|refunds)[\\/]/,
    priority: 1,
  },
  // Mantine's components with their stylesheets: one script and one stylesheet instead of one of each per component.
  // What the overlays build on (floating-ui, transitions, the scroll lock, the notifications) in a second chunk,
  // so that neither is over the 60 KB budget; every signed-in page loads both at once. The auth service's client
  // (supabase-js and what it brings) stays apart: only a page that needs it loads it.
  {
    name: 'ui-kit-overlays',
    test: /node_modules[\\/](?!@mantine[\\/](core|hooks)[\\/]|@supabase[\\/]|iceberg-js[\\/])/,
    priority: 2.5,
  },
  { name: 'ui-kit', test: /node_modules[\\/](?!@supabase[\\/]|iceberg-js[\\/])/, priority: 2 },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    prerender.plugin,
    // After the prerender, which copies index.html as it was: the landing page loads none of these at start.
    preloadChunks(
      ['ui-kit', 'ui-kit-overlays', 'forms', 'app-services', 'app', 'signed-in'],
      prerender.signedInFrames,
    ),
    // Brotli and gzip twins of every built file, made once at build time: the server sends them as they are
    // (@fastify/static preCompressed) instead of compressing on every request or not at all. The prerendered
    // landing page joins dist/ here, twins and all.
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        exclude: [/\.map$/],
        skipIfLargerOrEqual: true,
        artifacts: () => [{ src: prerender.landingFile }],
      }),
  ],
  server: {
    port: 5173,
    // The dev server forwards the product API to the running server (npm start).
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: chunkGroups } } },
  },
  test: {
    // Every project's deadline for a hung test, not a speed check (the server and model-view projects allow more): on
    // a slow two-core host a CPU-bound case shared with the other suites ran past vitest's default 5 s.
    testTimeout: 20000,
    // The model-view files start longest first, also without a cache of their durations (docs/testing.md, budget).
    sequence: { sequencer: ModelSequencer },
    projects: [
      nodeProject('domain', ['src/domain/**/*.test.ts']),
      nodeProject('contract', ['contract/**/*.test.ts']),
      nodeProject('services', ['src/services/**/*.test.ts', 'tests/services/**/*.test.ts']),
      // The harness's own tests and the inventory and report checks share a worker's loaded modules: none keeps state
      // between files, and each file of its own would load xstate and the harness again.
      nodeProject('model', ['tests/model/**/*.test.ts'], { isolate: false }),
      {
        // Model tests of machines with a view replay every path through it: they need a DOM.
        extends: true,
        test: {
          name: 'model-view',
          include: ['tests/model/**/*.test.tsx'],
          environment: 'happy-dom',
          // Each path already renders and unmounts the app on its own: files can share a worker's loaded modules
          // and DOM, which spares each file seconds of imports (DESIGN's 20 s budget for the model run).
          isolate: false,
          setupFiles: ['tests/setup/no-network.ts', 'tests/setup/ui.ts', 'tests/setup/react-owner-stacks.ts'],
          // A replayed path is one test: 20-30 steps, each rendered. About 1-3 s on an idle machine, but CI shares two
          // cores with other suites (at a load of 27 a 21-step path took over 20 s).
          testTimeout: 60000,
        },
      },
      nodeProject('scripts', ['tests/scripts/**/*.test.ts']),
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx', 'src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/no-network.ts', 'tests/setup/ui.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // Some cases start an app of their own on a fresh embedded database: seconds on a busy two-core machine.
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'emulators',
          include: ['tests/emulators/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
}));
