import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelTestFiles, oracleImportProblems, oracleImportProblemsOf } from './lib/oracle-imports';

// Issue 24 item 2: no model test takes an expected value from src/. The check runs on every model test file with
// `npm run test:model`, and is shown refusing each way an oracle could lean on the code under test.

const file = join(import.meta.dirname, 'settings.test.tsx');
const problemsOf = (text: string) => oracleImportProblems(file, text);

describe('model tests take their oracles from fixtures and events, not from src/', () => {
  it('holds for every model test and helper in tests/model', () => {
    const files = modelTestFiles();
    expect(files.length).toBeGreaterThan(17);
    expect(oracleImportProblemsOf(files)).toEqual([]);
  });

  it('refuses a function of a machine module, computing what the machine sends', () => {
    expect(
      problemsOf(
        `import {\n  changedSettings,\n  type SettingsEvent,\n  settingsMachine,\n} from '../../src/machines/settings';\n`,
      ),
    ).toEqual([expect.stringContaining("imports changedSettings from '../../src/machines/settings'")]);
  });

  it("takes a selectors module's exports as subjects, and a machine module's helper still not", () => {
    expect(
      problemsOf(`import { guardedPageRedirect, selectUser } from '../../src/machines/session-selectors';`),
    ).toEqual([]);
    expect(problemsOf(`import { retryDelayMs } from '../../src/machines/session';`)).toHaveLength(1);
  });

  it('refuses a constant of a machine module and a domain function', () => {
    expect(
      problemsOf(`import { SAVED_BANNER_MS, settingsMachine } from '../../src/machines/settings';`),
    ).toHaveLength(1);
    expect(problemsOf(`import { checkoutPlanName } from '../../src/domain/plans';`)).toEqual([
      expect.stringContaining('imports checkoutPlanName'),
    ]);
    expect(problemsOf(`import * as plans from '../../src/domain/plans';`)).toEqual([
      expect.stringContaining('imports * as plans'),
    ]);
  });

  it('refuses a view constant, a default import and a dynamic import or mock of src/', () => {
    expect(problemsOf(`import { OPEN_SIGNUP_EVENT } from '../../src/ui/landing/LandingPage';`)).toHaveLength(
      1,
    );
    expect(problemsOf(`import LandingPage from '../../src/ui/landing/LandingPage';`)).toHaveLength(1);
    expect(problemsOf(`const m = await import('../../src/domain/plans');`)).toHaveLength(1);
    expect(problemsOf(`vi.mock('../../src/services/storage');`)).toHaveLength(1);
  });

  it('lets types, the machine under test and its selectors through, and anything outside src/', () => {
    expect(
      problemsOf(
        [
          `import type { LandingAddress } from '../../src/domain/address';`,
          `import { type SettingsSnapshot, selectSettingsForm, settingsMachine } from '../../src/machines/settings';`,
          `import { defaultSettings } from '../../contract/settings';`,
          `import { renderApp } from '../ui/render-app';`,
          `export type { Settings } from '../../src/machines/settings';`,
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
