import path from 'node:path';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { prerenderLanding } from './scripts/vite/prerender-landing.ts';

const nodeProject = (name: string, include: string[]) => ({
  extends: true as const,
  test: { name, include, environment: 'node' as const, setupFiles: ['tests/setup/no-network.ts'] },
});

const prerender = prerenderLanding({
  entry: 'src/prerender/landing.tsx',
  cacheDir: path.join(import.meta.dirname, 'node_modules/.cache/beacon-prerender'),
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    prerender.plugin,
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
    // Every module the entry imports statically (Rolldown's `$initial` tag) in one chunk: otherwise the modules it
    // shares with lazy chunks (React, the router, Mantine's core, app-context…) become ten small first-load files,
    // each compressed on its own, about 4 KB gz more than the same code in one file (docs/bench.md).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } } },
  },
  test: {
    projects: [
      nodeProject('domain', ['src/domain/**/*.test.ts']),
      nodeProject('contract', ['contract/**/*.test.ts']),
      nodeProject('services', ['src/services/**/*.test.ts', 'tests/services/**/*.test.ts']),
      nodeProject('model', ['tests/model/**/*.test.ts']),
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
          setupFiles: ['tests/setup/no-network.ts', 'tests/setup/ui.ts'],
          testTimeout: 20000,
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
          testTimeout: 20000,
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
          testTimeout: 20000,
        },
      },
    ],
  },
}));
