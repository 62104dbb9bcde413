import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assign, createMachine, setup } from 'xstate';
import { deadEndMachine, loginMachine, racingTimersMachine } from './fixtures/login';
import { loginOptions } from './fixtures/login-options';
import { toggleMachine } from './fixtures/machines/toggle';
import { createModelHarness, formatUntaken, type ModelTestOptions, start } from './harness';
import { coverageFailures, formatCoverageTable, measureCoverage, viewNotes } from './lib/coverage-table';
import { inventoryOf } from './lib/inventory';
import { discoverMachines } from './lib/machine-discovery';

// The harness is proved on fixture machines; the app's machines are tested in their own files.

/**
 * The harness on a fixture whose inventory is the fixture's own (as if reviewed); the inventory checks themselves
 * are proved in tests/model/inventory.test.ts.
 */
function harnessOf<TMachine extends Parameters<typeof createModelHarness>[0]>(
  machine: TMachine,
  options: ModelTestOptions<TMachine> = {},
) {
  return createModelHarness(machine, { inventory: inventoryOf(machine), ...options });
}

async function runAll(harness: ReturnType<typeof createModelHarness>) {
  for (const path of harness.paths) await harness.runPath(path);
}

describe('model harness', () => {
  it('takes every transition of a machine with guards, an invoke, a delay and an eventless transition', async () => {
    const harness = harnessOf(loginMachine, loginOptions);
    await runAll(harness);

    const coverage = harness.coverage();
    expect(coverage.transitions.map((transition) => `${transition.source} ${transition.event}`)).toEqual([
      'login.editing form.change',
      'login.editing form.submit',
      'login.editing form.submit',
      'login.submitting xstate.done.actor.0.login.submitting',
      'login.submitting xstate.done.actor.0.login.submitting',
      'login.submitting xstate.error.actor.0.login.submitting',
      'login.failed form.retry',
      'login.failed xstate.after.retryDelay.login.failed',
      'login.signedIn session.logout',
      'login.signedOut always',
    ]);
    expect(coverage.untaken).toEqual([]);
  });

  it('names model steps after what the executor does for them', () => {
    const harness = harnessOf(loginMachine, loginOptions);
    const descriptions = harness.paths.map((path) => path.description);
    expect(descriptions.every((description) => description.startsWith('init → '))).toBe(true);
    expect(
      descriptions.some((description) =>
        description.includes(
          'form.change("ada@example.com") → form.submit → done:login({"role":"admin"}) → session.logout',
        ),
      ),
    ).toBe(true);
    expect(
      descriptions.some((description) =>
        description.includes('error:login(Error: login failed) → after:retryDelay'),
      ),
    ).toBe(true);
  });

  it('chains moves into few paths that start at init, yet every move runs', async () => {
    const harness = harnessOf(loginMachine, loginOptions);
    await runAll(harness);
    expect(harness.coverage().untaken).toEqual([]);
    // Ten transitions, some taken with several payloads: one path per move would be a dozen renders of a view.
    expect(harness.paths.length).toBeLessThanOrEqual(3);
  });

  it('ends a path at a timer that fires while its state stays active (the model cannot see it is spent)', async () => {
    // 'ready' cleans the address once, 300 ms after it is entered; moving between its children keeps the timer spent.
    const machine = setup({ delays: { cleanup: 300 } }).createMachine({
      id: 'spentTimer',
      initial: 'ready',
      context: { cleaned: 0 },
      states: {
        ready: {
          initial: 'editing',
          after: { cleanup: { actions: assign({ cleaned: ({ context }) => context.cleaned + 1 }) } },
          states: { editing: { on: { submit: 'sent' } }, sent: { on: { edit: 'editing' } } },
        },
      },
    });
    const harness = harnessOf(machine, {
      events: [{ type: 'submit' }, { type: 'edit' }],
      delays: { cleanup: 300 },
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    });
    await runAll(harness);
    expect(harness.coverage().untaken).toEqual([]);
    for (const path of harness.paths) {
      const cleanups = path.description.split(' → ').filter((label) => label === 'after:cleanup');
      expect(
        cleanups.length <= 1 && (cleanups.length === 0 || path.description.endsWith('after:cleanup')),
      ).toBe(true);
    }
  });

  it('lists each transition no path can take by source state, event and target', async () => {
    const harness = harnessOf(deadEndMachine, { events: [{ type: 'go' }, { type: 'back' }] });
    await runAll(harness);

    expect(formatUntaken(harness.coverage().untaken)).toBe(
      ['  deadEnd.idle  --go [never]-->  deadEnd.orphan', '  deadEnd.orphan  --back-->  deadEnd.idle'].join(
        '\n',
      ),
    );
  });

  it('counts a transition that only stops a parent from handling the event', async () => {
    const machine = createMachine({
      id: 'shielded',
      initial: 'open',
      on: { close: '.closed' },
      states: { open: { on: { lock: 'locked' } }, closed: {}, locked: { on: { close: {} } } },
    });
    const harness = harnessOf(machine, { events: [{ type: 'close' }, { type: 'lock' }] });
    await runAll(harness);

    expect(harness.coverage().untaken).toEqual([]);
  });

  it('fails, naming the event, when an event the machine accepts has no fixture (no bare event is sent)', () => {
    const withoutRetry = loginOptions.events.filter((event) => event.type !== 'form.retry');
    expect(() => harnessOf(loginMachine, { ...loginOptions, events: withoutRetry })).toThrow(
      "event 'form.retry' has no fixture in `events`",
    );
  });

  it('fails on fixtures of an event type the machine does not accept (stale fixtures)', () => {
    const events = [...loginOptions.events, { type: 'form.cancel' }] as never;
    expect(() => harnessOf(loginMachine, { ...loginOptions, events })).toThrow(
      "`events` lists 'form.cancel', which the machine does not accept (stale fixture).",
    );
  });

  it('sends only the listed payload variants: dropping one leaves its transition untaken', async () => {
    const events = loginOptions.events.filter(
      (event) => !(event.type === 'form.change' && event.email === 'ada@example.com'),
    );
    const harness = harnessOf(loginMachine, { ...loginOptions, events });
    await runAll(harness);
    expect(formatUntaken(harness.coverage().untaken)).toContain('login.editing  --form.submit [hasEmail]-->');
  });

  it('counts only what the real actor did: nothing is covered before a path runs', () => {
    const harness = harnessOf(loginMachine, loginOptions);
    expect(harness.coverage().taken).toEqual([]);
  });

  it('fails a path when the real actor does not reach the state the model predicts', async () => {
    const harness = harnessOf(racingTimersMachine, { delays: { soon: 1000, later: 5000 } });
    const lateTimerPath = harness.paths.find((path) => path.description === 'init → after:later');
    expect(lateTimerPath).toBeDefined();

    await expect(harness.runPath(lateTimerPath!)).rejects.toThrow(
      /The actor is not where the model says\.\n {2}model: {2}active \{"value":"late".*\n {2}actor: {2}active \{"value":"early"/,
    );
    expect(formatUntaken(harness.coverage().untaken)).toContain('racingTimers.late');
  });

  it('settles invoked doubles with the supplied outputs and records what the machine asked for', async () => {
    const seen: Array<{ inputs: unknown[]; actions: string[] }> = [];
    const harness = harnessOf(loginMachine, {
      ...loginOptions,
      afterStep: {
        'done:login': ({ effects, stepEffects }) => {
          seen.push({ inputs: effects.inputsOf('login'), actions: stepEffects.actionNames() });
        },
      },
    });
    await runAll(harness);

    expect(seen).toContainEqual({ inputs: [{ email: 'ada@example.com' }], actions: ['announceSignIn'] });
    expect(harness.observersNeverRun()).toEqual([]);
  });

  it("fails a step whose effects differ from its label's declaration", async () => {
    const harness = harnessOf(loginMachine, {
      ...loginOptions,
      effects: { ...loginOptions.effects, 'form.retry': [start('login', { email: 'bob@example.com' })] },
    });
    const retryPath = harness.paths.find((path) => path.description.includes('form.retry'))!;

    await expect(harness.runPath(retryPath)).rejects.toThrow(
      /The step's effects differ from what `effects` declares for 'form.retry'\.\n {2}declared: start login\(\{"email":"bob@example.com"\}\)\n {2}actual: {3}start login\(\{"email":"ada@example.com"\}\)/,
    );
  });

  it('fails a step that has effects when its label declares none, naming the label and the effects', async () => {
    const { 'done:login': _undeclared, ...effects } = loginOptions.effects;
    const harness = harnessOf(loginMachine, { ...loginOptions, effects });
    const signInPath = harness.paths.find((path) => path.description.includes('done:login'))!;

    await expect(harness.runPath(signInPath)).rejects.toThrow(
      "The step had effects, but `effects` declares none for 'done:login': call announceSignIn()",
    );
  });

  it('fails when the machine stops asking for an effect the test declares', async () => {
    // The entry action turns into a built-in (an assign): the machine no longer asks for the effect.
    const silentSignIn = loginMachine.provide({ actions: { announceSignIn: assign({}) } });
    const harness = harnessOf(silentSignIn, loginOptions);
    const signInPath = harness.paths.find((path) => path.description.includes('done:login'))!;

    await expect(harness.runPath(signInPath)).rejects.toThrow(/actual: {3}\(none\)/);
  });

  it('fails when a named delay of the machine differs from the value the test gives (docs/product.md)', () => {
    const tenfold = loginMachine.provide({ delays: { retryDelay: 30000 } });
    expect(() => harnessOf(tenfold, loginOptions)).toThrow(
      "delay 'retryDelay' is 30000 ms in the machine, but the test gives 3000 ms.",
    );
  });

  it('fails when the test gives no value for a named delay, or one for a delay the machine lacks', () => {
    expect(() => harnessOf(loginMachine, { ...loginOptions, delays: {} })).toThrow(
      "delay 'retryDelay' has no value in `delays`: write the product's value, in ms.",
    );
    expect(() =>
      harnessOf(loginMachine, { ...loginOptions, delays: { retryDelay: 3000, pollEvery: 3000 } }),
    ).toThrow("`delays` gives 'pollEvery', which is not a named delay of the machine (stale).");
  });

  it('refuses a machine with an unnamed numeric delay', () => {
    const machine = createMachine({
      id: 'blink',
      initial: 'on',
      states: { on: { after: { 400: 'off' } }, off: {} },
    });
    expect(() => harnessOf(machine)).toThrow(
      "state 'blink.on' uses an unnamed delay of 400 ms: name it in setup({ delays }) so the test can check it",
    );
  });

  it('checks a computed delay when a path fires it: the clock must move by the value the test gives', async () => {
    const computed = loginMachine.provide({ delays: { retryDelay: () => 30000 } });
    const harness = harnessOf(computed, loginOptions);
    const retryPath = harness.paths.find((path) => path.description.includes('after:retryDelay'))!;

    await expect(harness.runPath(retryPath)).rejects.toThrow(
      "Delay 'retryDelay' fired after 30000 ms; the test gives 3000 ms.",
    );
  });

  it('moves the simulated clock exactly to the delay', async () => {
    const times: number[] = [];
    const harness = harnessOf(loginMachine, {
      ...loginOptions,
      afterStep: { 'after:retryDelay': ({ now }) => void times.push(now) },
    });
    await runAll(harness);

    expect(times.length).toBeGreaterThan(0);
    expect(new Set(times)).toEqual(new Set([3000]));
  });

  it('fails the path when an observation fails', async () => {
    const harness = harnessOf(loginMachine, {
      ...loginOptions,
      states: {
        failed: ({ snapshot }) => expect(snapshot.context.error).toBe('a different message'),
      },
    });
    const failingPath = harness.paths.find((path) => path.description.includes('error:login'));

    await expect(harness.runPath(failingPath!)).rejects.toThrow(/a different message/);
  });

  it('reports observations that no step ever reached', async () => {
    const harness = harnessOf(loginMachine, {
      ...loginOptions,
      states: { submitting: () => {}, 'signedIn.owner': () => {} },
      afterStep: { 'form.cancel': () => {} },
    });
    await runAll(harness);

    expect(harness.observersNeverRun()).toEqual(['state signedIn.owner', 'step form.cancel']);
  });
});

describe('coverage table', () => {
  const fixturesRoot = fileURLToPath(new URL('.', import.meta.url));
  const machinesDir = fileURLToPath(new URL('./fixtures/machines', import.meta.url));

  it('finds machines in subfolders and machines exported as factories', async () => {
    const { machines } = await discoverMachines(machinesDir, fixturesRoot);
    expect(machines.map(({ machine, file, exportName }) => [machine.id, file, exportName])).toEqual([
      ['door', 'fixtures/machines/nested/door.ts', 'createDoorMachine()'],
      ['toggle', 'fixtures/machines/toggle.ts', 'toggleMachine'],
    ]);
  });

  it('fails the run, with a clear message, for a factory it cannot build with no arguments', async () => {
    const { problems } = await discoverMachines(machinesDir, fixturesRoot);
    expect(problems).toEqual([
      expect.stringMatching(
        /^fixtures\/machines\/nested\/lift\.ts: the factory liftMachine cannot be built with no arguments \(it threw: .+\)\. A machine factory must build its machine with defaults/,
      ),
    ]);
  });

  it('fails the run for a machine without a model test', async () => {
    const { machines } = await discoverMachines(machinesDir, fixturesRoot);
    const toggle = machines.find((found) => found.machine.id === 'toggle')!.machine;
    const harness = harnessOf(toggle, { events: [{ type: 'toggle' }], view: 'none: a fixture' });
    await runAll(harness);
    const records = [{ machineId: 'toggle', testFile: 'toggle.test.ts', ...harness.coverageRecord() }];

    const rows = measureCoverage(machines, records);
    expect(formatCoverageTable(rows)).toMatch(/door\s+3\s+2\s+0\s+no model test/);
    expect(coverageFailures(rows)).toEqual([
      'door (fixtures/machines/nested/door.ts, createDoorMachine()): no model test. Add one that calls describeModel on it.',
    ]);
  });
});

describe('coverage table, views', () => {
  const toggle = { machine: toggleMachine, file: 'toggle.ts', exportName: 'toggleMachine' };

  async function recordOf(options: Partial<Parameters<typeof createModelHarness>[1]>) {
    const harness = harnessOf(toggleMachine, { events: [{ type: 'toggle' }], ...options });
    await runAll(harness);
    return { machineId: 'toggle', testFile: 'toggle.test.ts', ...harness.coverageRecord() };
  }

  it('prints states, transitions, taken, %, paths and view-replayed paths per machine', async () => {
    const rows = measureCoverage([toggle], [await recordOf({ view: 'none: a fixture' })]);
    expect(formatCoverageTable(rows)).toBe(
      [
        'machine  states  transitions  taken      %  paths  view-replayed',
        '-------  ------  -----------  -----  -----  -----  -------------',
        'toggle        2            2      2  100.0      1           none',
      ].join('\n'),
    );
    expect(coverageFailures(rows)).toEqual([]);
    expect(viewNotes(rows)).toEqual(['toggle: view none (a fixture)']);
  });

  it('fails a machine whose model test declares neither a view nor why it has none', async () => {
    const rows = measureCoverage([toggle], [await recordOf({})]);
    expect(formatCoverageTable(rows)).toMatch(/toggle\s+2\s+2\s+2\s+100\.0\s+1\s+undeclared/);
    expect(coverageFailures(rows)).toEqual([
      "toggle (toggle.ts, toggleMachine): the model test declares no view. Give `view` (its rendered view) or `view: 'none: <why no view shows it>'`.",
    ]);
  });

  it('does not count a test of another machine that has the same id, and fails the run naming its file', async () => {
    const impostor = createMachine({
      id: 'toggle',
      initial: 'off',
      states: { off: { on: { toggle: 'off' } } },
    });
    const harness = harnessOf(impostor, { events: [{ type: 'toggle' }], view: 'none: a fixture' });
    await runAll(harness);
    const record = { machineId: 'toggle', testFile: 'impostor.test.ts', ...harness.coverageRecord() };

    const rows = measureCoverage([toggle], [record]);
    expect(rows[0]).toMatchObject({ tested: false, taken: 0, otherMachineTestFiles: ['impostor.test.ts'] });
    expect(coverageFailures(rows)).toEqual([
      "toggle (toggle.ts, toggleMachine): impostor.test.ts tests another machine with the id 'toggle' (its transitions differ), so it does not count here. Give the machines different ids.",
      'toggle (toggle.ts, toggleMachine): no model test. Add one that calls describeModel on it.',
    ]);
  });

  it('fails a machine whose view declaration gives no reason', async () => {
    const rows = measureCoverage([toggle], [await recordOf({ view: 'none: ' })]);
    expect(coverageFailures(rows)).toEqual([expect.stringContaining('the model test declares no view.')]);
  });

  it('refuses to replay a view without a DOM, saying where view tests run', async () => {
    const harness = harnessOf(toggleMachine, {
      events: [{ type: 'toggle' }],
      view: { render: () => ({ unmount: () => {} }), perform: {}, shows: {} },
    });
    await expect(harness.runPathInView(harness.paths[0]!)).rejects.toThrow(
      "Replaying 'toggle' through its view needs a DOM: name its model test *.test.tsx (vitest project model-view).",
    );
  });

  it('fails a machine with a view when a path was not replayed through it', async () => {
    const record = {
      ...(await recordOf({ view: 'none: replaced below' })),
      view: { kind: 'rendered' as const },
    };
    const rows = measureCoverage([toggle], [record]);
    expect(formatCoverageTable(rows)).toMatch(/toggle\s+2\s+2\s+2\s+100\.0\s+1\s+0$/);
    expect(coverageFailures(rows)).toEqual([
      'toggle (toggle.ts, toggleMachine): 0 of 1 paths were replayed through its view.',
    ]);
  });

  it('lets a view be pending, and says so under the table', async () => {
    const rows = measureCoverage([toggle], [await recordOf({ view: 'pending: the lead wires it' })]);
    expect(formatCoverageTable(rows)).toMatch(/toggle .* pending$/);
    expect(coverageFailures(rows)).toEqual([]);
    expect(viewNotes(rows)).toEqual(['toggle: view pending (the lead wires it)']);
  });
});
