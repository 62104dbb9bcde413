import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context';
import { validationFailed } from '../errors';
import { sendEmailLink } from '../links';
import { parsePkceParams } from '../pkce';
import { chooseRedirect } from '../redirects';
import { parseInput, recoverBodySchema, redirectQuerySchema, resendBodySchema, validEmail } from '../schemas';

// POST /recover and POST /resend. Both answer `{}` whether or not the address is known, so they cannot be used to
// probe for accounts (GoTrue recover.go, resend.go).

export function registerRecoverRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/recover', async (request) => {
    const body = parseInput(recoverBodySchema, request.body);
    const query = parseInput(redirectQuerySchema, request.query);
    if (!body.email) throw validationFailed('Password recovery requires an email');
    const email = validEmail(body.email);
    const pkce = parsePkceParams(body.code_challenge, body.code_challenge_method);
    const user = ctx.store.userByEmail(email);
    if (user) {
      const redirectTo = chooseRedirect(ctx.config, query.redirect_to, request.headers.referer);
      await sendEmailLink(ctx, { user, type: 'recovery', redirectTo, pkce });
    }
    return {};
  });

  app.post('/resend', async (request) => {
    const body = parseInput(resendBodySchema, request.body);
    const query = parseInput(redirectQuerySchema, request.query);
    const type = body.type ?? '';
    if (type === 'sms' || type === 'phone_change') throw validationFailed('Phone logins are disabled');
    if (type !== 'signup' && type !== 'email_change') {
      throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (!body.email) throw validationFailed('Type provided requires an email address');
    const email = validEmail(body.email);
    const pkce = parsePkceParams(body.code_challenge, body.code_challenge_method);
    const redirectTo = chooseRedirect(ctx.config, query.redirect_to, request.headers.referer);
    const user = ctx.store.userByEmail(email);
    if (!user) return {};
    if (type === 'signup' && !user.emailConfirmedAt) {
      await sendEmailLink(ctx, { user, type: 'signup', redirectTo, pkce });
    }
    if (type === 'email_change' && user.newEmail) {
      await sendEmailLink(ctx, { user, type: 'email_change', to: user.newEmail, redirectTo, pkce });
    }
    return {};
  });
}
