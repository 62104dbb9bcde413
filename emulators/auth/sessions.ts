import { type AuthContext, nowIso, nowSeconds } from './context';
import { AuthFailure } from './errors';
import { newId, newRefreshToken } from './ids';
import type { IdentityRecord, SessionRecord, UserRecord } from './store';
import { signAccessToken } from './tokens';
import { type UserJson, userJson } from './user-json';
import { recordSignIn } from './users';

// Sessions: one record per sign-in, a chain of single-use refresh tokens, and short-lived access tokens.

/** GoTrue's AccessTokenResponse, the body of /token and of auto-confirmed /signup. */
export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  weak_password: null;
  provider_token?: string;
}

async function sessionJson(
  ctx: AuthContext,
  user: UserRecord,
  session: SessionRecord,
  refreshToken: string,
  providerToken?: string | null,
): Promise<SessionJson> {
  const { token, expiresAt } = await signAccessToken(ctx.config, ctx.keys, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
    weak_password: null,
    ...(providerToken ? { provider_token: providerToken } : {}),
  };
}

function addRefreshToken(ctx: AuthContext, session: SessionRecord): string {
  const token = newRefreshToken();
  ctx.store.addRefreshToken({
    token,
    sessionId: session.id,
    userId: session.userId,
    revoked: false,
    createdAt: nowIso(ctx),
  });
  return token;
}

/** Signs the user in: a new session, recorded as a sign-in through `provider`. */
export async function startSession(
  ctx: AuthContext,
  user: UserRecord,
  {
    amrMethod,
    provider = 'email',
    providerToken,
  }: { amrMethod: string; provider?: IdentityRecord['provider']; providerToken?: string | null },
): Promise<SessionJson> {
  const at = nowIso(ctx);
  const session: SessionRecord = {
    id: newId(),
    userId: user.id,
    amr: [{ method: amrMethod, timestamp: nowSeconds(ctx) }],
    createdAt: at,
    refreshedAt: null,
  };
  ctx.store.addSession(session);
  recordSignIn(user, provider, at);
  ctx.store.changed();
  return sessionJson(ctx, user, session, addRefreshToken(ctx, session), providerToken);
}

const notFound = () =>
  new AuthFailure(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * The refresh grant with rotation: each refresh token works once. Presenting a used one again is treated as theft,
 * as GoTrue does with rotation on: the whole family is revoked, so the session cannot be refreshed any more.
 */
export async function refreshSession(ctx: AuthContext, refreshToken: string): Promise<SessionJson> {
  const record = ctx.store.refreshToken(refreshToken);
  if (!record) throw notFound();
  const session = ctx.store.session(record.sessionId);
  const user = ctx.store.userById(record.userId);
  if (!session || !user) throw notFound();
  if (record.revoked) {
    ctx.store.revokeRefreshTokensOf(session.id);
    throw new AuthFailure(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  record.revoked = true;
  session.refreshedAt = nowIso(ctx);
  ctx.store.changed();
  return sessionJson(ctx, user, session, addRefreshToken(ctx, session));
}
