import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { ALWAYS, allStateNodes, listTransitions } from './transitions';

/**
 * A machine's transition inventory: every transition (source, event, guard, target, effects) and every state's
 * entry, exit and invocations, as a Markdown file under tests/model/inventory/ that is reviewed like code. The
 * harness compares the machine with it before any path runs and takes each step's expected target from it, so a
 * transition deleted, added or retargeted in the machine fails until the inventory says the same
 * (`npm run inventory -- --write <machine>` rewrites it; the diff is what a reviewer reads).
 */
export const INVENTORY_DIR = join(import.meta.dirname, '../inventory');

export const inventoryFileOf = (machineId: string, dir = INVENTORY_DIR) => join(dir, `${machineId}.md`);

/** One transition as the inventory writes it. `key` identifies it: source, event label and its place among the alternatives. */
export interface InventoryTransition {
  key: string;
  source: string;
  /** `settings.save`, `done:loadUser`, `error:signOut`, `after:userLoadTimeout` or `always`. */
  event: string;
  /** 1 for the first alternative of that source and event, 2 for the next (guards are tried in order). */
  alternative: number;
  guard: string;
  /** Target states (relative to the machine), `(reenter)` marked; `—` for a transition that stays. */
  target: string;
  effects: string;
}

export interface InventoryState {
  state: string;
  kind: string;
  entry: string;
  exit: string;
  invokes: string;
  tags: string;
}

export interface Inventory {
  machineId: string;
  states: InventoryState[];
  transitions: InventoryTransition[];
}

const NONE = '—';

/** What the machine declares, in the inventory's words. */
export function inventoryOf(machine: AnyStateMachine): Inventory {
  const name = (node: AnyStateNode) => stateName(machine, node.id);
  const states = allStateNodes(machine.root).map(
    (node): InventoryState => ({
      state: node === machine.root ? '(machine)' : name(node),
      kind: node.type === 'compound' ? `compound, initial ${initialOf(machine, node)}` : node.type,
      entry: describeActions(node.entry),
      exit: describeActions(node.exit),
      invokes: node.invoke.length
        ? node.invoke
            .map((definition) => (typeof definition.src === 'string' ? definition.src : 'inline actor'))
            .join(', ')
        : NONE,
      tags: node.tags.length ? [...node.tags].sort().join(', ') : NONE,
    }),
  );
  const transitions = listTransitions(machine).map((transition): InventoryTransition => {
    const node = nodeById(machine, transition.source);
    const definition = definitionOf(node, transition.event, transition.index);
    const event = eventLabel(machine, node, transition.event);
    return {
      key: inventoryKey(name(node), event, transition.index + 1),
      source: name(node),
      event,
      alternative: transition.index + 1,
      guard: transition.guard ?? NONE,
      target: describeTarget(machine, definition),
      effects: describeActions(definition.actions),
    };
  });
  return { machineId: machine.id, states, transitions };
}

export const inventoryKey = (source: string, event: string, alternative: number) =>
  `${source} | ${event} | ${alternative}`;

/** The inventory key of a transition the running actor took (an `@xstate.microstep` transition). */
export function inventoryKeyOfTaken(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const alwaysIndex = source.always?.indexOf(transition) ?? -1;
  const descriptor = alwaysIndex >= 0 ? ALWAYS : transition.eventType;
  const index =
    alwaysIndex >= 0 ? alwaysIndex : (source.transitions.get(descriptor)?.indexOf(transition) ?? -1);
  return inventoryKey(stateName(machine, source.id), eventLabel(machine, source, descriptor), index + 1);
}

/** The state ids (`settings.editing`) a transition's inventory target names: what must be active after it. */
export function targetStateIds(machine: AnyStateMachine, target: string): string[] {
  if (target === NONE) return [];
  return target
    .replace(' (reenter)', '')
    .split(', ')
    .map((state) => (state.startsWith('#') ? state.slice(1) : `${machine.id}.${state}`));
}

