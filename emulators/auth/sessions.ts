import { type AuthContext, nowIso, nowSeconds } from './context';
import { AuthFailure, validationFailed } from './errors';
import { isRefreshTokenShape, newId, newRefreshToken } from './ids';
import type { IdentityRecord, RefreshTokenRecord, SessionRecord, UserRecord } from './store';
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
  provider_token?: string;
  /** A password sign-in with a password the current policy finds weak (GoTrue token.go). */
  weak_password?: { message: string; reasons: string[] };
}

async function sessionJson(
  ctx: AuthContext,
  user: UserRecord,
  session: SessionRecord,
  refreshToken: string,
  extra: Pick<SessionJson, 'provider_token' | 'weak_password'> = {},
): Promise<SessionJson> {
  const { token, expiresAt } = await signAccessToken(ctx.config, ctx.keys, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
    ...extra,
  };
}

function addRefreshToken(ctx: AuthContext, session: SessionRecord, parent: string | null = null): string {
  const token = newRefreshToken();
  ctx.store.addRefreshToken({
    token,
    sessionId: session.id,
    userId: session.userId,
    parent,
    revoked: false,
    revokedAt: null,
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
    weakPassword,
  }: {
    amrMethod: string;
    provider?: IdentityRecord['provider'];
    providerToken?: string | null;
    weakPassword?: SessionJson['weak_password'];
  },
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
  return sessionJson(ctx, user, session, addRefreshToken(ctx, session), {
    ...(providerToken ? { provider_token: providerToken } : {}),
    ...(weakPassword ? { weak_password: weakPassword } : {}),
  });
}

const notFound = () =>
  new AuthFailure(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

/**
 * The refresh grant with rotation, as GoTrue's tokens/service.go RefreshTokenGrant does it (refresh tokens of the
 * first algorithm, rotation on, reuse interval REFRESH_TOKEN_REUSE_INTERVAL):
 * - a live token is swapped for a new one (its child);
 * - a revoked token that is the parent of the session's current one answers that current token: the client
 *   lost the last answer ("fail to save"), whenever it comes back;
 * - another revoked token is accepted within the reuse interval after its revocation (tabs refreshing at once);
 * - after that it is taken for a stolen token: every token of the session is revoked, 400
 *   refresh_token_already_used.
 */
export async function refreshSession(ctx: AuthContext, refreshToken: string): Promise<SessionJson> {
  if (!isRefreshTokenShape(refreshToken)) throw validationFailed('Refresh token is not valid');
  const { store } = ctx;
  const record = store.refreshToken(refreshToken);
  if (!record) throw notFound();
  const session = store.session(record.sessionId);
  const user = store.userById(record.userId);
  if (!session || !user) throw notFound();
  let issued: string;
  if (!record.revoked) {
    issued = swap(ctx, record, session);
  } else {
    const current = store.activeRefreshToken(session.id);
    const revokedAt = Date.parse(record.revokedAt ?? record.createdAt);
    if (current?.parent === record.token) {
      issued = current.token;
    } else if (ctx.config.now().getTime() <= revokedAt + ctx.config.refreshTokenReuseIntervalSeconds * 1000) {
      issued = swap(ctx, record, session);
    } else {
      store.revokeRefreshTokensOf(session.id, nowIso(ctx));
      throw new AuthFailure(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
  }
  session.refreshedAt = nowIso(ctx);
  store.changed();
  return sessionJson(ctx, user, session, issued);
}

/** Revokes `record` and issues its child (GoTrue's GrantRefreshTokenSwap). */
function swap(ctx: AuthContext, record: RefreshTokenRecord, session: SessionRecord): string {
  ctx.store.revokeRefreshToken(record, nowIso(ctx));
  return addRefreshToken(ctx, session, record.token);
}
