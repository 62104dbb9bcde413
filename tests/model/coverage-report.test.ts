import { describe, expect, it } from 'vitest';
import { inWords, modelReport, NOT_COVERED } from './lib/coverage-report';
import type { CoverageRecord } from './lib/coverage-store';
import type { MachineCoverage } from './lib/coverage-table';

// Issue 24 item 7: the report QA reads, shown on a two-state machine whose one transition a path took and whose
// other it did not.

const transitions = [
  {
    key: 'toggle.off|flip|0',
    source: 'toggle.off',
    event: 'flip',
    target: 'toggle.on',
    guard: null,
    index: 0,
  },
  {
    key: 'toggle.on|flip|0',
    source: 'toggle.on',
    event: 'flip',
    target: 'toggle.off',
    guard: 'isAllowed',
    index: 0,
  },
];
const record: CoverageRecord = {
  machineId: 'toggle',
  testFile: 'tests/model/toggle.test.tsx',
  transitions,
  takenKeys: ['toggle.off|flip|0'],
  paths: 1,
  viewPathsReplayed: 1,
  view: { kind: 'rendered' },
  pathDescriptions: ['init → flip → done:save({"ok":true})'],
  hosts: ['Settings page'],
  takenBy: {
    'toggle.off|flip|0': [
      'bare\tinit → flip → done:save({"ok":true})',
      'Settings page\tinit → flip → done:save({"ok":true})',
    ],
  },
  observersRun: ['state on', 'shows[Settings page] on'],
};
const row = {
  machine: 'toggle',
  file: 'src/machines/toggle.ts',
  exportName: 'toggleMachine',
  states: 2,
  transitions: 2,
  taken: 1,
  percent: 50,
  paths: 1,
  viewReplayed: 1,
  view: { kind: 'rendered' },
  tested: true,
  testFiles: ['tests/model/toggle.test.tsx'],
  otherMachineTestFiles: [],
  untaken: [transitions[1]!],
} satisfies MachineCoverage;

describe('the model report (.data/coverage/model.html and its Markdown twin)', () => {
  const { markdown, html } = modelReport({
    rows: [row],
    records: [record],
    previous: { toggle: ['toggle.off|flip|0', 'toggle.off|reset|0'] },
    generatedAt: '2026-11-27T16:00:00.000Z',
  });

  it('lists each transition with the paths that took it, the views it was replayed on and the checks that ran', () => {
    expect(markdown).toContain(
      '| off | flip | — | on | 1 | bare, Settings page | target (inventory), effects, state on, shows[Settings page] on |',
    );
    expect(markdown).toContain('| on | flip | isAllowed | off | **untaken** | — | — |');
  });

  it('draws the states, says each path in words, the trend, and what is not covered', () => {
    expect(markdown).toContain(
      '```mermaid\nstateDiagram-v2\n  off --> on : flip\n  on --> off : flip [isAllowed]\n```',
    );
    expect(markdown).toContain('1. the actor starts; then flip arrives; then save answers with {"ok":true}.');
    expect(markdown).toContain('1 added (toggle.on|flip|0), 1 removed (toggle.off|reset|0)');
    expect(markdown).toContain('**Not covered here**: untaken: toggle.on|flip|0.');
    for (const line of NOT_COVERED) expect(markdown).toContain(line);
  });

  it('is the same report as HTML, the diagram as Mermaid source, the tables as tables', () => {
    expect(html).toContain('<pre class="mermaid">stateDiagram-v2');
    expect(html).toContain('<td><strong>untaken</strong></td>');
    expect(html).toContain('<h2>toggle</h2>');
  });

  it('words timers and failures', () => {
    expect(inWords('init → after:savedBannerTimeout → error:saveSettings(Error: down)')).toBe(
      'the actor starts; then savedBannerTimeout elapses; then saveSettings fails with Error: down',
    );
  });
});
