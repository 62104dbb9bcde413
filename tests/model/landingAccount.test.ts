import { expect } from 'vitest';
import {
  type LandingAccountSnapshot,
  landingAccountMachine,
  selectIsOpeningDashboard,
  selectTrialEndsAt,
  selectTrialKnown,
} from '../../src/machines/landingAccount';
import { call, describeModel, start } from './harness';

const trialEnd = '2026-12-01T00:00:00Z';

/** What the view shows per region: the banner's trial (known or unset) and the dashboard button's wait. */
function expectTrial(snapshot: LandingAccountSnapshot, known: boolean, endsAt: unknown) {
  expect(selectTrialKnown(snapshot)).toBe(known);
  expect(selectTrialEndsAt(snapshot)).toEqual(endsAt);
}

describeModel(landingAccountMachine, {
  delays: {},
  view: 'pending: the signed-in hero replays with the landing page',
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
    'done:checkIdentity': ({ stepEffects }) => {
      expect(stepEffects.actionNames()).toEqual(['openDashboard']);
    },
    'error:checkIdentity': ({ stepEffects }) => {
      // [product: MSG-SILENT-3] A failed identity check is ignored: the dashboard opens all the same.
      expect(stepEffects.actionNames()).toEqual(['openDashboard']);
    },
  },
});
