/**
 * `tsx scripts/merge-mutation-reports.ts --out <file> <report.json>...`: merges the incremental files of scoped
 * Stryker runs (later ones win per source file) into one that a full `--incremental` run reuses
 * (docs/testing.md, "The full run"), and prints the merged score.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { mergeMutationReports, mutationReportSchema, mutationScore } from './lib/mutation-reports';

const { values, positionals } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: true });
if (!values.out || positionals.length === 0) {
  process.stderr.write('usage: tsx scripts/merge-mutation-reports.ts --out <file> <report.json>...\n');
  process.exit(2);
}
const reports = positionals.map((file) =>
  v.parse(mutationReportSchema, JSON.parse(readFileSync(file, 'utf8'))),
);
const merged = mergeMutationReports(reports);
writeFileSync(values.out, JSON.stringify(merged));
const { counts, score } = mutationScore(merged);
process.stdout.write(
  `${values.out}: ${Object.keys(merged.files).length} files, ${JSON.stringify(counts)}, score ${score.toFixed(2)} %\n`,
);
