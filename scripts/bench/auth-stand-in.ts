import { parseEmulatorEnv } from '../../emulators/env';
import { type RunningEmulators, startAllEmulators } from '../../emulators/main';

/** The auth stand-in (with its inbox) on free ports, in memory, quiet: what a measurement signs in against. */
export function startAuthStandIn(anonKey: string, siteUrl?: string): Promise<RunningEmulators> {
  return startAllEmulators(
    parseEmulatorEnv({
      EMULATOR_LOG_LEVEL: 'warn',
      AUTH_EMULATOR_PORT: '0',
      MAIL_EMULATOR_PORT: '0',
      AUTH_EMULATOR_STATE_FILE: '',
      AUTH_EMULATOR_ANON_KEY: anonKey,
      ...(siteUrl ? { SITE_URL: siteUrl } : {}),
    }),
    { auth: true, dashboard: false, payments: false },
  );
}
