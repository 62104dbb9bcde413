import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { bearerKey, sameSecret } from '../../shared/secret';
import type { PaymentsContext } from '../context';
import { StripeApiError, sendStripeError } from '../errors';
import type { StripeEvent } from '../events';
import type { Subscription } from '../objects';

// Helpers for tests and demos under /_emulator (JSON bodies), outside Stripe's API so they cannot be mistaken
// for it: the test clock, the webhook endpoint and its delivery log, resending an event, and a reset.
//
// They rewrite the whole state, so (issue 19 item 6) each call needs the admin key (`Authorization: Bearer`,
// PAYMENTS_EMULATOR_ADMIN_KEY; off without one), a JSON body, and no foreign `Origin`: a web page can neither post
// a form here (a form cannot send JSON or the header) nor script a call (another origin is refused).

const advanceSchema = v.object({
  subscription: v.pipe(v.string(), v.startsWith('sub_')),
  /** trial_end: the trial ends now; period_end: the current period ends now (renewal, or the scheduled cancel). */
  to: v.picklist(['trial_end', 'period_end']),
  /** The renewal's charge fails whatever the card (invoice.payment_failed, status past_due). */
  fail_payment: v.optional(v.boolean(), false),
});

const webhookSchema = v.object({
  url: v.optional(v.nullable(v.pipe(v.string(), v.url()))),
  secret: v.optional(v.pipe(v.string(), v.startsWith('whsec_'))),
});

const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ error: { message } });

/** Why a call to the test helpers is refused, or null when it may go on. */
function refusal(request: FastifyRequest, reply: FastifyReply, ctx: PaymentsContext) {
  const { adminKey, publicUrl } = ctx.config;
  if (!adminKey) return refuse(reply, 403, 'The test helpers are off: start the stand-in with an admin key.');
  const origin = request.headers.origin;
  if (origin !== undefined && (!publicUrl || origin !== new URL(publicUrl).origin)) {
    return refuse(reply, 403, 'The test helpers refuse calls from web pages of other origins.');
  }
  if (!sameSecret(bearerKey(request.headers.authorization), adminKey)) {
    return refuse(reply, 401, 'The test helpers need Authorization: Bearer <PAYMENTS_EMULATOR_ADMIN_KEY>.');
  }
  if (request.method !== 'GET' && !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
    return refuse(reply, 415, 'The test helpers accept JSON bodies only (Content-Type: application/json).');
  }
  return null;
}

export function registerAdminRoutes(app: FastifyInstance, ctx: PaymentsContext, reset: () => void): void {
  const { store, billing, events } = ctx;

  app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request, reply) => refusal(request, reply, ctx) ?? undefined);
      admin.setErrorHandler((error, _request, reply) => {
        if (error instanceof StripeApiError) return sendStripeError(reply, error);
        if (v.isValiError(error)) return refuse(reply, 400, error.message);
        const { statusCode = 500, message = 'Unexpected failure' } = error as {
          statusCode?: number;
          message?: string;
        };
        return refuse(reply, statusCode, message);
      });

      admin.post('/test_clock/advance', async (request) => {
        const { subscription: id, to, fail_payment } = v.parse(advanceSchema, request.body ?? {});
        const subscription = store.get<Subscription>('subscription', id);
        return to === 'trial_end'
          ? billing.endTrial(subscription)
          : billing.renew(subscription, fail_payment);
      });

      admin.post('/subscriptions/:id/trial_will_end', async (request) => {
        const subscription = store.get<Subscription>('subscription', (request.params as { id: string }).id);
        return events.publish('customer.subscription.trial_will_end', subscription);
      });

      admin.get('/webhooks', async () => ({ url: events.webhook.url, attempts: events.attempts }));

      admin.put('/webhooks', async (request) => {
        const change = v.parse(webhookSchema, request.body ?? {});
        if (change.url !== undefined) events.webhook.url = change.url;
        if (change.secret !== undefined) events.webhook.secret = change.secret;
        return { url: events.webhook.url };
      });

      admin.post('/events/:id/resend', async (request) => {
        const event = store.get<StripeEvent>('event', (request.params as { id: string }).id);
        events.resend(event);
        return { resent: event.id };
      });

      admin.post('/reset', async () => {
        reset();
        return { reset: true };
      });
    },
    { prefix: '/_emulator' },
  );
}
