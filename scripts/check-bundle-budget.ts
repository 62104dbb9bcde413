/**
 * Fails (exit 1) when a production build exceeds the bundle budgets of DESIGN.md section 7: landing first-load
 * JS and CSS, and the largest lazy chunk, in gzip bytes. Sizes do not depend on the machine, so unlike the
 * timed budgets of `npm run bench` this check can gate every build.
 *
 *   npx tsx scripts/check-bundle-budget.ts               check dist/
 *   npx tsx scripts/check-bundle-budget.ts --dist out    check another build folder
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { allPass, formatBudgetTable } from './lib/budget-table';
import { checkBundleBudgets, kb, measureBundle } from './lib/bundle-size';

const { values } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } } });
const sizes = measureBundle(resolve(import.meta.dirname, '..', values.dist));
const checks = checkBundleBudgets(sizes);

process.stdout.write(`${formatBudgetTable(checks)}\n`);
if (allPass(checks)) {
  process.stdout.write('Bundle within budget.\n');
} else {
  const largestFirst = [...sizes.firstLoadJs].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const width = Math.max(...largestFirst.map((asset) => asset.file.length));
  const files = largestFirst.map(
    (asset) => `  ${asset.file.padEnd(width)}  ${kb(asset.gzipBytes).padStart(8)}`,
  );
  process.stdout.write(`Bundle over budget. Landing first-load JS files, gzip:\n${files.join('\n')}\n`);
  process.exitCode = 1;
}
