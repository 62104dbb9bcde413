import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { expect } from 'vitest';
import {
  CARD,
  type Payments,
  type PaymentsOptions,
  startPayments,
  submitForm,
  TEST_WEBHOOK_SECRET,
} from '../../emulators/payments-harness';
import { builtForBlock, forwardingTo, startTestApp, type TestApp } from './app';
import type { TestClient } from './client';

/** The app with its own payments stand-in (no demo customer), the SDK pointed at it, and the shared secret. */
export type BillingTestApp = TestApp & { payments: Payments };

export async function startBillingApp(
  engine: 'pglite' | 'postgres',
  paymentsOptions: PaymentsOptions = {},
  env: Record<string, string> = {},
): Promise<BillingTestApp> {
  const payments = await startPayments({ seedDemoCustomer: false, ...paymentsOptions });
  const testApp = await startTestApp(engine, {
    env: { STRIPE_API_URL: payments.url, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, ...env },
  });
  return {
    ...testApp,
    payments,
    close: async () => {
      await testApp.close();
      await payments.close();
    },
  };
}

/**
 * The billing app for the tests of a describe block, in one call: `const { app, payments, stripe } =
 * buildBilling(engine)`, started before them and closed after them, as `build` does.
 */
export function buildBilling(...startArguments: Parameters<typeof startBillingApp>) {
  const testApp = builtForBlock(() => startBillingApp(...startArguments));
  return {
    app: forwardingTo(() => testApp().app),
    payments: forwardingTo(() => testApp().payments),
    stripe: forwardingTo(() => testApp().payments.stripe),
    testApp,
  };
}

/** Checkout as the SPA starts it, paid on the hosted page with 4242…; answers the session id from the return. */
export async function subscribe(client: TestClient, planName = 'pro_monthly'): Promise<string> {
  const response = await client.post('/api/billing/checkout-session', { planName });
  expect(response.statusCode, response.body).toBe(200);
  const paid = await submitForm(response.json<{ url: string }>().url, CARD);
  expect(paid.status).toBe(303);
  const sessionId = new URL(paid.headers.get('location') ?? '').searchParams.get('session_id');
  if (!sessionId) throw new Error('no session id in the success redirect');
  return sessionId;
}

/** An event body and its Stripe-Signature, as the provider would send them. */
export function signed(
  event: unknown,
  options: { secret?: string; timestamp?: number; payload?: string } = {},
) {
  const payload = options.payload ?? JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, header };
}

export function postWebhook(
  app: FastifyInstance,
  { payload, header }: { payload: string; header?: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header ? { 'stripe-signature': header } : {}),
    },
    payload,
  });
}

/** Delivers the stand-in's newest stored event of this type (about this object, when given) to the app. */
export async function deliverLatest(
  app: FastifyInstance,
  payments: Payments,
  type: string,
  objectId?: string,
): Promise<{ event: Stripe.Event; response: LightMyRequestResponse }> {
  const events = await payments.stripe.events.list({ type, limit: 100 });
  const event = events.data.find(
    (item) => !objectId || (item.data.object as { id?: string }).id === objectId,
  );
  if (!event) throw new Error(`no ${type} event${objectId ? ` for ${objectId}` : ''}`);
  return { event, response: await postWebhook(app, signed(event)) };
}
