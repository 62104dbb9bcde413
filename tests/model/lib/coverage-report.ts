import type { CoverageRecord } from './coverage-store';
import type { MachineCoverage } from './coverage-table';
import type { MachineTransition } from './transitions';

/**
 * The report QA reads (`npm run test:model` writes .data/coverage/model.md and model.html): per machine, a state
 * diagram, the inventory's transitions with the paths that took each, the checks that ran on it and the views it was
 * replayed on, every path's steps in words, the trend against the previous run, and what the harness does not cover.
 */

export interface ReportInput {
  rows: readonly MachineCoverage[];
  records: readonly CoverageRecord[];
  /** Transition keys by machine, as the previous run's model.json recorded them; absent on a first run. */
  previous?: Readonly<Record<string, readonly string[]>>;
  generatedAt: string;
}

/** What no model test proves, whatever the table says. */
export const NOT_COVERED = [
  'The server, the database and the emulators: the server and emulator suites and the e2e journeys prove them.',
  "The real network, the browser's timing and the auth service: the doubles settle when a path says so.",
  'Layout, styling, colour and accessibility beyond roles and labels: the e2e suite runs axe on every page.',
  "Code outside src/machines: the flows' I/O, the API client and the composition root are proved by the services and ui suites (tests/services/flow-io.test.ts, tests/server/spa-endpoints.test.ts, tests/ui/composition-root.test.tsx) and by mutation testing.",
  "A state reached only with context the fixtures do not produce: each path starts from the machine's initial state and the listed events.",
];

interface Section {
  title: string;
  lines: string[];
}

const stateName = (id: string, machine: string) =>
  id === machine ? '(machine)' : id.startsWith(`${machine}.`) ? id.slice(machine.length + 1) : id;

const diagramId = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');

/** A Mermaid state diagram of the machine's transitions (render it in any Mermaid viewer). */
function diagram(machine: string, transitions: readonly MachineTransition[]): string[] {
  const lines = ['stateDiagram-v2'];
  for (const transition of transitions) {
    const source = diagramId(stateName(transition.source, machine));
    const targets =
      transition.target === '(no target)' ? [transition.source] : transition.target.split(/,\s*/);
    for (const target of targets) {
      const label = `${eventLabel(transition.event)}${transition.guard ? ` [${transition.guard}]` : ''}`;
      lines.push(`  ${source} --> ${diagramId(stateName(target.replace(/^#/, ''), machine))} : ${label}`);
    }
  }
  return lines;
}

/** `xstate.done.actor.0.session.loadingUser` reads as `done (loadingUser's actor)`. */
function eventLabel(event: string): string {
  const done = event.match(/^xstate\.done\.actor\.(?:\d+\.)?(.+)$/);
  if (done) return `done: ${done[1]}`;
  const error = event.match(/^xstate\.error\.actor\.(?:\d+\.)?(.+)$/);
  if (error) return `error: ${error[1]}`;
  const after = event.match(/^xstate\.after\.([^.]+)\./);
  if (after) return `after ${after[1]}`;
  return event;
}

