import {
  ALERT_THRESHOLDS,
  DATE_FORMATS,
  DEFAULT_DASHBOARDS,
  DIGEST_FREQUENCIES,
  REFRESH_INTERVALS,
  SESSION_TIMEOUTS,
  THEMES,
  TIMEZONES,
} from '../../../contract/settings';

/** The choices of each setting [product: SET-13], with the words the form shows for each stored value. */

type Option = { value: string; label: string };

const labelled = (values: readonly string[], labels: Record<string, string> = {}): Option[] =>
  values.map((value) => ({ value, label: labels[value] ?? value.charAt(0).toUpperCase() + value.slice(1) }));

export const settingOptions = {
  alertThreshold: labelled(ALERT_THRESHOLDS),
  digestFrequency: labelled(DIGEST_FREQUENCIES),
  sessionTimeout: labelled(SESSION_TIMEOUTS, {
    '1h': '1 hour',
    '4h': '4 hours',
    '8h': '8 hours',
    '24h': '24 hours',
  }),
  theme: labelled(THEMES, { auto: 'Auto (follow the system)' }),
  timezone: labelled(TIMEZONES),
  dateFormat: labelled(DATE_FORMATS),
  defaultDashboard: labelled(DEFAULT_DASHBOARDS),
  refreshInterval: labelled(REFRESH_INTERVALS, {
    '15s': '15 seconds',
    '30s': '30 seconds',
    '1m': '1 minute',
    '5m': '5 minutes',
  }),
} as const;
