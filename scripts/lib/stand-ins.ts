import { isLocalMode } from '../../server/config';

type Environment = Record<string, string | undefined>;

/**
 * `npm start` runs local stand-ins for the auth service and the dashboard when their addresses are not set. They
 * sign tokens with a published key and accept any password for the seeded accounts, so they must never run for
 * a deployment: outside local mode the start is refused with this message (null: go ahead).
 */
export function standInRefusal(environment: Environment): string | null {
  const missing = ['SUPABASE_URL', 'DASHBOARD_URL'].filter((name) => environment[name] === undefined);
  if (missing.length === 0 || isLocalMode(environment)) return null;
  return `npm start runs the local stand-ins (auth service, inbox, dashboard) only in local mode, and this is not local mode (NODE_ENV=production, LOCAL_DEV=false or a PUBLIC_URL elsewhere). Set ${missing.join(' and ')} to the real service${missing.length > 1 ? 's' : ''}, or run the server alone (tsx server/main.ts).`;
}

/**
 * Which stand-ins `npm start` runs: each one whose real address is not set. The payments stand-in accepts any key
 * and seeds a demo customer, so outside local mode it never runs: an unset STRIPE_API_URL there means Stripe itself.
 */
export function standInsToStart(environment: Environment): {
  auth: boolean;
  dashboard: boolean;
  payments: boolean;
} {
  return {
    auth: environment.SUPABASE_URL === undefined,
    dashboard: environment.DASHBOARD_URL === undefined,
    payments: environment.STRIPE_API_URL === undefined && isLocalMode(environment),
  };
}