/** A path's steps in words. */
export function inWords(description: string): string {
  return description
    .split(' → ')
    .map((step) => {
      if (step === 'init') return 'the actor starts';
      const settled = step.match(/^(done|error):([^(]+)(?:\((.*)\))?$/);
      if (settled) {
        const [, kind, actor, detail] = settled;
        return `${actor} ${kind === 'done' ? 'answers' : 'fails'}${detail ? ` with ${detail}` : ''}`;
      }
      const after = step.match(/^after:(.+)$/);
      if (after) return `${after[1]} elapses`;
      return `${step.replace(/\(.*$/, '')} arrives${step.includes('(') ? ` with ${step.slice(step.indexOf('(') + 1, -1)}` : ''}`;
    })
    .join('; then ');
}

function machineSection(
  row: MachineCoverage,
  records: readonly CoverageRecord[],
  previous?: readonly string[],
) {
  const own = records.filter((record) => record.machineId === row.machine);
  const transitions = own[0]?.transitions ?? [];
  const descriptions = own[0]?.pathDescriptions ?? [];
  const hosts = own.flatMap((record) => record.hosts ?? []);
  const observersRun = new Set(own.flatMap((record) => record.observersRun ?? []));
  const takenBy = new Map<string, string[]>();
  for (const record of own)
    for (const [key, replays] of Object.entries(record.takenBy ?? {}))
      takenBy.set(key, [...(takenBy.get(key) ?? []), ...replays]);

  const lines: string[] = [
    `File: \`${row.file}\` (\`${row.exportName}\`); tests: ${row.testFiles.map((file) => `\`${file}\``).join(', ') || 'none'}.`,
    `${row.taken} of ${row.transitions} transitions taken (${row.percent} %) by ${row.paths} paths; ${row.viewReplayed} replayed through the view${hosts.length > 0 ? `, every path also through ${hosts.join(', ')}` : ''}.`,
    '',
  ];
  if (previous) {
    const now = new Set(transitions.map((transition) => transition.key));
    const before = new Set(previous);
    const added = [...now].filter((key) => !before.has(key));
    const removed = [...before].filter((key) => !now.has(key));
    lines.push(
      `Trend since the previous run: ${added.length === 0 && removed.length === 0 ? 'no transition added or removed' : `${added.length} added (${added.join(', ') || '—'}), ${removed.length} removed (${removed.join(', ') || '—'})`}.`,
      '',
    );
  } else lines.push('Trend: no previous run to compare with.', '');

  lines.push('```mermaid', ...diagram(row.machine, transitions), '```', '');
  lines.push(
    '| source | event | guard | target | taken by paths | replayed on | checks that ran |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const transition of transitions) {
    const replays = takenBy.get(transition.key) ?? [];
    const pathNumbers = [
      ...new Set(
        replays.map((replay) => descriptions.indexOf(replay.split('\t')[1] ?? '') + 1).filter((n) => n > 0),
      ),
    ].sort((a, b) => a - b);
    const replayedOn = [...new Set(replays.map((replay) => replay.split('\t')[0]))];
    const target = stateName(transition.target, row.machine);
    const checks = [
      'target (inventory)',
      'effects',
      ...[...observersRun].filter((key) => {
        const name = key.replace(/^(shows(\[[^\]]*\])?|state|step|effects) /, '');
        return name === target || name === eventLabel(transition.event);
      }),
    ];
    lines.push(
      `| ${stateName(transition.source, row.machine)} | ${eventLabel(transition.event)} | ${transition.guard ?? '—'} | ${target} | ${pathNumbers.length > 0 ? pathNumbers.join(', ') : '**untaken**'} | ${replayedOn.join(', ') || '—'} | ${replays.length > 0 ? checks.join(', ') : '—'} |`,
    );
  }
  lines.push('', '**Paths**', '');
  for (const [index, description] of descriptions.entries())
    lines.push(`${index + 1}. ${inWords(description)}.`);
  const gaps = [
    ...row.untaken.map((transition) => `untaken: ${transition.key}`),
    ...(row.view.kind === 'none' || row.view.kind === 'pending'
      ? [`view ${row.view.kind}: ${row.view.reason}`]
      : []),
    ...(row.tested ? [] : ['no model test']),
  ];
  lines.push(
    '',
    `**Not covered here**: ${gaps.length > 0 ? gaps.join('; ') : 'nothing the harness could see'}.`,
  );
  return { title: `${row.machine}`, lines };
}

/** The report as Markdown (the twin) and as a self-contained HTML page. */
export function modelReport(input: ReportInput): { markdown: string; html: string } {
  const sections: Section[] = input.rows.map((row) =>
    machineSection(row, input.records, input.previous?.[row.machine]),
  );
  const head = [
    '# Model-based tests: what they took, checked and replayed',
    '',
    `Generated ${input.generatedAt} by \`npm run test:model\`. Each transition row: the paths that took it (numbers below), the views it was replayed on (\`bare\` is the actor alone, \`view\` the machine's view, then its other hosts), and the checks that ran when it was taken. The terminal table is the summary.`,
    '',
    '## What the harness does not cover',
    '',
    ...NOT_COVERED.map((line) => `- ${line}`),
    '',
  ];
  const markdown = [
    ...head,
    ...sections.flatMap((section) => [`## ${section.title}`, '', ...section.lines, '']),
  ].join('\n');
  return { markdown, html: toHtml(markdown) };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const inline = (text: string) =>
  escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

/** The Markdown above as HTML: headings, lists, tables, the diagrams as Mermaid source blocks. */
function toHtml(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.startsWith('```mermaid')) {
      const block: string[] = [];
      for (index += 1; index < lines.length && lines[index] !== '```'; index += 1)
        block.push(lines[index] ?? '');
      out.push(`<pre class="mermaid">${escapeHtml(block.join('\n'))}</pre>`);
    } else if (line.startsWith('| ')) {
      const rows: string[] = [];
      for (; index < lines.length && (lines[index] ?? '').startsWith('| '); index += 1)
        rows.push(lines[index] ?? '');
      index -= 1;
      const cells = (row: string) => row.slice(2, -2).split(' | ');
      const [header, , ...body] = rows;
      out.push(
        '<table>',
        `<tr>${cells(header ?? '')
          .map((cell) => `<th>${inline(cell)}</th>`)
          .join('')}</tr>`,
        ...body.map(
          (row) =>
            `<tr>${cells(row)
              .map((cell) => `<td>${inline(cell)}</td>`)
              .join('')}</tr>`,
        ),
        '</table>',
      );
    } else if (line.startsWith('## ')) out.push(`<h2>${inline(line.slice(3))}</h2>`);
    else if (line.startsWith('# ')) out.push(`<h1>${inline(line.slice(2))}</h1>`);
    else if (line.startsWith('- ')) out.push(`<ul><li>${inline(line.slice(2))}</li></ul>`);
    else if (/^\d+\. /.test(line)) out.push(`<p class="path">${inline(line)}</p>`);
    else if (line.trim() !== '') out.push(`<p>${inline(line)}</p>`);
  }
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Model-based tests</title>',
    '<style>body{font-family:system-ui,sans-serif;max-width:80rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #ccc;padding:.2rem .4rem;text-align:left}pre{background:#f6f6f6;padding:.5rem;overflow:auto}.path{font-size:.85rem}</style>',
    '</head><body>',
    ...out,
    '</body></html>',
    '',
  ].join('\n');
}
