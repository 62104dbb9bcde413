import { screen, within } from '@testing-library/react';
import * as v from 'valibot';
import { expect } from 'vitest';
import { defaultSettings, type Settings } from '../../contract/settings';
import { currentUserSchema } from '../../contract/user';
import {
  changedSettings,
  SAVED_BANNER_MS,
  type SettingsEvent,
  type SettingsSnapshot,
  selectIsLoadingSettings,
  selectIsSavingSettings,
  selectSettingsForm,
  selectSettingsMessage,
  settingsMachine,
} from '../../src/machines/settings';
import { followingOfferSignUp, renderApp, signedIn } from '../ui/render-app';
import { call, describeModel, type MachineView, start } from './harness';

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

/** The form's controls by their visible labels [product: SET-13]. */
const CHOICES = {
  alertThreshold: 'Alert threshold',
  digestFrequency: 'Digest frequency',
  sessionTimeout: 'Session timeout',
  theme: 'Theme',
  timezone: 'Timezone',
  dateFormat: 'Date format',
  defaultDashboard: 'Default dashboard',
  refreshInterval: 'Refresh interval',
} as const;
const FLAGS = {
  emailNotifications: 'Email notifications',
  pushNotifications: 'Push notifications',
  twoFactorEnabled: 'Two-factor sign-in',
  autoRefresh: 'Auto refresh',
} as const;
type ChoiceKey = keyof typeof CHOICES;
type FlagKey = keyof typeof FLAGS;

const SAVED = 'Settings saved successfully!';
const SAVE_FAILED = 'Failed to save settings. Please try again.';

const choice = (key: ChoiceKey) => screen.getByLabelText(CHOICES[key]);
// A switch's label carries its description too (Two-factor sign-in's note).
const flag = (key: FlagKey) => screen.getByLabelText(new RegExp(`^${FLAGS[key]}`)) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });

let rendered: ReturnType<typeof renderApp> | undefined;

/** The form shows the machine's form: every choice, every switch, the interval locked while auto refresh is off. */
function showsForm(snapshot: SettingsSnapshot, { busy }: { busy: boolean }) {
  const form = selectSettingsForm(snapshot);
  for (const key of Object.keys(CHOICES) as ChoiceKey[]) expect(choice(key)).toHaveValue(form[key]);
  for (const key of Object.keys(FLAGS) as FlagKey[]) {
    expect(flag(key)).toHaveProperty('checked', form[key]);
    expect(flag(key)).toHaveProperty('disabled', busy);
  }
  // Kept but not editable while auto refresh is off [product: SET-12].
  expect(choice('refreshInterval')).toHaveProperty('disabled', busy || !form.autoRefresh);
  expect(choice('theme')).toHaveProperty('disabled', busy);
  expect(button('Reset to Defaults')).toHaveProperty('disabled', busy);
}

function showsIdleForm(snapshot: SettingsSnapshot) {
  showsForm(snapshot, { busy: false });
  expect(button('Save Settings')).toBeEnabled();
}

/** The Settings page as the signed-in user sees it [product: SET, MSG-SET]. */
const settingsView: MachineView<typeof settingsMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = (rendered = renderApp(
      '/Settings',
      { loadUser: async () => signedIn() },
      { flows: { settings: followingOfferSignUp(logic, () => app, 'profile') }, actorOptions },
    ));
    await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 5000 });
    return app;
  },
  perform: {
    'settings.change': async ({ change }, user) => {
      const [key, value] = Object.entries(change)[0] as [string, unknown];
      if (key in FLAGS) {
        // A switch is turned on or off: one already as wanted is left alone.
        if (flag(key as FlagKey).checked !== value)
          await user.click(flag(key as FlagKey));
        return;
      }
      const select = choice(key as ChoiceKey) as HTMLSelectElement;
      // The page offers only the table's values: one outside it cannot be chosen at all [product: SET-13].
      if (![...select.options].some((option) => option.value === value)) return;
      await user.selectOptions(select, String(value));
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
      expect(screen.getByRole('status')).toHaveTextContent('Loading settings...');
      expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
    },
    // No valid session: the landing page, which opens the sign-up dialog [product: SET-2, MSG-SET-3].
    leaving: () => {
      expect(rendered?.pathname()).toBe('/Landing');
    },
    editing: (snapshot) => {
      showsIdleForm(snapshot);
      expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
      expect(screen.queryByText(SAVE_FAILED)).not.toBeInTheDocument();
    },
    saving: (snapshot) => {
      showsForm(snapshot, { busy: true });
      expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
      expect(screen.queryByText(SAVE_FAILED)).not.toBeInTheDocument();
    },
    // Green, until the 3 s are over [product: SET-7, SET-8].
    saved: (snapshot) => {
      showsIdleForm(snapshot);
      expect(screen.getByRole('status')).toHaveTextContent(SAVED);
    },
    // Red, until the next save or reset [product: SET-7].
    failed: (snapshot) => {
      showsIdleForm(snapshot);
      expect(screen.getByRole('alert')).toHaveTextContent(SAVE_FAILED);
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
    'settings.save': ({ previous }) => {
      const before = previous as SettingsSnapshot;
      return before.matches('editing') || before.matches('saved') || before.matches('failed')
        ? [start('saveSettings', changedSettings(before.context.saved, selectSettingsForm(before)))]
        : [];
    },
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
    editing: ({ snapshot }) =>
      expect(view(snapshot)).toEqual({ loading: false, saving: false, message: null }),
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
    'settings.change': ({ snapshot, previous, event }) => {
      const change = (event as Extract<SettingsEvent, { type: 'settings.change' }>).change as Record<
        string,
        unknown
      >;
      if (!previous || previous.matches('saving') || previous.matches('loading')) return;
      const before = selectSettingsForm(previous);
      // A value outside the table changes nothing [product: SET-13].
      const expected = change.theme === 'neon' ? before : { ...before, ...change };
      expect(selectSettingsForm(snapshot)).toEqual(expected);
    },
    'settings.reset': ({ snapshot, stepEffects }) => {
      // The form only: nothing is sent until Save [product: SET-5].
      expect(selectSettingsForm(snapshot)).toEqual(defaultSettings);
      expect(snapshot.matches('editing')).toBe(true);
      expect(stepEffects.inputsOf('saveSettings')).toEqual([]);
    },
    'settings.save': ({ snapshot, previous, stepEffects }) => {
      expect(snapshot.matches('saving')).toBe(true);
      // Only what differs from the stored settings [product: SET-14].
      const form = selectSettingsForm(previous as SettingsSnapshot);
      const saved = (previous as SettingsSnapshot).context.saved;
      expect(stepEffects.inputsOf('saveSettings')).toEqual([changedSettings(saved, form)]);
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
      expect(SAVED_BANNER_MS).toBe(3000);
    },
  },
});
