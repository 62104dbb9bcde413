/**
 * `npm run test:model`: runs the model-based tests (vitest project "model"), then prints transition coverage,
 * one row per machine exported from src/machines, and writes it to .data/coverage/model.json for CI.
 * Fails when a test fails, when a machine is below 100 %, or when a machine has no model test at all.
 *
 *   tsx scripts/model-coverage.ts            run the model tests, then report
 *   tsx scripts/model-coverage.ts --report   report on the records of a model test run that already happened
 *
 * Extra arguments are passed to vitest (a filtered run reports the machines it skipped as untested).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import {
  COVERAGE_DIR,
  type CoverageRecord,
  clearCoverageRecords,
  readCoverageRecords,
} from '../tests/model/lib/coverage-store';
import { listTransitions, type MachineTransition } from '../tests/model/lib/transitions';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MACHINES_DIR = join(ROOT, 'src/machines');
const REPORT_FILE = join(COVERAGE_DIR, 'model.json');

interface MachineCoverage {
  machine: string;
  file: string;
  exportName: string;
  transitions: number;
  taken: number;
  percent: number;
  tested: boolean;
  testFiles: string[];
  untaken: MachineTransition[];
}

async function main(): Promise<number> {
  const reportOnly = process.argv.includes('--report');
  let testsStatus = 0;
  if (!reportOnly) {
    clearCoverageRecords();
    testsStatus = runModelTests(process.argv.slice(2));
  }
  const rows = measure(await loadMachines(), readCoverageRecords());
  printTable(rows);
  writeReport(rows);
  const coverageOk = rows.length > 0 && rows.every((row) => row.tested && row.taken === row.transitions);
  return testsStatus !== 0 ? testsStatus : coverageOk ? 0 : 1;
}

function runModelTests(vitestArgs: string[]): number {
  // vitest's package exports do not expose its CLI file; the installed copy is the one npm scripts use.
  const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'model', ...vitestArgs], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

/** Every state machine exported by a module of src/machines (tests there are not machines). */
async function loadMachines(): Promise<
  Array<{ file: string; exportName: string; machine: AnyStateMachine }>
> {
  const files = readdirSync(MACHINES_DIR)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .sort();
  const found = [];
  for (const file of files) {
    let module: Record<string, unknown>;
    try {
      module = await import(pathToFileURL(join(MACHINES_DIR, file)).href);
    } catch (error) {
      // Machines must load without the browser or Vite (CONVENTIONS: no React, ky or supabase imports).
      throw new Error(`Could not load src/machines/${file} to count its transitions: ${String(error)}`);
    }
    for (const [exportName, value] of Object.entries(module)) {
      if (isStateMachine(value)) found.push({ file: `src/machines/${file}`, exportName, machine: value });
    }
  }
  return found;
}

function isStateMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'getTransitionData' in value;
}

/** The denominator comes from the machine itself; the records only say which keys real actors took. */
function measure(
  machines: Array<{ file: string; exportName: string; machine: AnyStateMachine }>,
  records: CoverageRecord[],
): MachineCoverage[] {
  return machines.map(({ file, exportName, machine }) => {
    const recordsOfMachine = records.filter((record) => record.machineId === machine.id);
    const takenKeys = new Set(recordsOfMachine.flatMap((record) => record.takenKeys));
    const transitions = listTransitions(machine);
    const taken = transitions.filter((transition) => takenKeys.has(transition.key)).length;
    return {
      machine: machine.id,
      file,
      exportName,
      transitions: transitions.length,
      taken,
      percent: transitions.length === 0 ? 100 : Math.floor((taken / transitions.length) * 1000) / 10,
      tested: recordsOfMachine.length > 0,
      testFiles: [...new Set(recordsOfMachine.map((record) => record.testFile))],
      untaken: transitions.filter((transition) => !takenKeys.has(transition.key)),
    };
  });
}

function printTable(rows: MachineCoverage[]): void {
  const header = ['machine', 'transitions', 'taken', '%'];
  const cells = rows.map((row) => [
    row.machine,
    String(row.transitions),
    String(row.taken),
    row.tested ? row.percent.toFixed(1) : 'no model test',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => cell[column]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, column) =>
        column === 0 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!),
      )
      .join('  ');
  const out = [
    '',
    'Model-based transition coverage (src/machines)',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
  ];
  out.push(...cells.map(line));
  if (rows.length === 0) out.push('(no machines found under src/machines)');

  for (const row of rows) {
    if (!row.tested) {
      out.push(
        '',
        `${row.machine} (${row.file}): no model test. Add tests/model/${basename(row.file, '.ts')}.test.ts.`,
      );
    } else if (row.untaken.length > 0) {
      out.push('', `${row.machine}: ${row.untaken.length} untaken transition(s):`);
      for (const transition of row.untaken) {
        const guard = transition.guard ? ` [${transition.guard}]` : '';
        out.push(`  ${transition.source}  --${transition.event}${guard}-->  ${transition.target}`);
      }
    }
  }
  process.stdout.write(`${out.join('\n')}\n\n`);
}

function writeReport(rows: MachineCoverage[]): void {
  mkdirSync(COVERAGE_DIR, { recursive: true });
  const ok = rows.length > 0 && rows.every((row) => row.tested && row.taken === row.transitions);
  writeFileSync(
    REPORT_FILE,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), ok, machines: rows }, null, 2)}\n`,
  );
  process.stdout.write(`Coverage written to ${REPORT_FILE.slice(ROOT.length)}\n`);
}

process.exitCode = await main();
