import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';

/** A state machine found in a machines folder: exported as such, or built by an exported factory. */
export interface DiscoveredMachine {
  machine: AnyStateMachine;
  /** Relative to the root the search was given, e.g. `tests/model/fixtures/machines/nested/door.ts`. */
  file: string;
  /** `sessionMachine`, or `createPollMachine()` for a factory. */
  exportName: string;
}

export interface Discovery {
  machines: DiscoveredMachine[];
  /** Modules that cannot be loaded and factories that cannot be built: each one fails the coverage run. */
  problems: string[];
}

/**
 * Every state machine under `dir`, subfolders included: each exported machine, and each exported factory (a
 * function named `create…` or `…Machine`) called with no arguments. A factory that throws or returns no machine
 * is a problem, not a silent gap: the coverage table must list every machine the app can build.
 */
export async function discoverMachines(dir: string, root: string): Promise<Discovery> {
  const machines: DiscoveredMachine[] = [];
  const problems: string[] = [];
  for (const path of moduleFiles(dir)) {
    const file = relative(root, path);
    let module: Record<string, unknown>;
    try {
      module = await import(pathToFileURL(path).href);
    } catch (error) {
      // Machines must load without the browser or Vite (they import only xstate, src/domain and contract/).
      problems.push(`${file} could not be loaded to count its transitions: ${String(error)}`);
      continue;
    }
    for (const [name, value] of Object.entries(module)) {
      if (isStateMachine(value)) {
        machines.push({ machine: value, file, exportName: name });
      } else if (typeof value === 'function' && isFactoryName(name)) {
        const built = buildFactory(value as () => unknown);
        if (isStateMachine(built)) machines.push({ machine: built, file, exportName: `${name}()` });
        else
          problems.push(
            `${file}: the factory ${name} cannot be built with no arguments (${built instanceof Error ? `it threw: ${built.message}` : `it returned ${describeValue(built)}`}). A machine factory must build its machine with defaults, so the coverage table can count its transitions.`,
          );
      }
    }
  }
  return withoutDuplicates(machines, problems);
}

export function isStateMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'getTransitionData' in value;
}

function isFactoryName(name: string): boolean {
  return name.startsWith('create') || name.endsWith('Machine');
}

function buildFactory(factory: () => unknown): unknown {
  try {
    return factory();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  return typeof value === 'object'
    ? `an object with keys ${Object.keys(value).join(', ') || '(none)'}`
    : typeof value;
}

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * A module that exports a machine and the factory that built it lists the machine once, under both names. Two
 * modules with machines of one id are a problem: coverage records are matched by id, so one machine's test
 * would count for the other.
 */
function withoutDuplicates(machines: DiscoveredMachine[], problems: string[]): Discovery {
  const byId = new Map<string, DiscoveredMachine>();
  for (const found of machines) {
    const seen = byId.get(found.machine.id);
    if (!seen) byId.set(found.machine.id, { ...found });
    else if (seen.file === found.file) seen.exportName = `${seen.exportName}, ${found.exportName}`;
    else
      problems.push(
        `${seen.file} and ${found.file} both have a machine with id '${found.machine.id}': give each its own id.`,
      );
  }
  return { machines: [...byId.values()], problems };
}
