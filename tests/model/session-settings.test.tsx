import { sessionMachine } from '../../src/machines/session';
import { describeModel } from './harness';
import { sessionModel, settingsHost } from './session-model';

// Every path of the session through the Settings page, where a signed-in user signs out with 'Logout' [issue 24
// item 4]: a file of its own so that npm run test:model runs it beside session.test.tsx (docs/testing.md, budget).
describeModel(sessionMachine, { ...sessionModel, hosts: { 'Settings page': settingsHost }, hostsOnly: true });
