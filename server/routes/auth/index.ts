import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  csrfResponseSchema,
  loginFallbackQuerySchema,
  logoutResponseSchema,
  SIGN_IN_ENDED_MESSAGE,
  ssoRequestSchema,
  stepUpResponseSchema,
} from '../../../contract/session';
import { meQuerySchema, userUpdateSchema } from '../../../contract/user';
import type { UserRow } from '../../db/schema';
import { preSessionBinding, sessionBinding } from '../../lib/auth-cookies';
import { HttpError } from '../../lib/http-errors';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';
import { signedIn } from '../../plugins/app/auth';
import { AuthServiceUnavailableError, AuthSessionEndedError } from '../../services/auth-service-users';
import { currentUserWithFlags } from '../../services/current-user';
import {
  AnonymousUserError,
  InvalidTokenError,
  KeySourceUnavailableError,
  type VerifiedIdentity,
} from '../../services/token-verifier';
import { effectiveRole, type Identity, toCurrentUser } from '../../services/users';
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

  const signInLimit = config.rateLimits.signIn;
  const perAddress = { rateLimit: { max: signInLimit.max, timeWindow: signInLimit.windowMs } };

  app.post(
    '/sso/supabase',
    { schema: { body: ssoRequestSchema, response: { 200: meResponse } }, config: perAddress },
    async (request, reply) => {
      const accepted = await acceptToken(request.body.token, reply);
      const user = await account(accepted, request.log);
      // No fixation: whatever session the browser had ends here, and a brand-new id is issued.
      const previous = app.authCookies.sessionToken(request);
      if (previous) await app.sessions.revoke(previous);
      const session = await app.sessions.open(user, request.headers['user-agent'], {
        authSessionId: accepted.authSessionId,
        tokenExpiresAt: accepted.expiresAt,
        authenticatedAt: accepted.authenticatedAt,
        aal2: accepted.aal2,
      });
      app.authCookies.setSession(reply, session);
      request.log.info({ userId: user.id, role: accepted.role }, 'signed in');
      // The answer is what GET /me?include_flags=true would say: the SPA needs no second call.
      return withFlags(user);
    },
  );

  app.post(
    '/refresh',
    {
      onRequest: app.requireSession,
      schema: { body: ssoRequestSchema, response: { 200: meResponse } },
      config: perAddress,
    },
    async (request, reply) => {
      const { session, user } = await signedIn(request);
      const accepted = await acceptToken(request.body.token, reply);
      const sameAccount = accepted.issuer === user.authIssuer && accepted.sub === user.authSubject;
      const sameAuthSession =
        session.authSessionId === null || accepted.authSessionId === session.authSessionId;
      if (!sameAccount || !sameAuthSession) {
        // A sign-in this session never heard of: the browser must exchange the token, not extend with it.
        throw new HttpError(
          409,
          'auth_session_mismatch',
          'This sign-in does not belong to your current session. Please sign in again.',
        );
      }
      const updated = await account(accepted, request.log);
      // Idempotent: every tab may send the same refreshed token; the binding only ever moves forward.
      await app.sessions.extendAuthBinding(session.id, accepted.expiresAt);
      await app.sessions.recordAuthentication(session.id, accepted);
      app.sessions.forgetUser(user.id);
      return withFlags(updated);
    },
  );

  // Step-up: the user typed the password again (the SPA's own short auth-service sign-in) and hands over that
  // token, so this session counts as recently signed in for money-moving actions (requireRecentSignIn). The token
  // must be the same account's; what it proves is its own `amr` time, so an old token gains nothing.
  app.post(
    '/step-up',
    {
      onRequest: app.requireSession,
      schema: { body: ssoRequestSchema, response: { 200: responseSchema(stepUpResponseSchema) } },
      config: perAddress,
    },
    async (request, reply) => {
      const { session, user } = await signedIn(request);
      const accepted = await acceptToken(request.body.token, reply);
      if (accepted.issuer !== user.authIssuer || accepted.sub !== user.authSubject) {
        throw new HttpError(403, 'forbidden', 'This sign-in belongs to another account.');
      }
      await app.sessions.recordAuthentication(session.id, accepted);
      request.log.info({ userId: user.id, aal2: accepted.aal2 }, 'signed in again (step-up)');
      return { authenticatedAt: (accepted.authenticatedAt ?? new Date(0)).toISOString() };
    },
  );

  app.get(
    '/me',
    { onRequest: app.requireSession, schema: { querystring: meQuerySchema, response: { 200: meResponse } } },
    async (request) => {
      const { user } = await signedIn(request);
      if (request.query.include_flags === 'true') return withFlags(user);
      return toCurrentUser(user, effectiveRole(user, config.adminEmails));
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
   * The account an accepted token names, brought up to date: a changed address is our user's now and the payment
   * provider's customer's (nothing changes hands: every record is the account's, by id); a signup record made for
   * the confirmed address before the account existed (the demo seed, an older sign-up) becomes the account's.
   */
  async function account(accepted: Identity, log: FastifyBaseLogger): Promise<UserRow> {
    const { user, previousEmail } = await app.users.upsertFromIdentity(accepted);
    if (user.emailVerified) await app.signups.linkUnowned(user);
    if (previousEmail !== null)
      log.info({ userId: user.id }, 'the auth service changed the address of the account');
    // The provider's copy follows (a no-op once it has it); its failure must not fail the sign-in, and the next
    // sign-in or refresh tries again.
    await app.billing.followAddress(user).catch((error: unknown) => {
      log.error({ err: error, userId: user.id }, 'could not change the address at the payment provider');
    });
    return user;
  }

  /** The current user and the profile flags (GET /me?include_flags=true, and the sign-in and refresh answers). */
  function withFlags(user: UserRow) {
    return currentUserWithFlags(user, { signups: app.signups, adminEmails: config.adminEmails });
  }

  /**
   * A token the browser hands over (sign-in or refresh): verified, then confirmed by the auth service, whose answer
   * is also the user's current address (a token issued before an address change still carries the old one).
   * Only failures count against the account's limit [product: LIMIT-25]: refused tokens of a real account, never its
   * successful sign-ins. A token that fails verification names no account we can trust, so the per-address limit
   * alone counts it.
   */
  async function acceptToken(token: string, reply: FastifyReply) {
    const identity = await verify(token);
    const account = `${identity.issuer}|${identity.sub}`;
    await app.refuseAfterFailures(reply, 'sign-in', account, config.rateLimits.signInPerAccount);
    try {
      const authUser = await app.lookUpAuthServiceUser(token);
      if (authUser.isAnonymous) throw new AnonymousUserError('anonymous auth-service user');
      if (authUser.id !== identity.sub)
        throw new AuthSessionEndedError('the auth service names another user');
      const email = authUser.email ?? identity.email;
      const emailVerified = authUser.email !== null && authUser.emailConfirmed;
      const role = effectiveRole({ email, emailVerified }, config.adminEmails);
      return { ...identity, email, emailVerified, role, company: authUser.company };
    } catch (error) {
      if (error instanceof AuthSessionEndedError) {
        await app.countFailure('sign-in', account, config.rateLimits.signInPerAccount);
        // Whatever we opened from that auth-service session ends too, on every replica's next lookup.
        const ended = identity.authSessionId
          ? await app.sessions.revokeAuthSession(identity.authSessionId)
          : 0;
        app.log.info({ reason: error.message, ended }, 'access token refused by the auth service');
        throw new HttpError(401, 'invalid_token', SIGN_IN_ENDED_MESSAGE);
      }
      if (error instanceof AnonymousUserError) {
        await app.countFailure('sign-in', account, config.rateLimits.signInPerAccount);
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
