import { expect } from 'vitest';
import { openDashboardMachine } from '../../src/machines/openDashboard';
import { call, describeModel, start } from './harness';

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
  delays: {},
  view: "pending: the session-check page's button replays with the getting-in views",
  effects: {
    // Nothing opens before the refresh has answered.
    'dashboard.open': [start('refreshSession')],
    'done:refreshSession': [call('openInNewTab', { url: DASHBOARD })],
    // A failed identity check is ignored: the tab opens all the same.
    'error:refreshSession': [call('openInNewTab', { url: DASHBOARD })],
  },
  states: {
    idle: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    refreshing: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(true),
  },
});
