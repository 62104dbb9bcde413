import { screen } from '@testing-library/react';
import * as v from 'valibot';
import { expect } from 'vitest';
import { defaultSettings, type Settings } from '../../contract/settings';
import { currentUserSchema } from '../../contract/user';
import {
  type SettingsEvent,
  type SettingsSnapshot,
  selectIsLoadingSettings,
  selectIsSavingSettings,
  selectSettingsForm,
  selectSettingsMessage,
  settingsMachine,
} from '../../src/machines/settings';
import { renderApp, signedIn } from '../ui/render-app';
import { call, describeModel, type MachineView, start } from './harness';
import { followingOfferSignUp } from './view-actions';
import { expectEveryControlDisabled } from './view-checks';

const storedSettings: Settings = { ...defaultSettings, timezone: 'PST' };
const user = v.parse(currentUserSchema, {
  id: 'user-1',
  email: 'casey@example.com',
  settings: storedSettings,
});
const noId = v.parse(currentUserSchema, { id: '', email: 'casey@example.com' });
const noEmail = v.parse(currentUserSchema, { id: 'user-1', email: '' });
const afterSave: Settings = { ...storedSettings, theme: 'dark' };
const unauthorized = Object.assign(new Error('Unauthorized'), { status: 401 });

/** Fixtures for every event the machine accepts, a value outside the settings table included. */
const events = [
  { type: 'settings.change', change: { theme: 'dark' } },
  { type: 'settings.change', change: { autoRefresh: false } },
  { type: 'settings.change', change: { theme: 'neon' } } as unknown as SettingsEvent,
  { type: 'settings.reset' },
  { type: 'settings.save' },
] satisfies SettingsEvent[];

/** What the view shows in each state. */
const view = (snapshot: SettingsSnapshot) => ({
  loading: selectIsLoadingSettings(snapshot),
  saving: selectIsSavingSettings(snapshot),
  message: selectSettingsMessage(snapshot),
});

const SAVED = 'Settings saved successfully!';
const SAVE_FAILED = 'Failed to save settings. Please try again.';

interface Expected {
  /** What the server holds: as loaded, then as saved. */
  saved: Settings;
  form: Settings;
  message: string | null;
}

/**
 * The oracle: the Settings page after the path's steps, from the fixtures and the events alone
 * [product: SET-5, SET-7, SET-8, SET-13]. The user's stored settings fill the form; a change of a value of the settings table
 * applies (anything else is ignored); a reset puts the table's defaults in the form; a save clears the banner; the
 * server's answer becomes both; the banner says how the save went and the green one goes after 3 s.
 */
function expectedAfter(history: readonly string[], events: readonly { type: string }[]): Expected {
  let state: Expected = { saved: defaultSettings, form: defaultSettings, message: null };
  for (const [index, label] of history.entries()) {
    const event = events[index] as SettingsEvent & { output?: unknown };
    if (label === 'done:loadCurrentUser' && event.output === user)
      state = { ...state, saved: storedSettings, form: storedSettings };
    else if (event.type === 'settings.change' && (event.change as { theme?: string }).theme !== 'neon')
      state = { ...state, form: { ...state.form, ...event.change } };
    else if (label === 'settings.reset') state = { ...state, form: defaultSettings, message: null };
    else if (label === 'settings.save') state = { ...state, message: null };
    else if (label === 'done:saveSettings') state = { saved: afterSave, form: afterSave, message: SAVED };
    else if (label === 'error:saveSettings') state = { ...state, message: SAVE_FAILED };
    else if (label === 'after:savedBannerTimeout') state = { ...state, message: null };
  }
  return state;
}
type Step = { history: readonly string[]; events: readonly { type: string }[] };
const expectedNow = ({ history, events }: Step) => expectedAfter(history, events);
const expectedBefore = ({ history, events }: Step) => expectedAfter(history.slice(0, -1), events);

/** A save sends the settings that differ from what the server holds, and only those [product: SET-14]. */
function expectedUpdate({ saved, form }: Expected): Partial<Settings> {
  const update: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form))
    if (value !== saved[key as keyof Settings]) update[key] = value;
  return update;
}

