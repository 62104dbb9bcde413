import { sessionMachine } from '../../src/machines/session';
import { describeModel } from './harness';
import { sessionModel } from './session-model';

// Every path of the session against the bare actor and through the landing page (top bar, account menu, toasts);
// the Settings page's replays are in session-settings.test.tsx, which runs beside this file.
describeModel(sessionMachine, sessionModel);
