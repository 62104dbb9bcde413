import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { PaymentsContext } from '../context';
import { StripeApiError, sendStripeError } from '../errors';
import type { StripeEvent } from '../events';
import type { Subscription } from '../objects';

// Helpers for tests and demos under /_emulator (JSON bodies), outside Stripe's API so they cannot be mistaken
// for it: the test clock, the webhook endpoint and its delivery log, resending an event, and a reset.

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

export function registerAdminRoutes(app: FastifyInstance, ctx: PaymentsContext, reset: () => void): void {
  const { store, billing, events } = ctx;

  const guarded =
    <T>(run: (body: unknown, params: Record<string, string>) => T) =>
    async (request: { body: unknown; params: unknown }, reply: Parameters<typeof sendStripeError>[0]) => {
      try {
        return run(request.body, request.params as Record<string, string>);
      } catch (error) {
        if (error instanceof StripeApiError) return sendStripeError(reply, error);
        if (v.isValiError(error)) return reply.code(400).send({ error: { message: error.message } });
        throw error;
      }
    };

  app.post(
    '/_emulator/test_clock/advance',
    guarded((body) => {
      const { subscription: id, to, fail_payment } = v.parse(advanceSchema, body);
      const subscription = store.get<Subscription>('subscription', id, 'subscription');
      return to === 'trial_end' ? billing.endTrial(subscription) : billing.renew(subscription, fail_payment);
    }),
  );

  app.post(
    '/_emulator/subscriptions/:id/trial_will_end',
    guarded((_body, params) => {
      const subscription = store.get<Subscription>('subscription', params.id ?? '');
      return events.publish('customer.subscription.trial_will_end', subscription);
    }),
  );

  app.get('/_emulator/webhooks', async () => ({
    url: events.webhook.url,
    attempts: events.attempts,
  }));

  app.put(
    '/_emulator/webhooks',
    guarded((body) => {
      const change = v.parse(webhookSchema, body);
      if (change.url !== undefined) events.webhook.url = change.url;
      if (change.secret !== undefined) events.webhook.secret = change.secret;
      return { url: events.webhook.url };
    }),
  );

  app.post(
    '/_emulator/events/:id/resend',
    guarded((_body, params) => {
      const event = store.get<StripeEvent>('event', params.id ?? '');
      events.resend(event);
      return { resent: event.id };
    }),
  );

  app.post('/_emulator/reset', async () => {
    reset();
    return { reset: true };
  });
}
