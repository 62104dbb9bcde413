import { screen, within } from '@testing-library/react';
import { afterEach, expect, type MockInstance, vi } from 'vitest';
import { DAY_MS } from '../../src/domain/trial';
import {
  type LandingAccountSnapshot,
  landingAccountMachine,
  selectIsOpeningDashboard,
  selectTrialEndsAt,
  selectTrialKnown,
} from '../../src/machines/landingAccount';
import { renderLoadedApp, signedIn } from '../ui/render-app';
import { call, describeModel, type EffectLog, type MachineView, start } from './harness';
import { keepRecordingViewActions } from './view-actions';

/** Two and a half days from now: the badge counts a part of a day as a day [product: LAND-16]. */
const trialEnd = new Date(Date.now() + 2.5 * DAY_MS).toISOString();

/** A subscriber (so no trial is estimated from the sign-up date) whose trial end only the lookup knows. */
const customer = signedIn({
  user: {
    full_name: 'Casey Jones',
    plan: 'pro',
    subscription_status: 'trialing',
    created_date: '2026-01-05T12:00:00Z',
    organization_name: 'Jones IT',
  },
});
const DASHBOARD_URL = 'https://dash.example';

/** The tabs the page opens (view replay only: the bare actor opens none). */
let openedTabs: MockInstance<typeof window.open> | undefined;
afterEach(() => {
  openedTabs = undefined;
});

const dashboardButton = () => screen.getByRole('button', { name: 'Open Dashboard' });

/** The banner badge and the greeting [product: LAND-10, LAND-15, LAND-16, MSG-SILENT-2]. */
function showsHero(badge: 'Trial: 3 days left' | 'Active Member') {
  const greeting = screen.getByRole('heading', { level: 1 });
  expect(greeting).toHaveTextContent(/^Good (morning|afternoon|evening), Casey$/);
  const hero = within(greeting.parentElement as HTMLElement);
  expect(hero.getByText("Founders' Tier")).toBeInTheDocument();
  expect(hero.getByText('Jones IT')).toBeInTheDocument();
  expect(hero.getByText(badge)).toBeInTheDocument();
  expect(hero.queryByText(badge === 'Active Member' ? /^Trial: / : 'Active Member')).not.toBeInTheDocument();
}

/** The signed-in customer's hero on the landing page. */
const signedInHeroView: MachineView<typeof landingAccountMachine> = {
  render: async ({ logic, actorOptions }) => {
    openedTabs = vi.spyOn(window, 'open').mockImplementation(() => null);
    const app = await renderLoadedApp(
      '/Landing',
      { loadUser: async () => customer },
      { flows: { landingAccount: keepRecordingViewActions(logic) }, actorOptions },
    );
    await screen.findByText(/, Casey$/, { selector: 'h1' });
    return app;
  },
  perform: {
    'dashboard.open': async (_event, user) => {
      await user.click(dashboardButton());
    },
  },
  shows: {
    // Until the lookup answers, no trial days are claimed.
    'trial.lookingUp': () => showsHero('Active Member'),
    'trial.settled': ({ context }) =>
      showsHero(context.trialEndsAt === trialEnd ? 'Trial: 3 days left' : 'Active Member'),
    // The page has the dashboard's address from the configuration: the button is ready.
    'dashboard.idle': () => {
      expect(dashboardButton()).toBeEnabled();
      expect(dashboardButton()).not.toHaveAttribute('aria-busy');
    },
    // The identity check runs: the button waits, and a second press is not possible.
    'dashboard.checkingIdentity': () => {
      expect(dashboardButton()).toBeDisabled();
      expect(dashboardButton()).toHaveAttribute('aria-busy', 'true');
    },
  },
};

/**
 * A new tab with the dashboard for every time the flow asked, whatever the identity check answered
 * [product: LAND-11, MSG-SILENT-3].
 */
function expectDashboardTab(effects: EffectLog) {
  if (!openedTabs) return;
  const asked = effects.actionNames().filter((name) => name === 'openDashboard').length;
  expect(openedTabs).toHaveBeenCalledTimes(asked);
  expect(openedTabs).toHaveBeenLastCalledWith(DASHBOARD_URL, '_blank', 'noopener,noreferrer');
}

/** What the view shows per region: the banner's trial (known or unset) and the dashboard button's wait. */
function expectTrial(snapshot: LandingAccountSnapshot, known: boolean, endsAt: unknown) {
  expect(selectTrialKnown(snapshot)).toBe(known);
  expect(selectTrialEndsAt(snapshot)).toEqual(endsAt);
}

describeModel(landingAccountMachine, {
  delays: {},
  view: signedInHeroView,
  effects: {
    // The lookup starts with the signed-in parts of the page.
    init: [start('lookupTrial')],
    'dashboard.open': [start('checkIdentity')],
    'done:checkIdentity': [call('openDashboard')],
    // [product: MSG-SILENT-3] A failed identity check is ignored: the dashboard opens all the same.
    'error:checkIdentity': [call('openDashboard')],
  },
  events: [{ type: 'dashboard.open' }],
  actors: {
    lookupTrial: {
      outputs: [{ trial_ends_at: trialEnd }, { trial_ends_at: null }],
      errors: [new Error('Not found')],
    },
    checkIdentity: {
      outputs: [{ id: 'user-1' }],
      errors: [Object.assign(new Error('Expired'), { status: 401 })],
    },
  },

  states: {
    'trial.lookingUp': ({ snapshot }) => expectTrial(snapshot, false, undefined),
    'dashboard.idle': ({ snapshot }) => expect(selectIsOpeningDashboard(snapshot)).toBe(false),
    'dashboard.checkingIdentity': ({ snapshot }) => expect(selectIsOpeningDashboard(snapshot)).toBe(true),
  },

  afterStep: {
    init: ({ stepEffects }) => {
      // The lookup starts with the signed-in parts of the page.
      expect(stepEffects.inputsOf('lookupTrial')).toHaveLength(1);
    },
    'done:lookupTrial': ({ snapshot, event }) => {
      expectTrial(snapshot, true, event.output.trial_ends_at);
    },
    'error:lookupTrial': ({ snapshot, stepEffects }) => {
      // [product: MSG-SILENT-2] The days stay unset; nothing is said.
      expectTrial(snapshot, false, undefined);
      expect(stepEffects.entries).toEqual([]);
    },
    'dashboard.open': ({ stepEffects }) => {
      expect(stepEffects.inputsOf('checkIdentity')).toHaveLength(1);
      expect(stepEffects.actionNames()).toEqual([]);
    },
    'done:checkIdentity': ({ stepEffects, effects }) => {
      expect(stepEffects.actionNames()).toEqual(['openDashboard']);
      expectDashboardTab(effects);
    },
    'error:checkIdentity': ({ stepEffects, effects }) => {
      // [product: MSG-SILENT-3] A failed identity check is ignored: the dashboard opens all the same.
      expect(stepEffects.actionNames()).toEqual(['openDashboard']);
      expectDashboardTab(effects);
    },
  },
});
