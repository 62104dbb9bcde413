import { expect } from 'vitest';
import { dashboardLinkMachine, selectIsOpening } from '../../src/machines/dashboardLink';
import { call, describeModel, start } from './harness';

/** Fixtures for every event the machine accepts, and what the view shows in each state. */
const LINK = 'https://dash.example/?view=overview';
const events = [{ type: 'dashboard.open', link: LINK }] as const;
const view = {
  idle: { opening: false },
  refreshing: { opening: true },
};

describeModel(dashboardLinkMachine, {
  events,
  actors: {
    refreshIdentity: { outputs: [{ id: 'user-1' }], errors: [new Error('Network down')] },
  },
  delays: {},
  view: 'pending: the header button replays with the signed-in shell (issue 12)',
  effects: {
    // The tab is reserved at the click, and the identity call comes first [product: HEAD-3].
    'dashboard.open': [call('reserveTab'), start('refreshIdentity')],
    'done:refreshIdentity': [call('openDashboard', { link: LINK })],
    // A failed identity call is ignored: the dashboard opens all the same [product: HEAD-3].
    'error:refreshIdentity': [call('openDashboard', { link: LINK })],
  },
  states: {
    idle: ({ snapshot }) => expect({ opening: selectIsOpening(snapshot) }).toEqual(view.idle),
    refreshing: ({ snapshot }) => expect({ opening: selectIsOpening(snapshot) }).toEqual(view.refreshing),
  },
  afterStep: {
    init: ({ snapshot }) => expect(snapshot.context.link).toBeNull(),
    'dashboard.open': ({ snapshot }) => expect(snapshot.context.link).toBe(LINK),
  },
});
