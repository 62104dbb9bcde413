import * as v from 'valibot';

/**
 * Stryker's incremental files (mutation-testing-report-schema) of several scoped runs, merged into one, so that a
 * run over every file of `mutate` with `--incremental` reuses what each group's run measured and re-runs only what
 * changed since (docs/testing.md, "The full run"). Test ids are unique only within one report: they are renumbered,
 * and a test is the same test in two reports when its file and name are (the vitest runner reports no locations).
 */
const testSchema = v.looseObject({ id: v.string(), name: v.string() });
const testFileSchema = v.looseObject({ source: v.optional(v.string()), tests: v.array(testSchema) });
const mutantSchema = v.looseObject({
  id: v.string(),
  status: v.string(),
  coveredBy: v.optional(v.array(v.string())),
  killedBy: v.optional(v.array(v.string())),
});
const fileSchema = v.looseObject({ source: v.string(), mutants: v.array(mutantSchema) });
export const mutationReportSchema = v.looseObject({
  files: v.record(v.string(), fileSchema),
  testFiles: v.optional(v.record(v.string(), testFileSchema)),
});
export type MutationReport = v.InferOutput<typeof mutationReportSchema>;
type TestFile = v.InferOutput<typeof testFileSchema>;

/**
 * Merges reports, the later ones winning for a source file both measured. A test file whose source differs between
 * the reports keeps the source of the first that differs from the last: the incremental run then sees it changed
 * and re-runs the mutants its tests killed or covered, rather than trusting a result of another version of a test.
 */
export function mergeMutationReports(reports: readonly MutationReport[]): MutationReport {
  if (reports.length === 0) throw new Error('No reports to merge.');
  const testFiles: Record<string, TestFile> = {};
  const idByKey = new Map<string, string>();
  const idMaps = reports.map((report) => {
    const ids = new Map<string, string>();
    for (const [file, testFile] of Object.entries(report.testFiles ?? {})) {
      testFiles[file] ??= { ...testFile, tests: [] };
      const merged = testFiles[file];
      for (const test of testFile.tests) {
        const key = `${file}\n${test.name}`;
        let id = idByKey.get(key);
        if (id === undefined) {
          id = String(idByKey.size);
          idByKey.set(key, id);
          merged.tests.push({ ...test, id });
        }
        ids.set(test.id, id);
      }
    }
    return ids;
  });
  for (const [file, testFile] of Object.entries(testFiles)) {
    const sources = reports.map((report) => report.testFiles?.[file]?.source).filter((s) => s !== undefined);
    testFile.source = sources.find((source) => source !== sources.at(-1)) ?? sources.at(-1);
  }
  const files: MutationReport['files'] = {};
  reports.forEach((report, index) => {
    const ids = idMaps[index]!;
    const renumber = (list?: string[]) => list?.map((id) => ids.get(id)).filter((id) => id !== undefined);
    for (const [file, entry] of Object.entries(report.files)) {
      files[file] = {
        ...entry,
        mutants: entry.mutants.map((mutant) => ({
          ...mutant,
          coveredBy: renumber(mutant.coveredBy),
          killedBy: renumber(mutant.killedBy),
        })),
      };
    }
  });
  return { ...reports.at(-1)!, files, testFiles };
}

/** Killed and timed-out mutants over the valid ones (Stryker's score; ignored and erroring mutants excluded). */
export function mutationScore(report: MutationReport) {
  const counts: Record<string, number> = {};
  for (const entry of Object.values(report.files))
    for (const mutant of entry.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  return { counts, detected, valid, score: valid === 0 ? 100 : (100 * detected) / valid };
}
