import { expect } from 'vitest';
import { dashboardLinkMachine, selectIsOpening } from '../../src/machines/dashboardLink';
import { describeModel } from './harness';

/** Fixtures for every event the machine accepts, and what the view shows in each state. */
const events = [{ type: 'dashboard.open' }] as const;
const view = {
  idle: { opening: false },
  refreshing: { opening: true },
};

describeModel(dashboardLinkMachine, {
  events,
  actors: {
    refreshIdentity: { outputs: [{ id: 'user-1' }], errors: [new Error('Network down')] },
  },
  states: {
    idle: ({ snapshot }) => expect({ opening: selectIsOpening(snapshot) }).toEqual(view.idle),
    refreshing: ({ snapshot }) => expect({ opening: selectIsOpening(snapshot) }).toEqual(view.refreshing),
  },
  afterStep: {
    init: ({ stepEffects }) => expect(stepEffects.entries).toEqual([]),
    'dashboard.open': ({ stepEffects }) => {
      // The identity call comes first [product: HEAD-3]; nothing opens yet.
      expect(stepEffects.invocations('refreshIdentity')).toHaveLength(1);
      expect(stepEffects.actionNames()).not.toContain('openDashboard');
    },
    'done:refreshIdentity': ({ stepEffects }) => expect(stepEffects.actionNames()).toEqual(['openDashboard']),
    // A failed identity call is ignored: the dashboard opens all the same [product: HEAD-3].
    'error:refreshIdentity': ({ stepEffects }) =>
      expect(stepEffects.actionNames()).toEqual(['openDashboard']),
  },
});
