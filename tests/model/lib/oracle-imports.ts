import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * Oracles from the product's rules, not from `src/` (issue 24 item 2): a model test's expected values come from its fixtures
 * and the path's events. So from `src/` a model test imports types, and values only from `src/machines`: the
 * machine under test (a name ending in `Machine`) and its selectors (`select…`), which are subjects the test
 * asserts on, never the source of an expected value. A domain function, a constant, a helper of a machine module or
 * anything from `src/ui`, `src/services` or `src/app` would make the oracle move with the code it checks.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const SRC = join(ROOT, 'src');
const MACHINES = join(SRC, 'machines');

/**
 * Value names a model test may import from a module under src/machines: also anything of a selectors module
 * (`session-selectors.ts`), which holds a machine's selectors only (the guards' `guardedPageRedirect` among them).
 */
const isSubjectName = (name: string, target: string) =>
  /Machine$/.test(name) || /^select[A-Z]/.test(name) || /-selectors(\.ts)?$/.test(target);

/** Every import declaration and `export … from`, multi-line ones included. */
const DECLARATION = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]+)['"]/gm;
/** A bare `import '…'`, a dynamic `import('…')` or a `vi.mock('…')`. */
const OTHER_REFERENCE = /(?:^\s*import\s*|import\s*\(\s*|vi\.mock\s*\(\s*)['"]([^'"]+)['"]/gm;

function resolvesIntoSrc(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = resolve(join(file, '..'), specifier);
  return target === SRC || target.startsWith(`${SRC}/`) ? target : null;
}

/** The value names (not `type` ones) of an import clause: `a, { type B, c as d }`, `* as ns`, `Default`. */
function valueNames(clause: string): string[] {
  const names: string[] = [];
  const braces = clause.match(/\{([\s\S]*)\}/);
  const outside = clause.replace(/\{[\s\S]*\}/, '').trim();
  for (const part of outside.split(',').map((item) => item.trim())) {
    if (part) names.push(part.replace(/^\*\s+as\s+/, '* as '));
  }
  for (const specifier of braces?.[1]?.split(',') ?? []) {
    const name = specifier.trim();
    if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!.trim());
  }
  return names;
}

/** One line per import of `text` (the file at `file`) that breaks the rule. */
export function oracleImportProblems(file: string, text: string): string[] {
  const where = relative(ROOT, file);
  const problems: string[] = [];
  for (const [, , typeOnly, clause = '', specifier = ''] of text.matchAll(DECLARATION)) {
    const target = resolvesIntoSrc(file, specifier);
    if (!target || typeOnly) continue;
    const inMachines = target.startsWith(`${MACHINES}/`);
    for (const name of valueNames(clause)) {
      if (inMachines && isSubjectName(name, target)) continue;
      problems.push(
        `${where}: imports ${name} from '${specifier}': compute the expected value from the fixtures and the path's events (only types, the machine and its selectors may come from src/machines)`,
      );
    }
  }
  for (const [, specifier = ''] of text.matchAll(OTHER_REFERENCE)) {
    if (resolvesIntoSrc(file, specifier))
      problems.push(
        `${where}: loads '${specifier}' outside a typed import: model tests import only from src/machines`,
      );
  }
  return problems;
}

/**
 * The model tests and their local helpers: every file of tests/model but the harness (lib/), its fixtures, and
 * this check's own test, whose refused imports are quoted text.
 */
export function modelTestFiles(folder = join(ROOT, 'tests/model')): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && entry.name !== 'oracle-imports.test.ts',
    )
    .map((entry) => join(folder, entry.name));
}

export const oracleImportProblemsOf = (files: readonly string[]) =>
  files.flatMap((file) => oracleImportProblems(file, readFileSync(file, 'utf8')));
