import { expect } from 'vitest';
import { openDashboardMachine } from '../../src/machines/openDashboard';
import { describeModel } from './harness';

const DASHBOARD = 'https://dash.example/';

/** 'Open Dashboard' [product: CHECK-3, HEAD-2, MSG-SILENT-3]: refresh, then the tab, whatever the refresh said. */
describeModel(openDashboardMachine, {
  events: [{ type: 'dashboard.open', url: DASHBOARD }],
  actors: {
    refreshSession: {
      outputs: [{}],
      errors: [Object.assign(new Error('Not authenticated'), { status: 401 })],
    },
  },
  states: {
    idle: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    refreshing: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(true),
  },
  afterStep: {
    init: ({ stepEffects }) => expect(stepEffects.entries).toEqual([]),
    'dashboard.open': ({ stepEffects }) => {
      // Nothing opens before the refresh has answered.
      expect(stepEffects.actionNames()).toEqual([]);
      expect(stepEffects.invocations('refreshSession')).toHaveLength(1);
    },
    'done:refreshSession': ({ stepEffects }) =>
      expect(stepEffects.entries).toEqual([
        { kind: 'action', name: 'openInNewTab', params: { url: DASHBOARD } },
      ]),
    // A failed identity check is ignored: the tab opens all the same.
    'error:refreshSession': ({ stepEffects }) =>
      expect(stepEffects.entries).toEqual([
        { kind: 'action', name: 'openInNewTab', params: { url: DASHBOARD } },
      ]),
  },
});
