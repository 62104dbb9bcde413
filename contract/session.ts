import * as v from 'valibot';
import { closedObjectMessage, objectMessage, optionalStringSchema } from './primitives';

/** Sign-in plumbing: the auth service's session, the token exchange, CSRF, runtime config, health, org. */

/** The auth service's session object (Supabase Auth shape). */
export const authSessionSchema = v.looseObject(
  {
    access_token: v.string('access_token must be a string.'),
    refresh_token: v.string('refresh_token must be a string.'),
    expires_at: v.optional(v.number('expires_at must be epoch seconds.')),
    expires_in: v.number('expires_in must be a number of seconds.'),
    token_type: v.string('token_type must be a string.'),
    user: v.looseObject({ id: v.string('Session user id must be a string.'), email: optionalStringSchema }),
  },
  objectMessage('auth session'),
);
export type AuthSession = v.InferOutput<typeof authSessionSchema>;

/** POST /api/auth/sso/supabase: exchange an auth-service access token for a server session. */
export const ssoRequestSchema = v.strictObject(
  {
    token: v.pipe(v.string('token must be a string.'), v.nonEmpty('token is required.')),
  },
  closedObjectMessage('sign-in request'),
);
export type SsoRequest = v.InferOutput<typeof ssoRequestSchema>;

/**
 * The auth service ended a sign-in (signed out elsewhere, revoked, password changed): what the server answers with
 * 401 `invalid_token` when it refuses a token, and what the SPA says when it is signed out that way.
 */
export const SIGN_IN_ENDED_MESSAGE =
  'Your sign-in has ended (signed out elsewhere, revoked, or the password was changed). Please sign in again.';

/**
 * Step-up: a money-moving admin action (a refund reversal) needs the user to have proved who they are within this
 * long (the token's newest `amr` time), or a second factor (`aal2`); the default of STEP_UP_MAX_AGE.
 */
export const STEP_UP_MAX_AGE_MS = 5 * 60_000;

/**
 * What the server answers (403 `reauthentication_required`) and the page shows when the sign-in is older than
 * `maxAgeMs` (the deployment's STEP_UP_MAX_AGE).
 */
export function reauthenticationRequiredMessage(maxAgeMs: number): string {
  const seconds = Math.round(maxAgeMs / 1000);
  const minutes = seconds / 60;
  const span = Number.isInteger(minutes)
    ? `${minutes} minute${minutes === 1 ? '' : 's'}`
    : `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `Reversing a refund moves money, and your last sign-in was more than ${span} ago. Please enter your password again to continue.`;
}

/** The message for the default window (5 minutes). */
export const REAUTHENTICATION_REQUIRED_MESSAGE = reauthenticationRequiredMessage(STEP_UP_MAX_AGE_MS);

/** POST /api/auth/step-up: a token of the same account, made by typing the password again. */
export const stepUpResponseSchema = v.object(
  { authenticatedAt: v.string('authenticatedAt must be an ISO time.') },
  objectMessage('step-up response'),
);
export type StepUpResponse = v.InferOutput<typeof stepUpResponseSchema>;

/** GET /api/auth/csrf. */
export const csrfResponseSchema = v.object(
  { csrfToken: v.string('csrfToken must be a string.') },
  objectMessage('csrf response'),
);
export type CsrfResponse = v.InferOutput<typeof csrfResponseSchema>;

/** GET /api/config: runtime configuration; null auth settings mean "no auth service, use /api/auth/login". */
export const runtimeConfigSchema = v.object(
  {
    supabaseUrl: v.nullable(v.string('supabaseUrl must be a string or null.')),
    supabaseAnonKey: v.nullable(v.string('supabaseAnonKey must be a string or null.')),
    dashboardUrl: v.string('dashboardUrl must be a string.'),
  },
  objectMessage('runtime config'),
);
export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;

/** GET /api/auth/login?redirect=: the sign-in fallback when no auth service is configured. */
export const loginFallbackQuerySchema = v.object(
  { redirect: v.optional(v.string()) },
  objectMessage('login fallback query'),
);

/** POST /api/auth/logout answers a small acknowledgement; only the status matters to the browser. */
export const logoutResponseSchema = v.looseObject(
  { ok: v.optional(v.boolean()) },
  objectMessage('logout response'),
);
export type LogoutResponse = v.InferOutput<typeof logoutResponseSchema>;

/** GET /api/health. */
export const healthResponseSchema = v.looseObject(
  {
    ok: v.boolean('ok must be true or false.'),
    db: v.boolean('db must be true or false.'),
    version: v.string('version must be a string.'),
    /** Why the answer is 503: the database cannot be reached, or this replica is shutting down. */
    reason: v.optional(v.string('reason must be a string.')),
  },
  objectMessage('health response'),
);
export type HealthResponse = v.InferOutput<typeof healthResponseSchema>;

/** GET /api/org/: `{name}` from our server [product: DATA-18]; anything else sent is kept. */
export const orgResponseSchema = v.looseObject(
  {
    id: v.optional(v.union([v.string(), v.number()])),
    name: optionalStringSchema,
  },
  objectMessage('org response'),
);
export type OrgResponse = v.InferOutput<typeof orgResponseSchema>;
