import type { FastifyInstance } from 'fastify';
import { authenticate } from '../bearer';
import { type AuthContext, nowIso } from '../context';
import { AuthFailure, validationFailed } from '../errors';
import { sendEmailLink } from '../links';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../passwords';
import { parsePkceParams } from '../pkce';
import { chooseRedirect } from '../redirects';
import {
  logoutQuerySchema,
  parseInput,
  redirectQuerySchema,
  updateUserBodySchema,
  validEmail,
} from '../schemas';
import { userJson } from '../user-json';
import { mergeUserMetadata } from '../users';

// GET /user, PUT /user and POST /logout: the calls made with the user's own access token (GoTrue user.go, logout.go).

export function registerUserRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/user', async (request) => {
    const { user } = await authenticate(ctx, request);
    return userJson(user);
  });

  app.put('/user', async (request) => {
    const { user, session } = await authenticate(ctx, request);
    const body = parseInput(updateUserBodySchema, request.body);
    const query = parseInput(redirectQuerySchema, request.query);
    const { config, store } = ctx;

    // Everything is checked before anything changes, so a rejected update leaves the account untouched.
    const password = body.password ?? undefined;
    if (password !== undefined) {
      checkPasswordStrength(password, config.passwordMinLength);
      if (await verifyPassword(password, user.passwordHash)) {
        throw new AuthFailure(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
      }
    }
    const newEmail = body.email ? validEmail(body.email) : undefined;
    const changingEmail = newEmail !== undefined && newEmail !== user.email;
    if (changingEmail && store.userByEmail(newEmail)) {
      throw new AuthFailure(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    const pkce = changingEmail ? parsePkceParams(body.code_challenge, body.code_challenge_method) : null;

    if (password !== undefined) {
      user.passwordHash = await hashPassword(password);
      user.updatedAt = nowIso(ctx);
      // As GoTrue's User.UpdatePassword: every outstanding e-mail link dies, and only the session that made the
      // change stays signed in.
      store.removeOneTimeTokensOf(user.id);
      user.confirmationSentAt = null;
      user.recoverySentAt = null;
      user.emailChangeSentAt = null;
      store.removeSessions(
        store
          .sessionsOf(user.id)
          .filter((other) => other.id !== session.id)
          .map((s) => s.id),
      );
    }
    if (body.data) mergeUserMetadata(user, body.data, nowIso(ctx));
    if (changingEmail) {
      // A single confirmation, sent to the new address (GoTrue's "secure email change" would mail both).
      user.newEmail = newEmail;
      const redirectTo = chooseRedirect(config, query.redirect_to, request.headers.referer);
      await sendEmailLink(ctx, { user, type: 'email_change', to: newEmail, redirectTo, pkce });
    }
    store.changed();
    return userJson(user);
  });

  app.post('/logout', async (request, reply) => {
    const { user, session } = await authenticate(ctx, request);
    const { scope } = parseInput(logoutQuerySchema, request.query);
    const sessions = ctx.store.sessionsOf(user.id).map((other) => other.id);
    const doomed: Record<string, string[]> = {
      '': sessions,
      global: sessions,
      local: [session.id],
      others: sessions.filter((id) => id !== session.id),
    };
    const ended = doomed[scope];
    if (!ended) throw validationFailed(`Unsupported logout scope "${scope}"`);
    ctx.store.removeSessions(ended);
    return reply.code(204).send();
  });
}
