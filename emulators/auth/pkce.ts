import { createHash, timingSafeEqual } from 'node:crypto';
import { type AuthContext, nowIso } from './context';
import { AuthFailure, validationFailed } from './errors';
import { newId } from './ids';
import type { FlowAuthMethod, FlowStateRecord } from './store';

// PKCE (RFC 7636) as GoTrue does it: the challenge is remembered when a flow starts (sign-up, recovery, Google),
// the browser later gets `?code=`, and the code is exchanged once, with the verifier, for a session.

export interface PkceParams {
  codeChallenge: string;
  codeChallengeMethod: 's256' | 'plain';
}

const CHALLENGE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/** Null for the implicit flow; both parameters or neither, as GoTrue's validatePKCEParams insists. */
export function parsePkceParams(challenge?: string | null, method?: string | null): PkceParams | null {
  const hasChallenge = Boolean(challenge);
  if (hasChallenge !== Boolean(method)) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (!challenge || !method) return null;
  if (!CHALLENGE_PATTERN.test(challenge)) {
    throw validationFailed(
      'code challenge has to be between 43 and 128 characters and contain only alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw validationFailed(`code challenge method ${method} not supported`);
  }
  return { codeChallenge: challenge, codeChallengeMethod: normalized };
}

export function startFlow(
  ctx: AuthContext,
  pkce: PkceParams,
  {
    authMethod,
    provider,
    userId,
    providerAccessToken = null,
  }: Pick<FlowStateRecord, 'authMethod' | 'provider' | 'userId'> & {
    providerAccessToken?: string | null;
  },
): FlowStateRecord {
  const flow: FlowStateRecord = {
    id: newId(),
    authCode: newId(),
    ...pkce,
    authMethod,
    provider,
    userId,
    providerAccessToken,
    createdAt: nowIso(ctx),
    authCodeIssuedAt: null,
  };
  ctx.store.addFlowState(flow);
  return flow;
}

/** Marks the code as handed out; the exchange window starts now. */
export function issueAuthCode(ctx: AuthContext, flow: FlowStateRecord): string {
  flow.authCodeIssuedAt = nowIso(ctx);
  ctx.store.changed();
  return flow.authCode;
}

function challengeMatches(flow: FlowStateRecord, verifier: string): boolean {
  const expected =
    flow.codeChallengeMethod === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(flow.codeChallenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Validates an exchange and consumes the flow: a code works once. */
export function redeemAuthCode(ctx: AuthContext, authCode: string, verifier: string): FlowStateRecord {
  if (!authCode || !verifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const flow = ctx.store.flowStateByAuthCode(authCode);
  if (!flow?.userId) {
    throw new AuthFailure(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  const issuedAt = Date.parse(flow.authCodeIssuedAt ?? flow.createdAt);
  if (ctx.config.now().getTime() > issuedAt + ctx.config.flowStateExpirySeconds * 1000) {
    ctx.store.removeFlowState(flow);
    throw new AuthFailure(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!challengeMatches(flow, verifier)) {
    throw new AuthFailure(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  ctx.store.removeFlowState(flow);
  return flow;
}

/** The `amr` method a session gets when it comes out of a flow. */
export const AMR_FOR_FLOW: Record<FlowAuthMethod, string> = {
  'email/signup': 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
  oauth: 'oauth',
};
