import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { configure, getConfig, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginMachine } from './fixtures/login';
import { loginOptions } from './fixtures/login-options';
import { LoginView } from './fixtures/login-view';
import { createModelHarness, describeModel, type MachineView } from './harness';
import { readInventory } from './lib/inventory';

// The view replay is proved on the fixture login machine and a tiny Mantine view of it (DOM: the model-view project).

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

function loginView({ hidesFailure = false } = {}): MachineView<typeof loginMachine> {
  return {
    render: ({ logic, actorOptions }) =>
      render(
        <MantineProvider>
          <LoginView logic={logic} actorOptions={actorOptions} hidesFailure={hidesFailure} />
        </MantineProvider>,
      ),
    // `session.logout` is not here: the session ends elsewhere (another tab), so it is sent to the actor.
    perform: {
      'form.change': async ({ email }, user) => {
        await user.clear(emailField());
        if (email) await user.type(emailField(), email);
      },
      'form.submit': async (_event, user) => user.click(signInButton()),
      'form.retry': async (_event, user) => user.click(screen.getByRole('button', { name: 'Try again' })),
    },
    shows: {
      editing: ({ context }) => {
        expect(emailField()).toHaveValue(context.email);
        expect(emailField()).toBeEnabled();
        expect(signInButton()).toBeEnabled();
        if (context.error === null) expect(screen.queryByRole('alert')).toBeNull();
        // The last problem stays until the next submit: a missing address, or the failure before a retry.
        else expect(screen.getByRole('alert')).toHaveTextContent(context.error);
      },
      submitting: () => {
        expect(signInButton()).toBeDisabled();
        expect(signInButton()).toHaveAttribute('data-loading');
        expect(emailField()).toBeDisabled();
      },
      failed: () => {
        expect(screen.getByRole('alert')).toHaveTextContent('Sign-in failed.');
        expect(signInButton()).toBeDisabled();
        expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
      },
      'signedIn.admin': () => void expect(screen.getByText('Welcome, administrator.')).toBeInTheDocument(),
      'signedIn.member': () => void expect(screen.getByText('Welcome back.')).toBeInTheDocument(),
    },
  };
}

// What a machine's model test with a view looks like: `path N: …` against the bare actor, then `path N (view): …`.
// Its reviewed inventory is committed beside the fixture, as the app's machines' are in tests/model/inventory/.
const inventory = readInventory('login', join(import.meta.dirname, 'fixtures/inventory'));
describeModel(loginMachine, { ...loginOptions, inventory, view: loginView() });