/** The inventory as Markdown: a states table and a transitions table, one row each. */
export function renderInventory(inventory: Inventory, sourceFile: string): string {
  const cell = (value: string | number) => String(value).replaceAll('|', '\\|');
  const table = (header: string[], rows: (string | number)[][]) =>
    [
      `| ${header.join(' | ')} |`,
      `| ${header.map(() => '---').join(' | ')} |`,
      ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
    ].join('\n');
  return `${[
    `# ${inventory.machineId}: transition inventory`,
    '',
    `The machine \`${inventory.machineId}\` of \`${sourceFile}\`, as reviewed. The model tests fail when the machine and this file`,
    "differ, and take every step's target from here. After a reviewed change of the machine, rewrite it with",
    `\`npm run inventory -- --write ${inventory.machineId}\` and read the diff. Guards are tried in the order of`,
    '`alt`; `(reenter)` leaves and re-enters the target; `—` is nothing.',
    '',
    '## States',
    '',
    table(
      ['state', 'kind', 'entry', 'exit', 'invokes', 'tags'],
      inventory.states.map((state) => [
        state.state,
        state.kind,
        state.entry,
        state.exit,
        state.invokes,
        state.tags,
      ]),
    ),
    '',
    '## Transitions',
    '',
    table(
      ['source', 'event', 'alt', 'guard', 'target', 'effects'],
      inventory.transitions.map((row) => [
        row.source,
        row.event,
        row.alternative,
        row.guard,
        row.target,
        row.effects,
      ]),
    ),
  ].join('\n')}\n`;
}

/** Reads an inventory back from its Markdown (the tables only: prose around them is the reviewer's). */
export function parseInventory(machineId: string, markdown: string): Inventory {
  const sections = new Map<string, string[][]>();
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+(.*)$/.exec(line);
    if (heading) section = heading[1]!.trim();
    else if (line.startsWith('|') && !/^\|\s*-/.test(line)) {
      const cells = line
        .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
        .split(/(?<!\\)\|/)
        .map((value) => value.trim().replaceAll('\\|', '|'));
      sections.set(section, [...(sections.get(section) ?? []), cells]);
    }
  }
  const rows = (name: string) => (sections.get(name) ?? []).slice(1); // the header row goes
  return {
    machineId,
    states: rows('States').map(([state = '', kind = '', entry = '', exit = '', invokes = '', tags = '']) => ({
      state,
      kind,
      entry,
      exit,
      invokes,
      tags,
    })),
    transitions: rows('Transitions').map(
      ([source = '', event = '', alternative = '', guard = '', target = '', effects = '']) => ({
        key: inventoryKey(source, event, Number(alternative)),
        source,
        event,
        alternative: Number(alternative),
        guard,
        target,
        effects,
      }),
    ),
  };
}

/** The committed inventory of a machine, or undefined when there is none. */
export function readInventory(machineId: string, dir = INVENTORY_DIR): Inventory | undefined {
  const file = inventoryFileOf(machineId, dir);
  return existsSync(file) ? parseInventory(machineId, readFileSync(file, 'utf8')) : undefined;
}

/**
 * Every difference between the machine and its inventory, one a line, naming the transition or state: added,
 * removed, retargeted, a changed guard or effect, a changed entry, exit, invocation or tag.
 */
export function compareInventory(machine: AnyStateMachine, committed: Inventory | undefined): string[] {
  if (!committed)
    return [
      `'${machine.id}' has no inventory (tests/model/inventory/${machine.id}.md): write it with \`npm run inventory -- --write ${machine.id}\` and review it.`,
    ];
  const actual = inventoryOf(machine);
  const differences: string[] = [];
  const inventoryRows = new Map(committed.transitions.map((row) => [row.key, row]));
  const machineRows = new Map(actual.transitions.map((row) => [row.key, row]));
  for (const row of actual.transitions) {
    const listed = inventoryRows.get(row.key);
    if (!listed) {
      differences.push(`added transition: ${formatRow(row)} (the machine has it, the inventory does not)`);
      continue;
    }
    if (listed.target !== row.target)
      differences.push(
        `retargeted transition: ${row.key}: the inventory says → ${listed.target}, the machine → ${row.target}`,
      );
    if (listed.guard !== row.guard)
      differences.push(
        `changed guard: ${row.key}: the inventory says [${listed.guard}], the machine [${row.guard}]`,
      );
    if (listed.effects !== row.effects)
      differences.push(
        `changed effects: ${row.key}: the inventory says ${listed.effects}, the machine ${row.effects}`,
      );
  }
  for (const row of committed.transitions)
    if (!machineRows.has(row.key))
      differences.push(
        `removed transition: ${formatRow(row)} (the inventory lists it, the machine does not)`,
      );

  const inventoryStates = new Map(committed.states.map((state) => [state.state, state]));
  const machineStates = new Set(actual.states.map((state) => state.state));
  for (const state of actual.states) {
    const listed = inventoryStates.get(state.state);
    if (!listed) {
      differences.push(`added state: ${state.state}`);
      continue;
    }
    for (const field of ['kind', 'entry', 'exit', 'invokes', 'tags'] as const)
      if (listed[field] !== state[field])
        differences.push(
          `changed ${field} of state ${state.state}: the inventory says ${listed[field]}, the machine ${state[field]}`,
        );
  }
  for (const state of committed.states)
    if (!machineStates.has(state.state)) differences.push(`removed state: ${state.state}`);
  return differences;
}

