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
import { call, describeModel, start } from './harness';

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

describeModel(settingsMachine, {
  events,
  actors: {
    loadCurrentUser: { outputs: [user, noId, noEmail], errors: [unauthorized] },
    saveSettings: { outputs: [afterSave], errors: [new Error('Server down')] },
  },
  // The success banner goes after 3 s [product: SET-8, LIMIT-8].
  delays: { savedBannerTimeout: 3000 },
  view: 'pending: the Settings page replays with the signed-in shell (issue 12)',
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
