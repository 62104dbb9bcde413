import * as v from 'valibot';
import { objectMessage, strictObjectMessage } from './primitives';

/** User settings, saved on the user record as `settings`, with allowed values and defaults [product: SET-13]. */

export const ALERT_THRESHOLDS = ['low', 'medium', 'high'] as const;
export const DIGEST_FREQUENCIES = ['hourly', 'daily', 'weekly', 'never'] as const;
export const SESSION_TIMEOUTS = ['1h', '4h', '8h', '24h', 'never'] as const;
export const THEMES = ['light', 'dark', 'auto'] as const;
export const TIMEZONES = ['UTC', 'EST', 'PST', 'GMT'] as const;
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;
export const DEFAULT_DASHBOARDS = ['overview', 'devices', 'alerts', 'reports'] as const;
/** Disabled in the form while autoRefresh is off; the stored value is kept. */
export const REFRESH_INTERVALS = ['15s', '30s', '1m', '5m'] as const;

const choice = <const T extends readonly string[]>(name: string, values: T) =>
  v.picklist(values, `${name} must be one of: ${values.join(', ')}.`);
const flag = (name: string) => v.boolean(`${name} must be true or false.`);

const settingFields = {
  emailNotifications: flag('emailNotifications'),
  pushNotifications: flag('pushNotifications'),
  alertThreshold: choice('alertThreshold', ALERT_THRESHOLDS),
  digestFrequency: choice('digestFrequency', DIGEST_FREQUENCIES),
  twoFactorEnabled: flag('twoFactorEnabled'),
  sessionTimeout: choice('sessionTimeout', SESSION_TIMEOUTS),
  theme: choice('theme', THEMES),
  timezone: choice('timezone', TIMEZONES),
  dateFormat: choice('dateFormat', DATE_FORMATS),
  autoRefresh: flag('autoRefresh'),
  defaultDashboard: choice('defaultDashboard', DEFAULT_DASHBOARDS),
  refreshInterval: choice('refreshInterval', REFRESH_INTERVALS),
};

export type Settings = {
  emailNotifications: boolean;
  pushNotifications: boolean;
  alertThreshold: (typeof ALERT_THRESHOLDS)[number];
  digestFrequency: (typeof DIGEST_FREQUENCIES)[number];
  twoFactorEnabled: boolean;
  sessionTimeout: (typeof SESSION_TIMEOUTS)[number];
  theme: (typeof THEMES)[number];
  timezone: (typeof TIMEZONES)[number];
  dateFormat: (typeof DATE_FORMATS)[number];
  autoRefresh: boolean;
  defaultDashboard: (typeof DEFAULT_DASHBOARDS)[number];
  refreshInterval: (typeof REFRESH_INTERVALS)[number];
};

export const defaultSettings: Readonly<Settings> = Object.freeze({
  emailNotifications: true,
  pushNotifications: true,
  alertThreshold: 'medium',
  digestFrequency: 'daily',
  twoFactorEnabled: false,
  sessionTimeout: '8h',
  theme: 'light',
  timezone: 'UTC',
  dateFormat: 'MM/DD/YYYY',
  autoRefresh: true,
  defaultDashboard: 'overview',
  refreshInterval: '30s',
});

/**
 * Full settings as stored and answered: every missing field takes its default, so a user who never saved
 * settings reads the defaults. Unknown keys are dropped; a present but wrong value is an error.
 */
export const settingsSchema = v.object(
  {
    emailNotifications: v.optional(settingFields.emailNotifications, defaultSettings.emailNotifications),
    pushNotifications: v.optional(settingFields.pushNotifications, defaultSettings.pushNotifications),
    alertThreshold: v.optional(settingFields.alertThreshold, defaultSettings.alertThreshold),
    digestFrequency: v.optional(settingFields.digestFrequency, defaultSettings.digestFrequency),
    twoFactorEnabled: v.optional(settingFields.twoFactorEnabled, defaultSettings.twoFactorEnabled),
    sessionTimeout: v.optional(settingFields.sessionTimeout, defaultSettings.sessionTimeout),
    theme: v.optional(settingFields.theme, defaultSettings.theme),
    timezone: v.optional(settingFields.timezone, defaultSettings.timezone),
    dateFormat: v.optional(settingFields.dateFormat, defaultSettings.dateFormat),
    autoRefresh: v.optional(settingFields.autoRefresh, defaultSettings.autoRefresh),
    defaultDashboard: v.optional(settingFields.defaultDashboard, defaultSettings.defaultDashboard),
    refreshInterval: v.optional(settingFields.refreshInterval, defaultSettings.refreshInterval),
  },
  objectMessage('settings'),
);

/**
 * A settings change sent by the browser: any subset of the fields, each with a strictly allowed value, and no
 * unknown keys (so nothing but settings can be smuggled into the stored object).
 */
export const settingsUpdateSchema = v.strictObject(
  {
    emailNotifications: v.optional(settingFields.emailNotifications),
    pushNotifications: v.optional(settingFields.pushNotifications),
    alertThreshold: v.optional(settingFields.alertThreshold),
    digestFrequency: v.optional(settingFields.digestFrequency),
    twoFactorEnabled: v.optional(settingFields.twoFactorEnabled),
    sessionTimeout: v.optional(settingFields.sessionTimeout),
    theme: v.optional(settingFields.theme),
    timezone: v.optional(settingFields.timezone),
    dateFormat: v.optional(settingFields.dateFormat),
    autoRefresh: v.optional(settingFields.autoRefresh),
    defaultDashboard: v.optional(settingFields.defaultDashboard),
    refreshInterval: v.optional(settingFields.refreshInterval),
  },
  strictObjectMessage('settings', (key) => `Unknown setting: ${key}.`),
);
export type SettingsUpdate = v.InferOutput<typeof settingsUpdateSchema>;

/** Stored settings with a change applied on top. */
export function mergeSettings(
  current: Partial<Settings> | null | undefined,
  update: SettingsUpdate,
): Settings {
  return { ...defaultSettings, ...current, ...stripUndefined(update) };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
