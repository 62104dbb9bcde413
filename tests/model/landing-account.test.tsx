import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  type LandingAccountSnapshot,
  landingAccountMachine,
  selectSubscriptionStatus,
  selectTrialEndsAt,
  selectTrialKnown,
} from '../../src/machines/landing-account';
import { renderLoadedApp, signedIn } from '../ui/render-app';
import { describeModel, type MachineView, start } from './harness';

/** A day, written here: the oracle does not borrow the product's constant. */
const DAY = 24 * 60 * 60 * 1000;
/** Two and a half days from now: the badge counts a part of a day as a day [product: LAND-16]. */
const trialEnd = new Date(Date.now() + 2.5 * DAY).toISOString();

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

/** The banner badge (none while the lookup runs) and the greeting [product: LAND-10, LAND-15, LAND-16, MSG-SILENT-2]. */
function showsHero(badge: 'Trial: 3 days left' | 'Active Member' | null) {
  const greeting = screen.getByRole('heading', { level: 1 });
  expect(greeting).toHaveTextContent(/^Good (morning|afternoon|evening), Casey$/);
  const hero = within(greeting.parentElement as HTMLElement);
  expect(hero.getByText("Founders' Tier")).toBeInTheDocument();
  expect(hero.getByText('Jones IT')).toBeInTheDocument();
  const shown = [hero.queryByText(/^Trial: /), hero.queryByText('Active Member')].filter(
    (element) => element !== null && getComputedStyle(element).visibility !== 'hidden',
  );
  expect(shown.map((element) => element?.textContent)).toEqual(badge === null ? [] : [badge]);
}

/** The signed-in customer's hero on the landing page ('Open Dashboard' is the dashboardLink flow's). */
const signedInHeroView: MachineView<typeof landingAccountMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = await renderLoadedApp(
      '/Landing',
      { loadUser: async () => customer },
      { flows: { landingAccount: logic }, actorOptions },
    );
    await screen.findByText(/, Casey$/, { selector: 'h1' });
    return app;
  },
  perform: {},
  shows: {
    // Until the lookup answers, the badge claims nothing: neither trial days nor 'Active Member'.
    lookingUp: () => showsHero(null),
    settled: ({ context }) =>
      showsHero(context.trialEndsAt === trialEnd ? 'Trial: 3 days left' : 'Active Member'),
  },
};

function expectTrial(snapshot: LandingAccountSnapshot, known: boolean, endsAt: unknown) {
  expect(selectTrialKnown(snapshot)).toBe(known);
  expect(selectTrialEndsAt(snapshot)).toEqual(endsAt);
}

describeModel(landingAccountMachine, {
  delays: { trialLookupPatience: 5000 },
  view: signedInHeroView,
  effects: {
    // The lookup starts with the signed-in parts of the page.
    init: [start('lookupTrial')],
  },
  events: [],
  actors: {
    lookupTrial: {
      outputs: [
        { trial_ends_at: trialEnd, subscription_status: 'trialing' },
        { trial_ends_at: null, subscription_status: 'active' },
      ],
      errors: [new Error('Not found')],
    },
  },

  states: {
    lookingUp: ({ snapshot }) => expectTrial(snapshot, false, undefined),
  },

  afterStep: {
    'done:lookupTrial': ({ snapshot, event }) => {
      expectTrial(snapshot, true, event.output.trial_ends_at);
      expect(selectSubscriptionStatus(snapshot)).toBe(event.output.subscription_status);
    },
    'after:trialLookupPatience': ({ snapshot, stepEffects }) => {
      // A lookup that does not answer counts as failed: 'Active Member', nothing said.
      expectTrial(snapshot, false, undefined);
      expect(stepEffects.entries).toEqual([]);
    },
    'error:lookupTrial': ({ snapshot, stepEffects }) => {
      // [product: MSG-SILENT-2] The days stay unset; nothing is said.
      expectTrial(snapshot, false, undefined);
      expect(stepEffects.entries).toEqual([]);
    },
  },
});