export const formatRow = (row: InventoryTransition) =>
  `${row.source} --${row.event}${row.guard === NONE ? '' : ` [${row.guard}]`}--> ${row.target}${row.effects === NONE ? '' : ` / ${row.effects}`}`;

/** `editing` for `settings.editing`; a state with an id of its own keeps it as `#id`. */
function stateName(machine: AnyStateMachine, id: string): string {
  if (id === machine.id) return '(machine)';
  return id.startsWith(`${machine.id}.`) ? id.slice(machine.id.length + 1) : `#${id}`;
}

function nodeById(machine: AnyStateMachine, id: string): AnyStateNode {
  return allStateNodes(machine.root).find((node) => node.id === id)!;
}

function initialOf(machine: AnyStateMachine, node: AnyStateNode): string {
  const target = node.initial?.target?.[0];
  return target ? stateName(machine, target.id) : NONE;
}

function definitionOf(node: AnyStateNode, descriptor: string, index: number): AnyTransitionDefinition {
  return (descriptor === ALWAYS ? node.always! : node.transitions.get(descriptor)!)[index]!;
}

function describeTarget(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
  if (!transition.target?.length) return NONE;
  const targets = transition.target.map((target) => stateName(machine, target.id)).join(', ');
  return transition.reenter ? `${targets} (reenter)` : targets;
}

/** `done:loadUser` for `xstate.done.actor.<invoke id>`, `after:userLoadTimeout` for its timer, else the descriptor. */
function eventLabel(machine: AnyStateMachine, node: AnyStateNode, descriptor: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.*)$/.exec(descriptor);
  if (actor) {
    const invoke = allStateNodes(machine.root)
      .flatMap((state) => state.invoke)
      .find((definition) => definition.id === actor[2]);
    const src = invoke && typeof invoke.src === 'string' ? invoke.src : actor[2];
    return `${actor[1]}:${src}`;
  }
  if (descriptor.startsWith('xstate.after.'))
    return `after:${descriptor.slice('xstate.after.'.length, -(node.id.length + 1))}`;
  return descriptor;
}

/** Named actions with their fixed params; built-ins by kind (`assign`, `raise(reversals.reload)`). */
export function describeActions(actions: readonly unknown[] | undefined): string {
  // The timers of `after` (a raise on entry, a cancel on exit) are listed as transitions, not as effects.
  const written = (actions ?? []).filter((action) => !isAfterTimer(action));
  return written.length ? written.map(describeAction).join(', ') : NONE;
}

function isAfterTimer(action: unknown): boolean {
  const { event, sendId } = (action ?? {}) as { event?: { type?: unknown }; sendId?: unknown };
  const isTimer = (value: unknown) => typeof value === 'string' && value.startsWith('xstate.after.');
  return typeof action === 'function' && (isTimer(event?.type) || isTimer(sendId));
}

function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const builtIn = (action as { type?: string }).type;
    if (builtIn?.startsWith('xstate.')) {
      const kind = builtIn.slice('xstate.'.length);
      const event = (action as { event?: unknown }).event;
      return event && typeof event === 'object' && 'type' in event ? `${kind}(${String(event.type)})` : kind;
    }
    return action.name ? `${action.name} (inline)` : 'inline action';
  }
  if (action && typeof action === 'object' && 'type' in action) {
    const { type, params } = action as { type: string; params?: unknown };
    if (params === undefined) return type;
    return typeof params === 'function' ? `${type}(computed)` : `${type}(${JSON.stringify(params)})`;
  }
  return 'action';
}
