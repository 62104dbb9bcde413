import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  defaultSettings,
  mergeSettings,
  type Settings,
  settingsSchema,
  settingsUpdateSchema,
} from './settings';
import { fieldErrors } from './validation';

describe('settings defaults', () => {
  it('are exactly the settings table [product: SET-13]', () => {
    expect(defaultSettings).toEqual({
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
  });

  it('the schema output type is the Settings type', () => {
    expectTypeOf<v.InferOutput<typeof settingsSchema>>().toEqualTypeOf<Settings>();
  });
});

describe('settingsSchema', () => {
  it('fills every missing field with its default', () => {
    expect(v.parse(settingsSchema, {})).toEqual(defaultSettings);
    expect(v.parse(settingsSchema, { theme: 'dark', autoRefresh: false })).toEqual({
      ...defaultSettings,
      theme: 'dark',
      autoRefresh: false,
    });
  });

  it('drops unknown keys instead of failing', () => {
    expect(v.parse(settingsSchema, { legacyOption: 1 })).toEqual(defaultSettings);
  });

  it.each([
    ['theme', 'purple', 'theme must be one of: light, dark, auto.'],
    ['refreshInterval', '10s', 'refreshInterval must be one of: 15s, 30s, 1m, 5m.'],
    ['sessionTimeout', '2h', 'sessionTimeout must be one of: 1h, 4h, 8h, 24h, never.'],
    ['emailNotifications', 'yes', 'emailNotifications must be true or false.'],
    ['dateFormat', 'DD.MM.YYYY', 'dateFormat must be one of: MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD.'],
  ])('rejects %s = %j with a clear message', (field, value, message) => {
    const result = v.safeParse(settingsSchema, { [field]: value });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues!)).toEqual({ [field]: [message] });
  });
});

describe('settingsUpdateSchema', () => {
  it.each([
    ['a single change', { theme: 'dark' }],
    [
      'several changes',
      { alertThreshold: 'high', digestFrequency: 'never', timezone: 'PST', defaultDashboard: 'alerts' },
    ],
    ['nothing', {}],
  ])('accepts %s without filling defaults', (_label, update) => {
    expect(v.parse(settingsUpdateSchema, update)).toEqual(update);
  });

  it('rejects an unknown setting by name', () => {
    const result = v.safeParse(settingsUpdateSchema, { theme: 'dark', isAdmin: true });
    expect(fieldErrors(result.issues!)).toEqual({ isAdmin: ['Unknown setting: isAdmin.'] });
  });

  it('rejects a value outside the allowed list', () => {
    const result = v.safeParse(settingsUpdateSchema, { alertThreshold: 'critical' });
    expect(fieldErrors(result.issues!)).toEqual({
      alertThreshold: ['alertThreshold must be one of: low, medium, high.'],
    });
  });

  it('says so when the settings are not an object', () => {
    const result = v.safeParse(settingsUpdateSchema, 'dark');
    expect(result.issues![0]!.message).toBe('Expected settings to be an object but received "dark".');
  });
});

describe('mergeSettings', () => {
  it('applies a change over stored settings, over the defaults', () => {
    expect(mergeSettings({ theme: 'dark' }, { autoRefresh: false, theme: undefined })).toEqual({
      ...defaultSettings,
      theme: 'dark',
      autoRefresh: false,
    });
    expect(mergeSettings(null, {})).toEqual(defaultSettings);
  });
});
