import type { CoverageRecord } from './coverage-store';
import type { DiscoveredMachine } from './machine-discovery';
import { formatTransition, listTransitions, type MachineTransition } from './transitions';

/** One row of `npm run test:model`'s table (and of .data/coverage/model.json). */
export interface MachineCoverage {
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

/** The denominator comes from the machine itself; the records only say which keys real actors took. */
export function measureCoverage(
  machines: readonly DiscoveredMachine[],
  records: readonly CoverageRecord[],
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

/** Why the run fails, one entry per machine (none when every machine is tested and fully covered). */
export function coverageFailures(rows: readonly MachineCoverage[]): string[] {
  if (rows.length === 0) return ['No machines were found.'];
  return rows.flatMap((row): string[] => {
    const name = `${row.machine} (${row.file}, ${row.exportName})`;
    if (!row.tested) return [`${name}: no model test. Add one that calls describeModel on it.`];
    if (row.untaken.length > 0)
      return [
        `${name}: ${row.untaken.length} untaken transition(s):\n${row.untaken.map((transition) => `  ${formatTransition(transition)}`).join('\n')}`,
      ];
    return [];
  });
}

export function formatCoverageTable(rows: readonly MachineCoverage[]): string {
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
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
