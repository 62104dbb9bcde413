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
  // Vite sets NODE_ENV=production for its build; the server started afterwards in this same process must see the
  // environment the developer gave it (NODE_ENV=production refuses local mode).
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ root, logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