/**
 * The controls whose values the paths change: the theme and auto refresh by the user, the time zone by a reset
 * (stored as PST) and the refresh interval's lock. Text and label queries, not role queries: the whole signed-in
 * page is in the DOM at every step of every path.
 */
const theme = () => screen.getByLabelText('Theme') as HTMLSelectElement;
const timezone = () => screen.getByLabelText('Timezone') as HTMLSelectElement;
const autoRefresh = () => screen.getByLabelText('Auto refresh') as HTMLInputElement;
const refreshInterval = () => screen.getByLabelText('Refresh interval') as HTMLSelectElement;
const button = (name: string) => screen.getByText(name).closest('button') as HTMLButtonElement;
const banner = (text: string, role: 'status' | 'alert') => screen.getByText(text).closest(`[role="${role}"]`);

let rendered: ReturnType<typeof renderApp> | undefined;

/** The form shows the machine's form, disabled while saving; the interval is locked while auto refresh is off. */
function showsForm(step: Step, { busy }: { busy: boolean }) {
  const { form } = expectedNow(step);
  expect(theme()).toHaveValue(form.theme);
  expect(timezone()).toHaveValue(form.timezone);
  expect(autoRefresh().checked).toBe(form.autoRefresh);
  expect(theme().disabled).toBe(busy);
  expect(autoRefresh().disabled).toBe(busy);
  // Kept but not editable while auto refresh is off [product: SET-12].
  expect(refreshInterval().disabled).toBe(busy || !form.autoRefresh);
  expect(button('Reset to Defaults').disabled).toBe(busy);
}

function showsIdleForm(step: Step) {
  showsForm(step, { busy: false });
  expect(button('Save Settings')).toBeEnabled();
}

/** The Settings page as the signed-in user sees it [product: SET, MSG-SET]. */
const settingsView: MachineView<typeof settingsMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app: ReturnType<typeof renderApp> = renderApp(
      '/Settings',
      { loadUser: async () => signedIn() },
      { flows: { settings: followingOfferSignUp(logic, () => app, 'profile') }, actorOptions },
    );
    rendered = app;
    await screen.findByText('Loading settings...', {}, { timeout: 5000 });
    return app;
  },
  perform: {
    'settings.change': async ({ change }, user) => {
      if (change.theme !== undefined) await user.selectOptions(theme(), change.theme);
      // A switch already as wanted is left alone.
      if (change.autoRefresh !== undefined && autoRefresh().checked !== change.autoRefresh)
        await user.click(autoRefresh());
    },
    'settings.reset': async (_event, user) => {
      await user.click(button('Reset to Defaults'));
    },
    'settings.save': async (_event, user) => {
      await user.click(button('Save Settings'));
    },
  },
  shows: {
    // 'Loading settings...' and no form yet [product: SET-1].
    loading: () => {
      expect(banner('Loading settings...', 'status')).toBeInTheDocument();
      expect(screen.queryByText('Save Settings')).not.toBeInTheDocument();
    },
    // No valid session: off to /Landing?show_signup=1, where the sign-up dialog opens [product: SET-2, MSG-SET-3].
    leaving: () => {
      expect(rendered?.pathname()).toBe('/Landing');
    },
    editing: (_, step) => {
      showsIdleForm(step);
      expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
      expect(screen.queryByText(SAVE_FAILED)).not.toBeInTheDocument();
    },
    saving: (_, step) => {
      showsForm(step, { busy: true });
      expect(button('Saving...')).toBeDisabled();
      // All twelve settings and both buttons, not only the ones a path changes. Logout is the session's action,
      // not the form's: it stays usable while the settings save [product: SET-10].
      expectEveryControlDisabled(button('Saving...').closest('form') as HTMLElement, { except: ['Logout'] });
      expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
      expect(screen.queryByText(SAVE_FAILED)).not.toBeInTheDocument();
    },
    // Green, until the 3 s are over [product: SET-7, SET-8].
    saved: (_, step) => {
      showsIdleForm(step);
      expect(banner(SAVED, 'status')).toBeInTheDocument();
    },
    // Red, until the next save or reset [product: SET-7].
    failed: (_, step) => {
      showsIdleForm(step);
      expect(banner(SAVE_FAILED, 'alert')).toBeInTheDocument();
    },
  },
};

