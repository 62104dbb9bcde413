import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createMachine } from 'xstate';
import { loginMachine } from './fixtures/login';
import { loginOptions } from './fixtures/login-options';
import { createModelHarness } from './harness';
import { executePath } from './lib/executor';
import {
  compareInventory,
  inventoryOf,
  parseInventory,
  readInventory,
  renderInventory,
} from './lib/inventory';
import { createModelEvents } from './lib/model-events';
import { generateTransitionPaths, serializeValueAndContext } from './lib/paths';

// The inventory is proved on the login fixture and its committed, reviewed inventory (fixtures/inventory/login.md).
const reviewed = readInventory('login', join(import.meta.dirname, 'fixtures/inventory'))!;
const { states } = loginMachine.config as unknown as {
  states: Record<string, { on?: Record<string, unknown>; invoke?: object; [key: string]: unknown }>;
};

/** The login fixture with some of its states rewritten, the rest as reviewed. */
function loginWith(changed: Record<string, object>): AnyStateMachine {
  return createMachine(
    { ...loginMachine.config, states: { ...states, ...changed } } as never,
    loginMachine.implementations as never,
  );
}

describe('transition inventory', () => {
  it('reads back exactly what it wrote', () => {
    const written = renderInventory(inventoryOf(loginMachine), 'tests/model/fixtures/login.ts');
    expect(parseInventory('login', written)).toEqual(inventoryOf(loginMachine));
    expect(compareInventory(loginMachine, reviewed)).toEqual([]);
  });

  it('names a transition deleted from the machine', () => {
    const machine = loginWith({ failed: { after: { retryDelay: 'editing' } } });
    expect(compareInventory(machine, reviewed)).toEqual([
      'removed transition: failed --form.retry--> submitting (the inventory lists it, the machine does not)',
    ]);
  });

  it('names a transition added to the machine', () => {
    const machine = loginWith({
      failed: { ...states.failed, on: { 'form.retry': 'submitting', 'session.logout': 'editing' } },
    });
    expect(compareInventory(machine, reviewed)).toEqual([
      'added transition: failed --session.logout--> editing (the machine has it, the inventory does not)',
    ]);
  });

  it('names a retargeted transition, and a changed guard and effect', () => {
    const machine = loginWith({
      failed: { after: { retryDelay: 'signedOut' }, on: { 'form.retry': 'submitting' } },
      submitting: {
        ...states.submitting,
        invoke: {
          ...states.submitting!.invoke,
          onError: { target: 'failed', actions: 'announceSignIn' },
        },
      },
      editing: {
        on: {
          'form.change': states.editing!.on!['form.change'],
          'form.submit': [{ guard: 'isAdmin', target: 'submitting' }, { actions: 'announceSignIn' }],
        },
      },
    });
    expect(compareInventory(machine, reviewed)).toEqual([
      'changed guard: editing | form.submit | 1: the inventory says [hasEmail], the machine [isAdmin]',
      'changed effects: editing | form.submit | 1: the inventory says assign, the machine —',
      'changed effects: editing | form.submit | 2: the inventory says assign, the machine announceSignIn',
      'changed effects: submitting | error:login | 1: the inventory says assign, the machine announceSignIn',
      'retargeted transition: failed | after:retryDelay | 1: the inventory says → editing, the machine → signedOut',
    ]);
  });

  it("names a state's changed entry and a state removed", () => {
    const { signedOut: _gone, ...rest } = states;
    const machine = createMachine(
      {
        ...loginMachine.config,
        states: { ...rest, signedIn: { ...states.signedIn, entry: [], on: { 'session.logout': 'editing' } } },
      } as never,
      loginMachine.implementations as never,
    );
    expect(compareInventory(machine, reviewed)).toEqual([
      'retargeted transition: signedIn | session.logout | 1: the inventory says → signedOut, the machine → editing',
      'removed transition: signedOut --always--> editing / assign (the inventory lists it, the machine does not)',
      'changed entry of state signedIn: the inventory says announceSignIn, the machine —',
      'removed state: signedOut',
    ]);
  });

  it('fails the model test, naming each difference, before any path runs', () => {
    const machine = loginWith({ failed: { after: { retryDelay: 'editing' } } });
    expect(() =>
      createModelHarness(machine as typeof loginMachine, { ...loginOptions, inventory: reviewed }),
    ).toThrow(/inventory: removed transition: failed --form.retry--> submitting/);
  });

  it('a machine without a committed inventory fails', () => {
    const unknown = createMachine({ id: 'noInventoryHere', initial: 'idle', states: { idle: {} } });
    expect(() => createModelHarness(unknown)).toThrow(
      "'noInventoryHere' has no inventory (tests/model/inventory/noInventoryHere.md)",
    );
  });

  it("takes each step's target from the inventory, not from the model", async () => {
    // The machine went to signedOut after the retry delay; the reviewed inventory says editing. The model,
    // generated from the machine, agrees with the machine: only the inventory can see the difference.
    const machine = loginWith({
      failed: { after: { retryDelay: 'signedIn' }, on: { 'form.retry': 'submitting' } },
    });
    const modelEvents = createModelEvents(machine, loginOptions);
    const paths = generateTransitionPaths(machine, modelEvents, {});
    const path = paths.find((candidate) => candidate.description.includes('after:retryDelay'))!;
    const record = { takenTransitions: new Set<string>(), observersRun: new Set<string>() };
    await expect(
      executePath(
        machine,
        path,
        modelEvents,
        serializeValueAndContext,
        { ...loginOptions, inventory: reviewed },
        record,
      ),
    ).rejects.toThrow(
      'The actor took failed | after:retryDelay | 1, which the inventory says goes to editing, but it is not in login.editing.',
    );
  });
});
