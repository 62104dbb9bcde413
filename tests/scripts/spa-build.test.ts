import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spaBuildIsStale } from '../../scripts/lib/spa-build';

let root: string;
const dist = () => join(root, 'dist');

/** Writes `path` under the project root, last changed `secondsAgo` seconds ago. */
function fileAt(path: string, secondsAgo: number) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, '');
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'spa-build-'));
  fileAt('src/main.tsx', 300);
  fileAt('index.html', 300);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('whether npm start has to build the SPA', () => {
  it('builds when there is no build yet', () => {
    expect(spaBuildIsStale(root, dist())).toBe(true);
  });

  it('serves the build when nothing changed after it', () => {
    fileAt('dist/index.html', 100);
    expect(spaBuildIsStale(root, dist())).toBe(false);
  });

  it.each([
    'src/ui/landing/LandingPage.tsx',
    'contract/user.ts',
    'index.html',
    'vite.config.ts',
    'package-lock.json',
  ])('builds again after %s changed', (changed) => {
    fileAt('dist/index.html', 100);
    fileAt(changed, 10);
    expect(spaBuildIsStale(root, dist())).toBe(true);
  });

  it('ignores changes outside what the SPA is built from', () => {
    fileAt('dist/index.html', 100);
    fileAt('server/app.ts', 10);
    fileAt('README.md', 10);
    expect(spaBuildIsStale(root, dist())).toBe(false);
  });
});

describe('buildSpa', () => {
  it("leaves NODE_ENV as it found it, though Vite's build sets production (npm start then starts in local mode)", async () => {
    vi.resetModules();
    vi.doMock('vite', () => ({
      build: async () => {
        process.env.NODE_ENV = 'production';
      },
    }));
    const saved = process.env.NODE_ENV;
    delete process.env.NODE_ENV;
    try {
      const { buildSpa } = await import('../../scripts/lib/spa-build');
      await buildSpa('/nowhere');
      expect(process.env.NODE_ENV).toBeUndefined();
    } finally {
      vi.doUnmock('vite');
      if (saved === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = saved;
    }
  });
});
