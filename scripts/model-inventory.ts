/**
 * `npm run inventory`: compares every machine under src/machines with its committed transition inventory
 * (tests/model/inventory/<machine>.md) and lists each difference; exits non-zero if there is one.
 *
 *   npm run inventory                          check every machine
 *   npm run inventory -- --write session       rewrite the inventory of `session` from the machine (review the diff)
 *   npm run inventory -- --write               rewrite all of them
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareInventory,
  INVENTORY_DIR,
  inventoryFileOf,
  inventoryOf,
  readInventory,
  renderInventory,
} from '../tests/model/lib/inventory';
import { discoverMachines } from '../tests/model/lib/machine-discovery';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const only = args.filter((arg) => !arg.startsWith('--'));
  const { machines, problems } = await discoverMachines(join(ROOT, 'src/machines'), ROOT);
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  const unknown = only.filter((id) => !machines.some(({ machine }) => machine.id === id));
  for (const id of unknown) process.stderr.write(`No machine under src/machines has the id '${id}'.\n`);
  let differing = 0;
  for (const { machine, file } of machines) {
    if (only.length > 0 && !only.includes(machine.id)) continue;
    if (write) {
      mkdirSync(INVENTORY_DIR, { recursive: true });
      writeFileSync(inventoryFileOf(machine.id), renderInventory(inventoryOf(machine), file));
      process.stdout.write(`wrote ${relative(ROOT, inventoryFileOf(machine.id))}\n`);
      continue;
    }
    const differences = compareInventory(machine, readInventory(machine.id));
    if (differences.length === 0) continue;
    differing += 1;
    process.stdout.write(
      `${machine.id} (${file}) differs from its inventory:\n${differences.map((line) => `  - ${line}`).join('\n')}\n`,
    );
  }
  if (!write && differing === 0) process.stdout.write('Every machine matches its inventory.\n');
  return problems.length > 0 || unknown.length > 0 || differing > 0 ? 1 : 0;
}

process.exitCode = await main();
