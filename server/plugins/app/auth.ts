import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { JWTVerifyGetKey } from 'jose';
import { reauthenticationRequiredMessage } from '../../../contract/session';
import { AuthCookies } from '../../lib/auth-cookies';
import { forbidden, HttpError, unauthenticated } from '../../lib/http-errors';
import {
  AuthServiceUnavailableError,
  type AuthServiceUserLookup,
  httpAuthServiceUsers,
} from '../../services/auth-service-users';
import { CsrfTokens } from '../../services/csrf-tokens';
import { cachedRemoteJwks } from '../../services/jwks-cache';
import { type ActiveSession, SessionStore } from '../../services/session-store';
import { createTokenVerifier, type TokenVerifier } from '../../services/token-verifier';
import { effectiveRole } from '../../services/users';

export type AuthPluginOptions = {
  /** ES256/RS256 keys for access tokens; default: the auth service's JWKS (cachedRemoteJwks). */
  tokenKeys?: JWTVerifyGetKey;
  /** Asks the auth service about a token's user; default: GET {SUPABASE_URL}/auth/v1/user. */
  authServiceUsers?: AuthServiceUserLookup;
};

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const SESSION_LOOKUP = 'beaconSessionLookup';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's session lookup, once started: use `app.authenticate(request)`. */
    [SESSION_LOOKUP]: Promise<ActiveSession | null> | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
    authCookies: AuthCookies;
    verifyAccessToken: TokenVerifier;
    lookUpAuthServiceUser: AuthServiceUserLookup;
    /** The request's live session and user, looked up once per request. */
    authenticate(request: FastifyRequest): Promise<ActiveSession | null>;
    /** onRequest guard: 401 without a live session. */
    requireSession: Guard;
    /** onRequest guard: 401 without a session, 403 unless the user is an admin right now (effectiveRole). */
    requireAdmin: Guard;
    /**
     * onRequest guard after requireSession/requireAdmin (step-up): 403 `reauthentication_required` unless the user
     * proved who they are within STEP_UP_MAX_AGE (config.stepUpMaxAgeMs), or with a second factor.
     */
    requireRecentSignIn: Guard;
  }
}

const JWKS_TIMEOUT_MS = 5_000;

/** Sessions, CSRF tokens, access-token verification and the guards routes use. */
export default fp<AuthPluginOptions>(
  async (app, options) => {
    const { config } = app;
    const sessions = new SessionStore(app.db, config.session);
    const authCookies = new AuthCookies(config, new CsrfTokens(config.csrfSecret));
    const keys =
      options.tokenKeys ??
      (config.supabase.jwksUrl
        ? cachedRemoteJwks({
            url: config.supabase.jwksUrl,
            timeoutMs: JWKS_TIMEOUT_MS,
            onStale: (error, ageMs) =>
              app.log.error(
                { err: error, ageMs },
                'auth service outage: JWKS unavailable, serving the cached key set',
              ),
          })
        : null);
    const verifyAccessToken = config.supabase.issuer
      ? createTokenVerifier({ issuer: config.supabase.issuer, keys, hs256Secret: config.supabase.jwtSecret })
      : async () => {
          throw new Error('No auth service is configured (SUPABASE_URL is empty).');
        };
    const lookUpAuthServiceUser =
      options.authServiceUsers ??
      (config.supabase.url && config.supabase.anonKey
        ? httpAuthServiceUsers({ supabaseUrl: config.supabase.url, anonKey: config.supabase.anonKey })
        : async () => {
            throw new AuthServiceUnavailableError('No auth service is configured (SUPABASE_URL is empty).');
          });

    // The lookup lives on the request itself (cheaper than a WeakMap entry per request).
    app.decorateRequest(SESSION_LOOKUP, null);
    const authenticate = (request: FastifyRequest) => {
      let pending = request[SESSION_LOOKUP];
      if (!pending) {
        const token = authCookies.sessionToken(request);
        pending = token ? sessions.resolve(token) : Promise.resolve(null);
        request[SESSION_LOOKUP] = pending;
      }
      return pending;
    };

    const requireSession: Guard = async (request, reply) => {
      if (await authenticate(request)) return;
      // A cookie that no longer opens a session is useless: drop it, and hand out a pre-session so the
      // browser's CSRF cookie (bound to the dead session) is replaced by one that can sign in again.
      if (authCookies.sessionToken(request)) {
        authCookies.clearSession(reply);
        authCookies.startPreSession(reply);
      }
      throw unauthenticated();
    };

    const requireAdmin: Guard = async (request, reply) => {
      await requireSession(request, reply);
      const auth = await authenticate(request);
      // The user is read from our database on every admin request (not from the session cache, the token or
      // the browser) and judged against the current ADMIN_EMAILS, so a demotion takes effect at once on every
      // replica, and an unconfirmed address never counts.
      const current = auth ? await app.users.findById(auth.user.id) : null;
      if (!current || effectiveRole(current, config.adminEmails) !== 'admin') {
        throw forbidden('Admin access required.');
      }
    };

    const requireRecentSignIn: Guard = async (request) => {
      const auth = await authenticate(request);
      if (!auth) throw unauthenticated();
      if (await sessions.recentlyAuthenticated(auth.session.id, config.stepUpMaxAgeMs)) return;
      throw new HttpError(
        403,
        'reauthentication_required',
        reauthenticationRequiredMessage(config.stepUpMaxAgeMs),
      );
    };

    app.decorate('sessions', sessions);
    app.decorate('authCookies', authCookies);
    app.decorate('verifyAccessToken', verifyAccessToken);
    app.decorate('lookUpAuthServiceUser', lookUpAuthServiceUser);
    app.decorate('authenticate', authenticate);
    app.decorate('requireSession', requireSession);
    app.decorate('requireAdmin', requireAdmin);
    app.decorate('requireRecentSignIn', requireRecentSignIn);
  },
  { name: 'auth', dependencies: ['config', 'database', 'cookie', 'repositories'] },
);

/** The session a guard already established; for handlers behind requireSession/requireAdmin. */
export async function signedIn(request: FastifyRequest): Promise<ActiveSession> {
  const auth = await request.server.authenticate(request);
  if (!auth) throw unauthenticated();
  return auth;
}
