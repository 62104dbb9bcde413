import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MachineTransition } from './transitions';

/**
 * Model test files run in separate workers; each leaves what its machine's actors did here, and
 * scripts/model-coverage.ts turns the records into the coverage table after the run.
 */
// import.meta.dirname, not import.meta.url: under happy-dom (model tests with a view) the URL is not a file URL.
export const COVERAGE_DIR = join(import.meta.dirname, '../../../.data/coverage');
export const RAW_RECORDS_DIR = `${COVERAGE_DIR}/model-raw`;

/** What a model test says about its machine's view. */
export type ViewRecord =
  | { kind: 'rendered' }
  | { kind: 'none'; reason: string }
  | { kind: 'pending'; reason: string }
  | { kind: 'undeclared' };

export interface CoverageRecord {
  machineId: string;
  testFile: string;
  transitions: MachineTransition[];
  takenKeys: string[];
  /** Paths generated for the machine, and how many of them passed through its rendered view. */
  paths: number;
  viewPathsReplayed: number;
  view: ViewRecord;
  /** For the report (.data/coverage/model.html): each path's steps, further host views, and what took what. */
  pathDescriptions?: string[];
  hosts?: string[];
  /** By transition key: `<replay>\t<path description>`, the replay being `bare`, `view` or a host's name. */
  takenBy?: Record<string, string[]>;
  /** The `states`, `afterStep`, `effects` and `shows` entries that ran. */
  observersRun?: string[];
}

export function writeCoverageRecord(record: CoverageRecord): void {
  mkdirSync(RAW_RECORDS_DIR, { recursive: true });
  writeFileSync(
    `${RAW_RECORDS_DIR}/${record.machineId}-${randomUUID()}.json`,
    JSON.stringify(record, null, 2),
  );
}

export function readCoverageRecords(): CoverageRecord[] {
  let files: string[];
  try {
    files = readdirSync(RAW_RECORDS_DIR).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.map(
    (file) => JSON.parse(readFileSync(`${RAW_RECORDS_DIR}/${file}`, 'utf8')) as CoverageRecord,
  );
}

/** Records of an earlier run must never count for this one. */
export function clearCoverageRecords(): void {
  rmSync(RAW_RECORDS_DIR, { recursive: true, force: true });
}
