import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context';
import { AuthFailure, validationFailed } from '../errors';
import { passwordWeakness, verifyPassword } from '../passwords';
import { AMR_FOR_FLOW, redeemAuthCode } from '../pkce';
import {
  parseInput,
  passwordGrantSchema,
  pkceGrantSchema,
  refreshGrantSchema,
  tokenQuerySchema,
} from '../schemas';
import { refreshSession, type SessionJson, startSession } from '../sessions';

// POST /token?grant_type=password|refresh_token|pkce, following GoTrue's token.go.

async function passwordGrant(ctx: AuthContext, input: unknown): Promise<SessionJson> {
  const body = parseInput(passwordGrantSchema, input);
  if (!body.email) throw validationFailed('missing email or phone');
  const invalid = () => new AuthFailure(400, 'invalid_credentials', 'Invalid login credentials');
  const user = ctx.store.userByEmail(body.email.trim());
  // The password is checked before the confirmation, so an unconfirmed address is not revealed to a guesser.
  if (!user || !(await verifyPassword(body.password ?? '', user.passwordHash))) throw invalid();
  if (!user.emailConfirmedAt) throw new AuthFailure(400, 'email_not_confirmed', 'Email not confirmed');
  const weakPassword = passwordWeakness(body.password ?? '', ctx.config.passwordMinLength) ?? undefined;
  return startSession(ctx, user, { amrMethod: 'password', weakPassword });
}

async function refreshGrant(ctx: AuthContext, input: unknown): Promise<SessionJson> {
  const body = parseInput(refreshGrantSchema, input);

  return refreshSession(ctx, body.refresh_token ?? '');
}

async function pkceGrant(ctx: AuthContext, input: unknown): Promise<SessionJson> {
  const body = parseInput(pkceGrantSchema, input);
  const flow = redeemAuthCode(ctx, body.auth_code ?? '', body.code_verifier ?? '');
  const user = flow.userId ? ctx.store.userById(flow.userId) : undefined;
  if (!user)
    throw new AuthFailure(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  return startSession(ctx, user, {
    amrMethod: AMR_FOR_FLOW[flow.authMethod],
    provider: flow.provider,
    providerToken: flow.providerAccessToken,
  });
}

const GRANTS: Record<string, (ctx: AuthContext, body: unknown) => Promise<SessionJson>> = {
  password: passwordGrant,
  refresh_token: refreshGrant,
  pkce: pkceGrant,
};

export function registerTokenRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.post('/token', async (request) => {
    const { grant_type: grantType = '' } = parseInput(tokenQuerySchema, request.query);
    const grant = GRANTS[grantType];
    if (!grant) throw new AuthFailure(400, 'invalid_credentials', 'unsupported_grant_type');
    return grant(ctx, request.body);
  });
}
