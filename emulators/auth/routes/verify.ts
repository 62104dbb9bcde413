import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../context';
import { AuthFailure, validationFailed } from '../errors';
import { FLOW_FOR_TOKEN, findLinkToken, PKCE_PREFIX, redeemLinkToken } from '../links';
import { AMR_FOR_FLOW, issueAuthCode } from '../pkce';
import { chooseRedirect, oauthErrorForStatus, withError, withFragment, withQuery } from '../redirects';
import { parseInput, verifyBodySchema, verifyQuerySchema } from '../schemas';
import { startSession } from '../sessions';

// GET /verify is where e-mail links land (a browser navigation: no headers, answers are 303 redirects).
// POST /verify is the XHR variant (`verifyOtp`) and answers with a session (GoTrue verify.go).

const LINK_EXPIRED = 'Email link is invalid or has expired';
const TOKEN_EXPIRED = 'Token has expired or is invalid';

export function registerVerifyRoutes(app: FastifyInstance, ctx: AuthContext): void {
  app.get('/verify', { config: { withoutApiKey: true } }, async (request, reply) => {
    const query = parseInput(verifyQuerySchema, request.query);
    const redirectTo = chooseRedirect(ctx.config, query.redirect_to, request.headers.referer);
    const isPkce = query.token.startsWith(PKCE_PREFIX);
    try {
      const token = findLinkToken(ctx, { tokenHash: query.token, type: query.type }, LINK_EXPIRED);
      const { user, flow } = redeemLinkToken(ctx, token, LINK_EXPIRED);
      if (flow) return reply.redirect(withQuery(redirectTo, { code: issueAuthCode(ctx, flow) }), 303);
      const session = await startSession(ctx, user, { amrMethod: AMR_FOR_FLOW[FLOW_FOR_TOKEN[token.type]] });
      return reply.redirect(
        withFragment(redirectTo, {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          sb: '',
          token_type: 'bearer',
          type: token.type,
        }),
        303,
      );
    } catch (error) {
      if (!(error instanceof AuthFailure)) throw error;
      const params = {
        error: oauthErrorForStatus(error.status),
        error_code: error.code,
        error_description: error.message,
        sb: '',
      };
      return reply.redirect(withError(redirectTo, params, isPkce), 303);
    }
  });

  app.post('/verify', async (request) => {
    const body = parseInput(verifyBodySchema, request.body);
    if (body.token && body.token_hash)
      throw validationFailed('Verify requires either a token or a token hash');
    if (body.token_hash && (body.email || body.phone || body.redirect_to)) {
      throw validationFailed('Only the token_hash and type should be provided');
    }
    // A link's hash fails as a link does; an address and its code as a code does (verify.go).
    const expired = body.token_hash ? LINK_EXPIRED : TOKEN_EXPIRED;
    const token = findLinkToken(
      ctx,
      { tokenHash: body.token_hash, email: body.email, otp: body.token, type: body.type },
      expired,
    );
    const { user, flow } = redeemLinkToken(ctx, token, expired);
    // Verified server-side with the hash itself, so a pending PKCE flow has nothing left to do.
    if (flow) ctx.store.removeFlowState(flow);
    return startSession(ctx, user, { amrMethod: AMR_FOR_FLOW[FLOW_FOR_TOKEN[token.type]] });
  });
}
