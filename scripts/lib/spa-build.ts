import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// `npm start` builds the SPA only when the build is missing or older than anything it is built from, so a second
// start is instant and a `git pull` is never served stale.

const SOURCES = [
  'src',
  'contract',
  'index.html',
  'vite.config.ts',
  'scripts/vite',
  'package-lock.json',
  'tsconfig.json',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), 0);
}

export function spaBuildIsStale(root: string, distDir: string): boolean {
  const builtAt = newestChange(join(distDir, 'index.html'));
  if (builtAt === 0) return true;
  return SOURCES.some((source) => newestChange(join(root, source)) > builtAt);
}

/** Runs the production build in this process; vite is imported only when a build is needed. */
export async function buildSpa(root: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}
