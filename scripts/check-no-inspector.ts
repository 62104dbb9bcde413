/**
 * Proves that a production build carries no trace of the Stately inspector (@statelyai/inspect and
 * src/app/inspection-stately.ts are development-only; see src/app/inspection.ts).
 *
 *   npx tsx scripts/check-no-inspector.ts               build for production into a temporary folder and check;
 *                                                       also builds for development and expects the inspector
 *                                                       there, so the check is shown able to fail
 *   npx tsx scripts/check-no-inspector.ts --no-control  skip the development control build
 *   npx tsx scripts/check-no-inspector.ts --dist dist   check an existing production build instead
 *
 * Exits 1 and names the offending files when a trace is found.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What shipped code must not contain: the package, its UI address, its factories, our adapter module. */
const SHIPPED_CODE_TRACE =
  /statelyai|stately\.ai|createBrowserInspector|createWebSocketInspector|inspection-stately/;
/**
 * Source maps embed the original sources, and xstate's own comments link to stately.ai docs, so for maps only
 * the list of bundled modules is checked.
 */
const BUNDLED_MODULE_TRACE = /@statelyai[\\/]inspect|inspection-stately/;

interface Finding {
  file: string;
  reason: string;
}

function findInspectorTraces(distDir: string): { files: number; findings: Finding[] } {
  const files = listFiles(distDir);
  const findings: Finding[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const name = relative(distDir, file);
    if (file.endsWith('.map')) {
      const sources: string[] = JSON.parse(text).sources ?? [];
      for (const source of sources.filter((entry) => BUNDLED_MODULE_TRACE.test(entry))) {
        findings.push({ file: name, reason: `bundles ${source}` });
      }
    } else if (/\.(m?js|html|css)$/.test(file)) {
      const match = SHIPPED_CODE_TRACE.exec(text);
      if (match) findings.push({ file: name, reason: `contains '${match[0]}'` });
    }
  }
  return { files: files.length, findings };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function build(outDir: string, nodeEnv: 'production' | 'development'): void {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      // Vite sets import.meta.env.DEV from NODE_ENV: development keeps the inspector branch in.
      env: { ...process.env, NODE_ENV: nodeEnv },
    },
  );
  if (result.status !== 0) throw new Error(`vite build (${nodeEnv}) failed with status ${result.status}.`);
}

function checkProductionBuild(distDir: string): boolean {
  const { files, findings } = findInspectorTraces(distDir);
  if (files === 0) {
    process.stdout.write(`No files under ${distDir}: nothing was checked.\n`);
    return false;
  }
  if (findings.length > 0) {
    process.stdout.write(`The production build contains the Stately inspector:\n`);
    for (const finding of findings) process.stdout.write(`  ${finding.file}: ${finding.reason}\n`);
    return false;
  }
  process.stdout.write(`No inspector in the production build (${files} files checked).\n`);
  return true;
}

function main(): boolean {
  const distArgument = process.argv.indexOf('--dist');
  if (distArgument >= 0) {
    const distDir = process.argv[distArgument + 1];
    if (!distDir) throw new Error('--dist needs the folder of a production build, e.g. --dist dist.');
    return checkProductionBuild(join(ROOT, distDir));
  }

  const workDir = mkdtempSync(join(tmpdir(), 'check-no-inspector-'));
  try {
    build(join(workDir, 'production'), 'production');
    const clean = checkProductionBuild(join(workDir, 'production'));
    if (process.argv.includes('--no-control')) return clean;

    build(join(workDir, 'development'), 'development');
    const control = findInspectorTraces(join(workDir, 'development')).findings.filter((finding) =>
      finding.reason.startsWith('bundles'),
    );
    if (control.length === 0) {
      process.stdout.write(
        'Control failed: a development build shows no inspector either, so this check proves nothing.\n',
      );
      return false;
    }
    process.stdout.write(
      `Control: the development build does contain it (${control[0]?.file} ${control[0]?.reason}).\n`,
    );
    return clean;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

process.exitCode = main() ? 0 : 1;
