import type { CoverageRecord, ViewRecord } from './coverage-store';
import type { DiscoveredMachine } from './machine-discovery';
import { allStateNodes, formatTransition, listTransitions, type MachineTransition } from './transitions';

/** One row of `npm run test:model`'s table (and of .data/coverage/model.json). */
export interface MachineCoverage {
  machine: string;
  file: string;
  exportName: string;
  /** State nodes below the root, at every depth. */
  states: number;
  transitions: number;
  taken: number;
  percent: number;
  /** Generated paths, and how many of them passed through the machine's rendered view. */
  paths: number;
  viewReplayed: number;
  view: ViewRecord;
  tested: boolean;
  testFiles: string[];
  /** Test files whose machine has this id but another graph: their records do not count for this machine. */
  otherMachineTestFiles: string[];
  untaken: MachineTransition[];
}

/** Which declaration wins when several test files cover one machine: a rendered view over a reason. */
const VIEW_PRECEDENCE: ViewRecord['kind'][] = ['rendered', 'none', 'pending', 'undeclared'];

/** The denominator comes from the machine itself; the records only say which keys real actors took. */
export function measureCoverage(
  machines: readonly DiscoveredMachine[],
  records: readonly CoverageRecord[],
): MachineCoverage[] {
  return machines.map(({ file, exportName, machine }) => {
    const transitions = listTransitions(machine);
    const graph = graphOf(transitions);
    const sameId = records.filter((record) => record.machineId === machine.id);
    // Ids are chosen by hand: a record counts only if its machine has this one's transitions (a provided copy does).
    const recordsOfMachine = sameId.filter((record) => graphOf(record.transitions) === graph);
    const otherMachineRecords = sameId.filter((record) => graphOf(record.transitions) !== graph);
    const takenKeys = new Set(recordsOfMachine.flatMap((record) => record.takenKeys));
    const taken = transitions.filter((transition) => takenKeys.has(transition.key)).length;
    const views = recordsOfMachine.map((record) => record.view);
    const view = VIEW_PRECEDENCE.map((kind) => views.find((declared) => declared.kind === kind)).find(
      (declared) => declared !== undefined,
    );
    return {
      machine: machine.id,
      file,
      exportName,
      states: allStateNodes(machine.root).length - 1,
      transitions: transitions.length,
      taken,
      percent: transitions.length === 0 ? 100 : Math.floor((taken / transitions.length) * 1000) / 10,
      paths: sum(recordsOfMachine.map((record) => record.paths)),
      viewReplayed: sum(recordsOfMachine.map((record) => record.viewPathsReplayed)),
      view: view ?? { kind: 'undeclared' },
      tested: recordsOfMachine.length > 0,
      testFiles: [...new Set(recordsOfMachine.map((record) => record.testFile))],
      otherMachineTestFiles: [...new Set(otherMachineRecords.map((record) => record.testFile))],
      untaken: transitions.filter((transition) => !takenKeys.has(transition.key)),
    };
  });
}

const graphOf = (transitions: readonly MachineTransition[]) =>
  JSON.stringify(transitions.map((transition) => transition.key));

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Why the run fails (none when every machine is tested, takes every transition and, if it has a view, replays
 * every path through it). A machine whose test declares no view, nor why it has none, fails too.
 */
export function coverageFailures(rows: readonly MachineCoverage[]): string[] {
  if (rows.length === 0) return ['No machines were found.'];
  return rows.flatMap((row): string[] => {
    const name = `${row.machine} (${row.file}, ${row.exportName})`;
    const failures = row.otherMachineTestFiles.map(
      (testFile) =>
        `${name}: ${testFile} tests another machine with the id '${row.machine}' (its transitions differ), so it does not count here. Give the machines different ids.`,
    );
    if (!row.tested) return [...failures, `${name}: no model test. Add one that calls describeModel on it.`];
    if (row.untaken.length > 0)
      failures.push(
        `${name}: ${row.untaken.length} untaken transition(s):\n${row.untaken.map((transition) => `  ${formatTransition(transition)}`).join('\n')}`,
      );
    if (row.view.kind === 'undeclared')
      failures.push(
        `${name}: the model test declares no view. Give \`view\` (its rendered view) or \`view: 'none: <why no view shows it>'\`.`,
      );
    if (row.view.kind === 'rendered' && row.viewReplayed < row.paths)
      failures.push(`${name}: ${row.viewReplayed} of ${row.paths} paths were replayed through its view.`);
    return failures;
  });
}

/** Machines whose view is declared pending or absent, with the test's reason: printed under the table. */
export function viewNotes(rows: readonly MachineCoverage[]): string[] {
  return rows.flatMap(({ machine, view }) =>
    view.kind === 'none' || view.kind === 'pending' ? [`${machine}: view ${view.kind} (${view.reason})`] : [],
  );
}

export function formatCoverageTable(rows: readonly MachineCoverage[]): string {
  const header = ['machine', 'states', 'transitions', 'taken', '%', 'paths', 'view-replayed'];
  const cells = rows.map((row) => [
    row.machine,
    String(row.states),
    String(row.transitions),
    String(row.taken),
    row.tested ? row.percent.toFixed(1) : 'no model test',
    String(row.paths),
    row.view.kind === 'rendered' ? String(row.viewReplayed) : row.view.kind,
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
