import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../lib/http-errors';

/** Large enough for any event Stripe sends (they are well under this), far below an abusive body. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/webhooks/stripe: the payment provider's events. The signature is the proof (so no CSRF token and no
 * session); it is checked over the exact bytes received, which is why this plugin keeps JSON bodies raw.
 * 200 once the event is in the ledger with its effect (or was already), or with why the database refused its
 * effect (it would be refused on every delivery: logged as an error, shown to admins); 400 for a bad signature,
 * changing nothing; 5xx when the provider or the database could not be reached, so the provider retries.
 */
const webhookRoutes: FastifyPluginAsync = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/stripe', { config: { csrf: false }, bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new HttpError(400, 'invalid_signature', 'Missing Stripe-Signature header or body.');
    }
    let event: ReturnType<typeof app.billing.verify>;
    try {
      event = app.billing.verify(request.body, signature);
    } catch (error) {
      request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'webhook refused');
      throw new HttpError(400, 'invalid_signature', 'Webhook signature verification failed.');
    }
    const applied = await app.billing.handle(event);
    request.log.info({ event: event.id, type: event.type, duplicate: !applied }, 'webhook event');
    return { received: true, duplicate: !applied };
  });
};

export default webhookRoutes;