describeModel(settingsMachine, {
  events,
  actors: {
    loadCurrentUser: { outputs: [user, noId, noEmail], errors: [unauthorized] },
    saveSettings: { outputs: [afterSave], errors: [new Error('Server down')] },
  },
  // The success banner goes after 3 s [product: SET-8, LIMIT-8].
  delays: { savedBannerTimeout: 3000 },
  view: settingsView,
  effects: {
    init: [start('loadCurrentUser')],
    'done:loadCurrentUser': ({ event }) => {
      const loaded = (event as unknown as { output: typeof user }).output;
      return loaded.id && loaded.email ? [] : [call('offerSignUp')];
    },
    'error:loadCurrentUser': [call('offerSignUp')],
    'settings.save': (step) => [start('saveSettings', expectedUpdate(expectedBefore(step)))],
    'done:saveSettings': [call('settingsSaved')],
  },
  states: {
    // 'Loading settings...' and nothing else [product: SET-1].
    loading: ({ snapshot }) =>
      expect(view(snapshot)).toEqual({ loading: true, saving: false, message: null }),
    leaving: ({ snapshot, effects }) => {
      expect(snapshot.status).toBe('done');
      expect(effects.actionNames().filter((name) => name === 'offerSignUp')).toHaveLength(1);
    },
    editing: (step) => {
      expect(view(step.snapshot)).toEqual({ loading: false, saving: false, message: null });
      expect(selectSettingsForm(step.snapshot)).toEqual(expectedNow(step).form);
    },
    saving: ({ snapshot }) => expect(view(snapshot)).toEqual({ loading: false, saving: true, message: null }),
    saved: ({ snapshot }) => expect(view(snapshot).message).toBe('Settings saved successfully!'),
    failed: ({ snapshot }) =>
      expect(view(snapshot).message).toBe('Failed to save settings. Please try again.'),
  },
  afterStep: {
    init: ({ stepEffects }) => expect(stepEffects.inputsOf('loadCurrentUser')).toHaveLength(1),
    'done:loadCurrentUser': ({ snapshot, event }) => {
      const loaded = (event as unknown as { output: typeof user }).output;
      if (!loaded.id || !loaded.email) {
        expect(snapshot.matches('leaving')).toBe(true);
      } else {
        expect(selectSettingsForm(snapshot)).toEqual(storedSettings);
      }
    },
    'error:loadCurrentUser': ({ snapshot }) => expect(snapshot.matches('leaving')).toBe(true),
    'settings.change': (step) => {
      // A value outside the table changes nothing [product: SET-13].
      expect(selectSettingsForm(step.snapshot)).toEqual(expectedNow(step).form);
    },
    'settings.reset': ({ snapshot, stepEffects }) => {
      // The form only: nothing is sent until Save [product: SET-5].
      expect(selectSettingsForm(snapshot)).toEqual(defaultSettings);
      expect(snapshot.matches('editing')).toBe(true);
      expect(stepEffects.inputsOf('saveSettings')).toEqual([]);
    },
    'settings.save': (step) => {
      expect(step.snapshot.matches('saving')).toBe(true);
      // Only what differs from the stored settings [product: SET-14].
      expect(step.stepEffects.inputsOf('saveSettings')).toEqual([expectedUpdate(expectedBefore(step))]);
    },
    'done:saveSettings': ({ snapshot, stepEffects }) => {
      expect(selectSettingsForm(snapshot)).toEqual(afterSave);
      expect(stepEffects.actionNames()).toContain('settingsSaved');
    },
    'error:saveSettings': ({ stepEffects }) =>
      expect(stepEffects.actionNames()).not.toContain('settingsSaved'),
    // The success banner goes after exactly 3 s [product: SET-8].
    'after:savedBannerTimeout': ({ snapshot, previous }) => {
      expect(previous?.matches('saved')).toBe(true);
      expect(snapshot.matches('editing')).toBe(true);
      expect(view(snapshot).message).toBeNull();
    },
  },
});
