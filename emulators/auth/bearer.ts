import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './context';
import { AuthFailure } from './errors';
import type { SessionRecord, UserRecord } from './store';
import { verifyAccessToken } from './tokens';

// GoTrue's requireAuthentication: a valid access token whose user and session still exist. A signed-out session
// therefore stops working at once even though its JWT has not expired.

export interface Authenticated {
  user: UserRecord;
  session: SessionRecord;
}

export async function authenticate(ctx: AuthContext, request: FastifyRequest): Promise<Authenticated> {
  const header = request.headers.authorization ?? '';
  // GoTrue's bearerRegexp: `^(?:B|b)earer (\S+$)`.
  const match = /^[Bb]earer (\S+)$/.exec(header);
  if (!match?.[1])
    throw new AuthFailure(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifyAccessToken(ctx.config, ctx.keys, match[1]);
  const user = ctx.store.userById(claims.sub);
  if (!user) throw new AuthFailure(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const session = ctx.store.session(claims.session_id);
  if (!session || session.userId !== user.id) {
    throw new AuthFailure(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, session };
}
