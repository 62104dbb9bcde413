import type { FastifyPluginAsync } from 'fastify';
import {
  csrfResponseSchema,
  loginFallbackQuerySchema,
  logoutResponseSchema,
  ssoRequestSchema,
} from '../../../contract/session';
import { meQuerySchema, userUpdateSchema } from '../../../contract/user';
import { preSessionBinding, sessionBinding } from '../../lib/auth-cookies';
import { HttpError } from '../../lib/http-errors';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';
import { signedIn } from '../../plugins/app/auth';
import { AuthServiceUnavailableError, AuthSessionEndedError } from '../../services/auth-service-users';
import {
  AnonymousUserError,
  InvalidTokenError,
  KeySourceUnavailableError,
  type VerifiedIdentity,
} from '../../services/token-verifier';
import { effectiveRole, toCurrentUser } from '../../services/users';
import { loginFallbackPage, loginRedirectTarget } from './login-fallback';
import { meResponseSchema } from './schemas';

/** Sign-in, the current user, logout and CSRF tokens: /api/auth/... */
const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { config } = app;
  const meResponse = responseSchema(meResponseSchema);

  app.get(
    '/csrf',
    { schema: { response: { 200: responseSchema(csrfResponseSchema) } } },
    async (request, reply) => {
      const { authCookies } = app;
      const auth = await app.authenticate(request);
      if (auth) {
        const binding = sessionBinding(auth.session.id);
        const maxAge = Math.floor((auth.session.absoluteExpiresAt.getTime() - Date.now()) / 1000);
        const csrfToken =
          authCookies.currentCsrfToken(request, binding) ?? authCookies.refreshCsrf(reply, binding, maxAge);
        return { csrfToken };
      }
      if (authCookies.sessionToken(request)) authCookies.clearSession(reply);
      const preSession = authCookies.preSessionId(request);
      const current = preSession
        ? authCookies.currentCsrfToken(request, preSessionBinding(preSession))
        : null;
      return { csrfToken: current ?? authCookies.startPreSession(reply) };
    },
  );

  app.post(
    '/sso/supabase',
    {
      schema: { body: ssoRequestSchema, response: { 200: meResponse } },
      config: {
        rateLimit: { max: config.rateLimits.signIn.max, timeWindow: config.rateLimits.signIn.windowMs },
      },
    },
    async (request, reply) => {
      const identity = await verify(request.body.token);
      await app.limitAccount(
        reply,
        'sign-in',
        `${identity.issuer}|${identity.sub}`,
        config.rateLimits.signInPerAccount,
      );
      const emailVerified = await confirmedByAuthService(request.body.token, identity);
      const role = effectiveRole({ email: identity.email, emailVerified }, config.adminEmails);
      const user = await app.users.upsertFromIdentity(
        { ...identity, emailVerified, role },
        { adoptByEmail: config.localDev },
      );
      // No fixation: whatever session the browser had ends here, and a brand-new id is issued.
      const previous = app.authCookies.sessionToken(request);
      if (previous) await app.sessions.revoke(previous);
      const session = await app.sessions.open(user, request.headers['user-agent'], {
        authSessionId: identity.authSessionId,
        tokenExpiresAt: identity.expiresAt,
      });
      app.authCookies.setSession(reply, session);
      request.log.info({ userId: user.id, role }, 'signed in');
      return toCurrentUser(user, role);
    },
  );

  app.get(
    '/me',
    { onRequest: app.requireSession, schema: { querystring: meQuerySchema, response: { 200: meResponse } } },
    async (request) => {
      const { user } = await signedIn(request);
      const current = toCurrentUser(user, effectiveRole(user, config.adminEmails));
      if (request.query.include_flags !== 'true') return current;
      const hasSignup = (await app.signups.findByEmail(user.email)) !== null;
      return { ...current, has_signup: hasSignup, onboarding_required: !hasSignup };
    },
  );

  app.patch(
    '/me',
    { onRequest: app.requireSession, schema: { body: userUpdateSchema, response: { 200: meResponse } } },
    async (request) => {
      const { user } = await signedIn(request);
      const updated = await app.users.updateProfile(user, request.body);
      app.sessions.forgetUser(user.id);
      return toCurrentUser(updated, effectiveRole(updated, config.adminEmails));
    },
  );

  app.post(
    '/logout',
    { schema: { response: { 200: responseSchema(logoutResponseSchema) } } },
    async (request, reply) => {
      const token = app.authCookies.sessionToken(request);
      if (token) await app.sessions.revoke(token);
      app.authCookies.clearSession(reply);
      app.authCookies.startPreSession(reply);
      // The browser forgets everything of ours too: cookies and storage (the auth client's tokens included).
      reply.header('clear-site-data', '"cookies", "storage"');
      return { ok: true };
    },
  );

  app.get('/login', { schema: { querystring: loginFallbackQuerySchema } }, async (request, reply) => {
    const target = loginRedirectTarget(request.query.redirect, config.publicUrl);
    // With an auth service the SPA signs in by itself: send the visitor back to where they were.
    if (config.supabase.url) return reply.redirect(target, 302);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(loginFallbackPage(target));
  });

  async function verify(token: string): Promise<VerifiedIdentity> {
    if (!config.supabase.url)
      throw new HttpError(404, 'not_found', 'No auth service is configured on this server.');
    try {
      return await app.verifyAccessToken(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        app.log.info({ reason: error.message }, 'access token refused');
        throw new HttpError(
          401,
          'invalid_token',
          'Your sign-in could not be verified. Please sign in again.',
        );
      }
      if (error instanceof AnonymousUserError) {
        throw new HttpError(403, 'forbidden', ANONYMOUS_REFUSED);
      }
      if (error instanceof KeySourceUnavailableError) {
        app.log.error({ err: error }, 'auth service outage: its keys (JWKS) are unavailable');
        throw new HttpError(503, 'auth_unavailable', 'The sign-in service is unavailable.');
      }
      throw error;
    }
  }

  /**
   * Asks the auth service about the token (its session must still be alive, its user must be the token's) and
   * answers whether it confirmed the token's address.
   */
  async function confirmedByAuthService(token: string, identity: VerifiedIdentity): Promise<boolean> {
    try {
      const user = await app.lookUpAuthServiceUser(token);
      if (user.isAnonymous) throw new AnonymousUserError('anonymous auth-service user');
      if (user.id !== identity.sub) throw new AuthSessionEndedError('the auth service names another user');
      return user.emailConfirmed && user.email === identity.email;
    } catch (error) {
      if (error instanceof AuthSessionEndedError) {
        // Whatever we opened from that auth-service session ends too, on every replica's next lookup.
        const ended = identity.authSessionId
          ? await app.sessions.revokeAuthSession(identity.authSessionId)
          : 0;
        app.log.info({ reason: error.message, ended }, 'access token refused by the auth service');
        throw new HttpError(401, 'invalid_token', 'Your sign-in has ended. Please sign in again.');
      }
      if (error instanceof AnonymousUserError) {
        throw new HttpError(403, 'forbidden', ANONYMOUS_REFUSED);
      }
      if (error instanceof AuthServiceUnavailableError) {
        app.log.error({ err: error }, 'auth service unavailable');
        throw new HttpError(503, 'auth_unavailable', 'The sign-in service is unavailable.');
      }
      throw error;
    }
  }
};

const ANONYMOUS_REFUSED =
  'Guest sign-ins cannot use Beacon RMM. Please sign in with your e-mail address or Google.';

export default authRoutes;
