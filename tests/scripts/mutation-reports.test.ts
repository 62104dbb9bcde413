import { describe, expect, it } from 'vitest';
import { type MutationReport, mergeMutationReports, mutationScore } from '../../scripts/lib/mutation-reports';

const TEST_FILE = 'tests/ui/settings.test.tsx';

/** One group's run: its source files' mutants, and the tests (ids local to this report) that ran. */
const report = (
  files: MutationReport['files'],
  tests: { id: string; name: string }[],
  source = 'v1',
): MutationReport => ({ files, testFiles: { [TEST_FILE]: { source, tests } } });

const mutant = (id: string, status: string, killedBy: string[] = [], coveredBy: string[] = killedBy) => ({
  id,
  status,
  killedBy,
  coveredBy,
});

describe('merging the incremental files of scoped mutation runs', () => {
  const machines = report(
    { 'src/machines/settings.ts': { source: 'm', mutants: [mutant('1', 'Killed', ['0'])] } },
    [{ id: '0', name: 'saves a setting' }],
  );
  const views = report(
    {
      'src/ui/settings/SettingsPage.tsx': {
        source: 'p',
        mutants: [mutant('1', 'Killed', ['0']), mutant('2', 'Survived', [], ['1'])],
      },
    },
    [
      { id: '0', name: 'shows the switch' },
      { id: '1', name: 'saves a setting' },
    ],
  );

  it('keeps every group’s files and points each mutant at the same named test', () => {
    const merged = mergeMutationReports([machines, views]);
    const tests = merged.testFiles?.[TEST_FILE]?.tests ?? [];
    const nameOf = (id?: string) => tests.find((test) => test.id === id)?.name;

    expect(Object.keys(merged.files).sort()).toEqual([
      'src/machines/settings.ts',
      'src/ui/settings/SettingsPage.tsx',
    ]);
    expect(tests.map((test) => test.name).sort()).toEqual(['saves a setting', 'shows the switch']);
    expect(nameOf(merged.files['src/machines/settings.ts']?.mutants[0]?.killedBy?.[0])).toBe(
      'saves a setting',
    );
    const page = merged.files['src/ui/settings/SettingsPage.tsx']?.mutants ?? [];
    expect(nameOf(page[0]?.killedBy?.[0])).toBe('shows the switch');
    expect(nameOf(page[1]?.coveredBy?.[0])).toBe('saves a setting');
  });

  it('lets the later report win for a source file both measured', () => {
    const again = report(
      { 'src/machines/settings.ts': { source: 'm2', mutants: [mutant('1', 'Survived')] } },
      [],
    );
    const merged = mergeMutationReports([machines, again]);
    expect(merged.files['src/machines/settings.ts']?.source).toBe('m2');
    expect(merged.files['src/machines/settings.ts']?.mutants[0]?.status).toBe('Survived');
  });

  it('marks a test file changed when the groups ran different versions of it, so its results are measured again', () => {
    const version = (source: string) => ({
      ...views,
      testFiles: { [TEST_FILE]: { ...views.testFiles![TEST_FILE]!, source } },
    });
    const sourceOf = (...sources: string[]) =>
      mergeMutationReports(sources.map(version)).testFiles?.[TEST_FILE]?.source;
    expect(sourceOf('v1', 'v1')).toBe('v1');
    // The latest version is likely the current one: keep another, which the incremental run sees as changed.
    expect(sourceOf('v1', 'v2')).toBe('v1');
    expect(sourceOf('v1', 'v2', 'v1')).toBe('v2');
  });

  it('scores killed and timed-out mutants over the valid ones', () => {
    const merged = mergeMutationReports([
      report(
        {
          'a.ts': {
            source: '',
            mutants: ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'Ignored', 'RuntimeError'].map(
              (status, i) => mutant(String(i), status),
            ),
          },
        },
        [],
      ),
    ]);
    expect(mutationScore(merged)).toMatchObject({ detected: 2, valid: 4, score: 50 });
  });
});
