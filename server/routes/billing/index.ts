import type { FastifyPluginAsync } from 'fastify';
import {
  billingInfoSchema,
  cancelRequestSchema,
  cancelResponseSchema,
  changePlanRequestSchema,
  changePlanResponseSchema,
  checkoutSessionRequestSchema,
  checkoutSessionResponseSchema,
  portalRequestSchema,
  portalResponseSchema,
  syncRequestSchema,
  syncResponseSchema,
  trialResponseSchema,
  webhookHealthSchema,
} from '../../../contract/billing';
import { apiErrorSchema } from '../../../contract/errors';
import { HttpError } from '../../lib/http-errors';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';
import { signedIn } from '../../plugins/app/auth';
import type { BillingUser } from '../../services/billing/service';

/**
 * The signed-in user's billing: /api/billing. Every route acts on the caller's own customer, found from the
 * session's user; no route takes a customer or subscription id from the browser (bodies are the contract's
 * schemas, and anything else in them is dropped).
 */
const billingRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const guard = { onRequest: app.requireSession };
  const owner = async (request: Parameters<typeof signedIn>[0]): Promise<BillingUser> => {
    const { user } = await signedIn(request);
    return { id: user.id, email: user.email };
  };

  app.get(
    '/info',
    { ...guard, schema: { response: { 200: responseSchema(billingInfoSchema) } } },
    async (request) => app.billing.info(await owner(request)),
  );

  app.get(
    '/trial',
    { ...guard, schema: { response: { 200: responseSchema(trialResponseSchema) } } },
    async (request) => app.billing.trial(await owner(request)),
  );

  app.get(
    '/health',
    { ...guard, schema: { response: { 200: responseSchema(webhookHealthSchema) } } },
    async () => app.billing.health(),
  );

  app.post(
    '/checkout-session',
    {
      ...guard,
      schema: {
        body: checkoutSessionRequestSchema,
        response: { 200: responseSchema(checkoutSessionResponseSchema), 409: responseSchema(apiErrorSchema) },
      },
    },
    async (request, reply) => {
      try {
        return await app.billing.checkout(await owner(request), request.body.planName);
      } catch (error) {
        // The SPA reads `error: 'existing_subscription'` [product: BILL-12] and opens the portal instead.
        if (error instanceof HttpError && error.code === 'existing_subscription') {
          return reply
            .code(409)
            .send({ message: error.message, code: error.code, error: 'existing_subscription' });
        }
        throw error;
      }
    },
  );

  app.post(
    '/portal',
    {
      ...guard,
      schema: { body: portalRequestSchema, response: { 200: responseSchema(portalResponseSchema) } },
    },
    async (request) => app.billing.portal(await owner(request), request.body.return_url),
  );

  app.post(
    '/cancel',
    {
      ...guard,
      schema: { body: cancelRequestSchema, response: { 200: responseSchema(cancelResponseSchema) } },
    },
    async (request) => app.billing.cancel(await owner(request), request.body),
  );

  app.post(
    '/change-plan',
    {
      ...guard,
      schema: { body: changePlanRequestSchema, response: { 200: responseSchema(changePlanResponseSchema) } },
    },
    async (request) => app.billing.changePlan(await owner(request), request.body.planName),
  );

  app.post(
    '/sync',
    { ...guard, schema: { body: syncRequestSchema, response: { 200: responseSchema(syncResponseSchema) } } },
    async (request) => app.billing.sync(await owner(request), request.body.sessionId),
  );
};

export default billingRoutes;
