import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import {
  defaultSettings,
  type Settings,
  type SettingsUpdate,
  settingsUpdateSchema,
} from '../../contract/settings';
import type { CurrentUser } from '../../contract/user';
import { SETTINGS_SAVE_FAILED, SETTINGS_SAVED } from '../domain/messages';
import { command, type PortIO, port, request } from './io';

/**
 * The Settings page [product: SET, MSG-SET]: loads the current user, edits the twelve settings of the settings
 * table, saves the ones that changed, and says how it went: editing, saving, saved or failed [product: SET-11].
 * `loadCurrentUser`, `saveSettings`, `offerSignUp` and `settingsSaved` (the session reloads the user, which applies
 * theme and date choices at once) are provided by the composition root.
 */

export interface SettingsContext {
  /** What the server holds, as last loaded or saved. */
  saved: Settings;
  /** What the form shows. */
  form: Settings;
  /** The result banner's text; its colour follows the text [product: SET-7]. */
  message: string | null;
}

export type SettingsEvent =
  | { type: 'settings.change'; change: SettingsUpdate }
  | { type: 'settings.reset' }
  | { type: 'settings.save' };

/** A success banner goes after 3 s [product: SET-8]. */
export const SAVED_BANNER_MS = 3000;

/** Only the settings that differ from what the server holds are sent [product: SET-14]. */
export function changedSettings(saved: Settings, form: Settings): SettingsUpdate {
  const keys = Object.keys(form) as (keyof Settings)[];
  return Object.fromEntries(keys.filter((key) => form[key] !== saved[key]).map((key) => [key, form[key]]));
}

/** What the Settings page asks of the product API and the app (src/services/settings-io.ts). */
export const settingsPort = port('settings', {
  /** GET /api/auth/me; rejects without a session. */
  loadCurrentUser: request<() => Promise<CurrentUser>>(),
  /** PATCH /api/auth/me with `{ settings }`; answers the settings now stored. */
  saveSettings: request<(update: SettingsUpdate) => Promise<Settings>>(),
  /** Lets the app apply the new choices at once. */
  settingsSaved: command<() => void>(),
  /** Navigation to /Landing?show_signup=1. */
  offerSignUp: command<() => void>(),
});
export type SettingsIO = PortIO<typeof settingsPort>;

/** The form's events, the same in editing, saved and failed. */
const formEvents = {
  'settings.change': [
    // Only values of the settings table get into the form; anything else is ignored.
    { guard: 'isAllowedChange', actions: 'applyChange' },
  ],
  'settings.reset': { target: '#settings.editing', actions: 'resetForm' },
  'settings.save': { target: '#settings.saving' },
} as const;

export const settingsMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    tags: {} as 'loading' | 'saving',
  },
  actors: settingsPort.actors,
  actions: {
    ...settingsPort.actions,
    storeSaved: assign((_, settings: Settings) => ({ saved: settings, form: settings })),
    applyChange: assign(({ context, event }) => {
      assertEvent(event, 'settings.change');
      return { form: { ...context.form, ...v.parse(settingsUpdateSchema, event.change) } };
    }),
    // Back to the table's defaults in the form only; Save stores them [product: SET-5].
    resetForm: assign({ form: () => ({ ...defaultSettings }), message: null }),
    showMessage: assign((_, params: { text: string }) => ({ message: params.text })),
    clearMessage: assign({ message: null }),
  },
  guards: {
    isAllowedChange: ({ event }) =>
      // Stryker disable next-line ConditionalExpression: equivalent, the guard guards settings.change only, so the type test is always true
      event.type === 'settings.change' && v.is(settingsUpdateSchema, event.change),
    /** No id or no e-mail is no valid session [product: SET-2]. */
    isInvalidSession: (_, user: CurrentUser) => !user.id || !user.email,
  },
  delays: {
    savedBannerTimeout: SAVED_BANNER_MS,
  },
}).createMachine({
  id: 'settings',
  // Stryker disable next-line ObjectLiteral: equivalent, loading and leaving never show saved or form, and loadCurrentUser's answer replaces both before editing
  context: { saved: { ...defaultSettings }, form: { ...defaultSettings }, message: null },
  initial: 'loading',
  states: {
    // 'Loading settings...' [product: SET-1].
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadCurrentUser',
        onDone: [
          {
            guard: { type: 'isInvalidSession', params: ({ event }) => event.output },
            target: 'leaving',
          },
          {
            target: 'editing',
            actions: { type: 'storeSaved', params: ({ event }) => event.output.settings },
          },
        ],
        // No session, or none that can be read [product: SET-2, MSG-SET-3, SET-37].
        onError: { target: 'leaving' },
      },
    },
    leaving: {
      type: 'final',
      entry: 'offerSignUp',
    },
    editing: {
      on: formEvents,
    },
    saving: {
      tags: ['saving'],
      entry: 'clearMessage',
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => changedSettings(context.saved, context.form),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'storeSaved', params: ({ event }) => event.output },
            { type: 'showMessage', params: { text: SETTINGS_SAVED } },
            'settingsSaved',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'showMessage', params: { text: SETTINGS_SAVE_FAILED } },
        },
      },
    },
    saved: {
      after: { savedBannerTimeout: { target: 'editing', actions: 'clearMessage' } },
      on: formEvents,
    },
    // The red banner stays until the next save or reset.
    failed: {
      on: formEvents,
    },
  },
});

export type SettingsMachine = typeof settingsMachine;
export type SettingsActorRef = ActorRefFrom<SettingsMachine>;
export type SettingsSnapshot = SnapshotFrom<SettingsMachine>;

export const selectSettingsForm = (snapshot: SettingsSnapshot) => snapshot.context.form;
export const selectSettingsMessage = (snapshot: SettingsSnapshot) => snapshot.context.message;
export const selectIsLoadingSettings = (snapshot: SettingsSnapshot) => snapshot.hasTag('loading');
export const selectIsSavingSettings = (snapshot: SettingsSnapshot) => snapshot.hasTag('saving');