describe('model harness, replayed through a view', () => {
  it('counts a path as view-replayed once it passes through the view', async () => {
    const harness = createModelHarness(loginMachine, { ...loginOptions, inventory, view: loginView() });
    expect(harness.coverageRecord().viewPathsReplayed).toBe(0);
    await harness.runPathInView(harness.paths[0]!);

    expect(harness.coverageRecord()).toMatchObject({
      paths: harness.paths.length,
      viewPathsReplayed: 1,
      view: { kind: 'rendered' },
    });
  });

  describe('failures', () => {
    // Each failure waits out the settle time once; a failing view does not get faster by waiting a full second.
    const { asyncUtilTimeout } = getConfig();
    beforeEach(() => configure({ asyncUtilTimeout: 200 }));
    afterEach(() => configure({ asyncUtilTimeout }));

    it('fails when the view stops showing an error', async () => {
      const harness = createModelHarness(loginMachine, {
        inventory,
        ...loginOptions,
        view: loginView({ hidesFailure: true }),
      });
      const failurePath = harness.paths.find((path) => path.description.includes('error:login'))!;

      await expect(harness.runPathInView(failurePath)).rejects.toThrow(
        /The view does not show state "failed" as `shows\['failed'\]` says:\n.*Unable to find role="alert"/,
      );
      expect(harness.coverageRecord().viewPathsReplayed).toBe(0);
    });

    it('fails, naming the state, when a state the path reaches has no `shows` entry', async () => {
      const { failed: _failed, ...shows } = loginView().shows;
      const harness = createModelHarness(loginMachine, {
        ...loginOptions,
        inventory,
        view: { ...loginView(), shows },
      });
      const failurePath = harness.paths.find((path) => path.description.includes('error:login'))!;

      await expect(harness.runPathInView(failurePath)).rejects.toThrow(
        'The view has no `shows` entry for state "failed": say what the page shows there.',
      );
    });

    it('performs user events on the page: a control that sends nothing leaves the actor behind the model', async () => {
      const view = loginView();
      const harness = createModelHarness(loginMachine, {
        inventory,
        ...loginOptions,
        // The user presses Enter in the field instead of clicking; a view whose form ignored it would fail the same way.
        view: {
          ...view,
          perform: { ...view.perform, 'form.submit': async (_event, user) => user.click(emailField()) },
        },
      });
      const submitPath = harness.paths.find((path) => path.description.includes('done:login'))!;

      await expect(harness.runPathInView(submitPath)).rejects.toThrow(
        /Step \d \(form.submit\)[\s\S]*The actor is not where the model says\.\n {2}model: {2}active \{"value":"submitting"/,
      );
    });

    it('replays a path through each further host, with its own `shows`, naming the host that fails', async () => {
      const harness = createModelHarness(loginMachine, {
        ...loginOptions,
        inventory,
        view: loginView(),
        hosts: { 'the other page': loginView({ hidesFailure: true }) },
      });
      const failurePath = harness.paths.find((path) => path.description.includes('error:login'))!;

      await harness.runPathInView(failurePath);
      await expect(harness.runPathInView(failurePath, 'the other page')).rejects.toThrow(
        /The view 'the other page' does not show state "failed" as `shows\['failed'\]` says/,
      );
      // Only the machine's own view counts in the table's view-replayed column; a host's shows count on their own.
      expect(harness.coverageRecord()).toMatchObject({ viewPathsReplayed: 1, hosts: ['the other page'] });
      expect(harness.observersNeverRun()).not.toContain('shows failed');
    });

    it("a host-only file counts no paths of its own and asks only its hosts' `shows` to run", async () => {
      const harness = createModelHarness(loginMachine, {
        ...loginOptions,
        inventory,
        view: loginView(),
        hosts: { 'the other page': loginView() },
        hostsOnly: true,
      });
      for (const path of harness.paths) await harness.runPathInView(path, 'the other page');
      // The main file counts the paths and their replays through the view; this one adds its host's replays.
      expect(harness.coverageRecord()).toMatchObject({
        paths: 0,
        viewPathsReplayed: 0,
        hosts: ['the other page'],
      });
      expect(harness.observersNeverRun()).toEqual([]);
    });

    it('drives the actor its `pick` chooses among the live ones, and fails when it chooses none', async () => {
      const chosen: number[] = [];
      const harness = createModelHarness(loginMachine, {
        ...loginOptions,
        inventory,
        view: loginView(),
        hosts: {
          picking: {
            ...loginView(),
            pick: (actors) => {
              chosen.push(actors.length);
              return actors[0];
            },
          },
          'picking none': { ...loginView(), pick: () => undefined },
        },
      });
      await harness.runPathInView(harness.paths[0]!, 'picking');
      expect(chosen[0]).toBe(1);
      await expect(harness.runPathInView(harness.paths[0]!, 'picking none')).rejects.toThrow(
        "The view's pick chose none of the 1 live actors.",
      );
    });

    it('fails on a `perform` entry for an event the machine does not accept', () => {
      const view = loginView();
      const perform = { ...view.perform, 'form.cancel': async () => {} };
      expect(() =>
        createModelHarness(loginMachine, { ...loginOptions, inventory, view: { ...view, perform } as never }),
      ).toThrow("the view's `perform` acts out 'form.cancel', which the machine does not accept (stale).");
    });

    it('fails when the view does not create its actor from the logic and options it is given', async () => {
      const view = loginView();
      const harness = createModelHarness(loginMachine, {
        inventory,
        ...loginOptions,
        view: {
          ...view,
          // Its own actor, without the harness's doubles, clock and inspection: nothing the model could drive.
          render: ({ actorOptions }) =>
            render(
              <MantineProvider>
                <LoginView logic={loginMachine} actorOptions={{ ...actorOptions, inspect: () => {} }} />
              </MantineProvider>,
            ),
        },
      });

      await expect(harness.runPathInView(harness.paths[0]!)).rejects.toThrow(
        'The view created no actor from the logic it was given',
      );
    });
  });
});
