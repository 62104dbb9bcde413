/**
 * `npm run test:model`: runs the model-based tests (vitest projects "model" and "model-view"), then prints transition coverage,
 * one row per machine under src/machines (subfolders and factories included), and writes it to
 * .data/coverage/model.json for CI: states, transitions, taken, %, paths and paths replayed through the view.
 * Fails when a test fails, when a machine is below 100 % of its transitions, when a machine with a view has a
 * path not replayed through it, when a model test declares no view (nor why it has none), when a machine has no
 * model test at all, or when a module or factory there cannot be loaded or built.
 *
 *   tsx scripts/model-coverage.ts            run the model tests, then report
 *   tsx scripts/model-coverage.ts --report   report on the records of a model test run that already happened
 *
 * Extra arguments are passed to vitest (a filtered run reports the machines it skipped as untested).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelReport } from '../tests/model/lib/coverage-report';
import { COVERAGE_DIR, clearCoverageRecords, readCoverageRecords } from '../tests/model/lib/coverage-store';
import {
  coverageFailures,
  formatCoverageTable,
  measureCoverage,
  viewNotes,
} from '../tests/model/lib/coverage-table';
import { compareInventory, readInventory } from '../tests/model/lib/inventory';
import { discoverMachines } from '../tests/model/lib/machine-discovery';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MACHINES_DIR = join(ROOT, 'src/machines');
const REPORT_FILE = join(COVERAGE_DIR, 'model.json');
const READABLE_REPORT = join(COVERAGE_DIR, 'model');

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const reportOnly = args.includes('--report');
  let testsStatus = 0;
  if (!reportOnly) {
    clearCoverageRecords();
    testsStatus = runModelTests(args);
  }
  const { machines, problems } = await discoverMachines(MACHINES_DIR, ROOT);
  const records = readCoverageRecords();
  const rows = measureCoverage(machines, records);
  // A machine that differs from its reviewed inventory fails even when no model test of it ran.
  const inventoryDifferences = machines.flatMap(({ machine, file }) =>
    compareInventory(machine, readInventory(machine.id)).map(
      (difference) => `${machine.id} (${file}): inventory: ${difference}`,
    ),
  );
  const failures = [...problems, ...inventoryDifferences, ...coverageFailures(rows)];
  const notes = viewNotes(rows);
  process.stdout.write(
    [
      '',
      'Model-based coverage (src/machines): transitions taken by real actors, paths replayed through views',
      formatCoverageTable(rows),
      ...(notes.length > 0 ? ['', ...notes] : []),
      ...failures.map((failure) => `\n${failure}`),
      '',
      '',
    ].join('\n'),
  );
  mkdirSync(COVERAGE_DIR, { recursive: true });
  const previous = previousTransitionKeys();
  const transitionKeys = Object.fromEntries(
    machines.map(({ machine }) => [
      machine.id,
      records.find((record) => record.machineId === machine.id)?.transitions.map(({ key }) => key) ?? [],
    ]),
  );
  const report = {
    generatedAt: new Date().toISOString(),
    ok: failures.length === 0,
    failures,
    machines: rows,
    transitionKeys,
  };
  writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
  const readable = modelReport({ rows, records, previous, generatedAt: report.generatedAt });
  writeFileSync(`${READABLE_REPORT}.md`, readable.markdown);
  writeFileSync(`${READABLE_REPORT}.html`, readable.html);
  process.stdout.write(
    `Coverage written to ${REPORT_FILE.slice(ROOT.length)}; the report to ${READABLE_REPORT.slice(ROOT.length)}.html (and .md)\n`,
  );
  return testsStatus !== 0 ? testsStatus : failures.length === 0 ? 0 : 1;
}

/** The transition keys of the previous run, for the report's trend; none on a first run. */
function previousTransitionKeys(): Record<string, string[]> | undefined {
  if (!existsSync(REPORT_FILE)) return undefined;
  try {
    return (JSON.parse(readFileSync(REPORT_FILE, 'utf8')) as { transitionKeys?: Record<string, string[]> })
      .transitionKeys;
  } catch {
    return undefined;
  }
}

function runModelTests(vitestArgs: string[]): number {
  // vitest's package exports do not expose its CLI file; the installed copy is the one npm scripts use.
  const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
  const projects = ['--project', 'model', '--project', 'model-view'];
  // Every core: vitest leaves one to itself by default, which on two cores is one worker for all the replays, while
  // its own process idles through them.
  const workers = ['--maxWorkers', String(availableParallelism())];
  const result = spawnSync(process.execPath, [vitest, 'run', ...projects, ...workers, ...vitestArgs], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

process.exitCode = await main();
