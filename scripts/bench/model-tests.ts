import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';

export type ModelTestsRun = { seconds: number; passed: boolean; logFile: string };

/**
 * Times `npm run test:model` (every model-based test, view replay included, then the coverage report), start-up
 * included; tsx is started directly so that npm's own start is not part of the number.
 */
export async function timeModelTests(root: string, logFile: string): Promise<ModelTestsRun> {
  const log = openSync(logFile, 'w');
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/model-coverage.ts')],
    { cwd: root, stdio: ['ignore', log, log], env: { ...process.env, FORCE_COLOR: '0' } },
  );
  closeSync(log);
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  return { seconds: (performance.now() - started) / 1000, passed: exitCode === 0, logFile };
}
