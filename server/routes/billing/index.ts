import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
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
import { effectiveRole } from '../../services/users';

/**
 * The signed-in user's billing: /api/billing. Every route acts on the caller's own customer, found from the
 * session's user; no route takes a customer or subscription id from the browser (bodies are the contract's closed
 * schemas). Changes that call the provider are limited per account (RATE_LIMIT_BILLING_ACCOUNT_MAX per action).
 */
const billingRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const guard = { onRequest: app.requireSession };
  const owner = async (request: FastifyRequest): Promise<BillingUser> => {
    const { user } = await signedIn(request);
    return { id: user.id, email: user.email, emailVerified: user.emailVerified };
  };
  /**
   * The owner of a change that calls the provider, counted against their account's limit for that action (429 with
   * Retry-After past it): the provider's own rate limit is shared by every customer, so one account must not
   * spend it.
   */
  const limitedOwner = async (request: FastifyRequest, reply: FastifyReply, action: string) => {
    const user = await owner(request);
    await app.limitAccount(reply, `billing.${action}`, user.id, app.config.rateLimits.billingPerAccount);
    return user;
  };

  // A change at the provider is mirrored on the user row (plan, status, trial): this replica's cached copy of the
  // caller's session must not answer the identity read that follows with the old one [product: LAND-42, CHECK-7].
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET') return payload;
    const auth = await request.server.authenticate(request);
    if (auth) app.sessions.forgetUser(auth.user.id);
    return payload;
  });

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
    async (request) => {
      const { user } = await signedIn(request);
      // Another customer's events are not this customer's business; the system's are the admins'.
      const scope = effectiveRole(user, app.config.adminEmails) === 'admin' ? 'system' : 'account';
      return app.billing.health(await owner(request), scope);
    },
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
        return await app.billing.checkout(
          await limitedOwner(request, reply, 'checkout'),
          request.body.planName,
        );
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
    async (request, reply) =>
      app.billing.portal(await limitedOwner(request, reply, 'portal'), request.body.return_url),
  );

  app.post(
    '/cancel',
    {
      ...guard,
      schema: { body: cancelRequestSchema, response: { 200: responseSchema(cancelResponseSchema) } },
    },
    async (request, reply) => app.billing.cancel(await limitedOwner(request, reply, 'cancel'), request.body),
  );

  app.post(
    '/change-plan',
    {
      ...guard,
      schema: { body: changePlanRequestSchema, response: { 200: responseSchema(changePlanResponseSchema) } },
    },
    async (request, reply) =>
      app.billing.changePlan(await limitedOwner(request, reply, 'change-plan'), request.body.planName),
  );

  app.post(
    '/sync',
    { ...guard, schema: { body: syncRequestSchema, response: { 200: responseSchema(syncResponseSchema) } } },
    async (request, reply) => {
      const { sessionId } = request.body;
      // A sync with a session id always asks the provider; without one it is answered from a cache younger than 10 s.
      const user = sessionId ? await limitedOwner(request, reply, 'sync') : await owner(request);
      return app.billing.sync(user, sessionId);
    },
  );
};

export default billingRoutes;
