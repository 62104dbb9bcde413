import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type AuthContext, nowIso } from '../context';
import { AuthFailure, validationFailed } from '../errors';
import { googleChooserPage } from '../pages';
import { issueAuthCode, parsePkceParams, startFlow } from '../pkce';
import { chooseRedirect, withError, withFragment, withQuery } from '../redirects';
import { authorizeFormSchema, authorizeQuerySchema, parseInput, validEmail } from '../schemas';
import { startSession } from '../sessions';
import { linkGoogleIdentity, newGoogleUser } from '../users';

// GET /authorize?provider=google… would send the browser to Google. Here it shows a local chooser instead, and the
// form's POST plays the part of Google's callback: it ends with GoTrue's final 302 to redirect_to, carrying tokens
// in the fragment (implicit, no `type`) or `?code=` (PKCE) (GoTrue external.go).

function requireGoogle(provider: string): void {
  if (provider !== 'google') {
    throw validationFailed(`Unsupported provider: provider ${provider || '(none)'} could not be found`);
  }
}

/** A display name when none is given: the local part, capitalised word by word. */
function nameFromEmail(email: string): string {
  return (email.split('@')[0] ?? email)
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function registerAuthorizeRoutes(app: FastifyInstance, ctx: AuthContext): void {
  const html = 'text/html; charset=utf-8';

  app.get('/authorize', { config: { withoutApiKey: true } }, async (request, reply) => {
    const query = parseInput(authorizeQuerySchema, request.query);
    requireGoogle(query.provider);
    parsePkceParams(query.code_challenge, query.code_challenge_method);
    const redirectTo = chooseRedirect(ctx.config, query.redirect_to, request.headers.referer);
    return reply.type(html).send(
      googleChooserPage({
        redirectTo,
        codeChallenge: query.code_challenge,
        codeChallengeMethod: query.code_challenge_method,
      }),
    );
  });

  app.post('/authorize', { config: { withoutApiKey: true } }, async (request, reply) => {
    const form = parseInput(authorizeFormSchema, request.body);
    requireGoogle(form.provider);
    const pkce = parsePkceParams(form.code_challenge, form.code_challenge_method);
    const redirectTo = chooseRedirect(ctx.config, form.redirect_to);

    if (form.action === 'cancel') {
      const params = { error: 'access_denied', error_description: 'The user cancelled Google sign-in' };
      return reply.redirect(withError(redirectTo, params, true), 302);
    }

    let email: string;
    try {
      email = validEmail(form.email);
    } catch (error) {
      if (!(error instanceof AuthFailure)) throw error;
      const page = googleChooserPage({
        redirectTo,
        codeChallenge: form.code_challenge,
        codeChallengeMethod: form.code_challenge_method,
        email: form.email,
        fullName: form.full_name,
        error: 'Enter a valid email address, like name@example.com.',
      });
      return reply.code(400).type(html).send(page);
    }

    const fullName = form.full_name.trim() || nameFromEmail(email);
    const at = nowIso(ctx);
    let user = ctx.store.userByEmail(email);
    if (user) {
      linkGoogleIdentity(user, fullName, at);
      ctx.store.changed();
    } else {
      user = newGoogleUser({ email, fullName, at });
      ctx.store.addUser(user);
    }
    const providerToken = `local-google-${randomBytes(12).toString('base64url')}`;

    if (pkce) {
      const flow = startFlow(ctx, pkce, {
        authMethod: 'oauth',
        provider: 'google',
        userId: user.id,
        providerAccessToken: providerToken,
      });
      return reply.redirect(withQuery(redirectTo, { code: issueAuthCode(ctx, flow) }), 302);
    }
    const session = await startSession(ctx, user, { amrMethod: 'oauth', provider: 'google', providerToken });
    return reply.redirect(
      withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        provider_token: providerToken,
        refresh_token: session.refresh_token,
        sb: '',
        token_type: 'bearer',
      }),
      302,
    );
  });
}
