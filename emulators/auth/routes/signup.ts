import type { FastifyInstance } from 'fastify';
import { type AuthContext, nowIso } from '../context';
import { AuthFailure, validationFailed } from '../errors';
import { sendEmailLink } from '../links';
import { checkPasswordStrength, hashPassword } from '../passwords';
import { parsePkceParams } from '../pkce';
import { chooseRedirect } from '../redirects';
import { parseInput, redirectQuerySchema, signupBodySchema, validEmail } from '../schemas';
import { startSession } from '../sessions';
import { decoyUserJson, userJson } from '../user-json';
import { confirmEmail, newEmailUser } from '../users';

// POST /signup, following GoTrue's signup.go.

export function registerSignupRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/signup', async (request) => {
    const { config, store } = ctx;
    const body = parseInput(signupBodySchema, request.body);
    const query = parseInput(redirectQuerySchema, request.query);
    if (!body.password) throw validationFailed('Signup requires a valid password');
    checkPasswordStrength(body.password, config.passwordMinLength);
    const pkce = parsePkceParams(body.code_challenge, body.code_challenge_method);
    const email = validEmail(body.email);
    const data = body.data ?? {};
    const redirectTo = chooseRedirect(config, query.redirect_to, request.headers.referer);

    const existing = store.userByEmail(email);
    if (existing?.emailConfirmedAt) {
      if (config.autoconfirm) throw new AuthFailure(422, 'user_already_exists', 'User already registered');
      // Anti-enumeration: the answer looks like a fresh sign-up; apps detect it by `identities: []`.
      return decoyUserJson(email, data, nowIso(ctx));
    }

    // An unconfirmed account is left as it is (the caller's identity is unproven); only the e-mail goes out again.
    const user =
      existing ??
      newEmailUser({ email, passwordHash: await hashPassword(body.password), data, at: nowIso(ctx) });
    if (!existing) store.addUser(user);

    if (config.autoconfirm) {
      confirmEmail(user, nowIso(ctx));
      return startSession(ctx, user, { amrMethod: 'password' });
    }
    await sendEmailLink(ctx, { user, type: 'signup', redirectTo, pkce });
    return userJson(user);
  });
}
