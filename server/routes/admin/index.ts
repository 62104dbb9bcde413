import type { FastifyPluginAsync } from 'fastify';
import { apiErrorSchema } from '../../../contract/errors';
import {
  refundRequestSchema,
  refundResponseSchema,
  refundReversalListSchema,
} from '../../../contract/refund';
import { HttpError } from '../../lib/http-errors';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';
import { signedIn } from '../../plugins/app/auth';

/**
 * Admin tools: /api/admin. Every route is limited per client address (RATE_LIMIT_ADMIN_MAX, 429 + Retry-After) and
 * behind requireAdmin, which reads the caller's role from our database on every request [product: ROLE-8]: 401
 * without a session, 403 for anyone but an admin.
 */
const adminRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // Counted per client before anything else, so no client can make the guard (and the audit log) work for it
  // faster than the limit.
  const guard = {
    onRequest: [app.limitClient('admin', app.config.rateLimits.adminPerClient), app.requireAdmin],
  };

  app.post(
    '/refunds/reverse',
    {
      // Money moves: the admin must have signed in within the last minutes, or with a second factor (step-up).
      onRequest: [...guard.onRequest, app.requireRecentSignIn],
      schema: {
        body: refundRequestSchema,
        response: {
          200: responseSchema(refundResponseSchema),
          403: responseSchema(apiErrorSchema),
          404: responseSchema(apiErrorSchema),
          409: responseSchema(apiErrorSchema),
          422: responseSchema(apiErrorSchema),
          502: responseSchema(apiErrorSchema),
        },
      },
    },
    async (request, reply) => {
      const { user } = await signedIn(request);
      const admin = { id: user.id, email: user.email };
      const target = request.body.sessionId ?? request.body.paymentIntentId;
      try {
        const result = await app.refunds.reverse(admin, request.body);
        request.log.info({ admin: admin.email, target, ...result }, 'refund reversal answered');
        return result;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        request.log.info({ admin: admin.email, target, code: error.code }, 'refund reversal refused');
        // Shown to the admin as it is [product: MSG-REFUND-3]: provider failures too, with what to do. A provider
        // failure before anything was done says so; a half-done reversal says what was done (its own message).
        const message =
          error.code === 'payment_provider_error'
            ? 'The payment provider could not be reached. Nothing was changed; please try again.'
            : error.message;
        return reply
          .code(error.statusCode as 404 | 409 | 422 | 502)
          .send({ message, code: error.code, error: message });
      }
    },
  );

  app.get(
    '/refunds',
    { ...guard, schema: { response: { 200: responseSchema(refundReversalListSchema) } } },
    async () => ({ reversals: await app.refunds.recent() }),
  );
};

export default adminRoutes;
