import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { buildPaymentsApp, type PaymentsEmulatorOptions } from '../../emulators/payments/app';
import type { PaymentsContext } from '../../emulators/payments/context';
import { listenOn } from '../../emulators/shared/listen';

// The payments stand-in on a free port, the official `stripe` SDK pointed at it (host/port/protocol, nothing else
// changed), and a log of the API calls it received.

export const TEST_WEBHOOK_SECRET = 'whsec_test_payments_harness_secret';
/** The key the harness gives the stand-in's /_emulator test helpers. */
export const TEST_ADMIN_KEY = 'test-payments-harness-admin-key';

export interface Payments {
  url: string;
  ctx: PaymentsContext;
  stripe: Stripe;
  /** `GET /v1/customers`, ... in arrival order. */
  calls: string[];
  close(): Promise<void>;
}

/**
 * Calls the stand-in fails on purpose while `faults` holds their `METHOD /v1/path` prefix (e.g. `POST /v1/refunds`):
 * a 500 api_error that the SDK does not retry, as when the provider is down.
 */
export type PaymentsOptions = PaymentsEmulatorOptions & {
  faults?: Set<string>;
  /**
   * Calls whose answer is held back while this holds their prefix (ms by prefix): a slow provider. The answer is
   * made at once and sent late, so it tells the state of the moment the call arrived.
   */
  delays?: Map<string, number>;
};

export async function startPayments(options: PaymentsOptions = {}): Promise<Payments> {
  const { app, ctx } = await buildPaymentsApp({
    webhookSecret: TEST_WEBHOOK_SECRET,
    adminKey: TEST_ADMIN_KEY,
    retryDelaysMs: [50, 100],
    ...options,
  });
  const calls: string[] = [];
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/v1/')) calls.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  app.addHook('onSend', async (request) => {
    const call = `${request.method} ${request.url.split('?')[0]}`;
    const delay = [...(options.delays ?? [])].find(([prefix]) => call.startsWith(prefix))?.[1];
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  });
  app.addHook('onRequest', async (request, reply) => {
    const call = `${request.method} ${request.url.split('?')[0]}`;
    if (![...(options.faults ?? [])].some((fault) => call.startsWith(fault))) return;
    return reply
      .code(500)
      .header('Stripe-Should-Retry', 'false')
      .send({ error: { type: 'api_error', message: 'Injected failure (test).' } });
  });
  const running = await listenOn(app, { port: 0, host: '127.0.0.1' });
  const port = Number(new URL(running.url).port);
  const stripe = new Stripe('sk_test_harness', {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return { url: running.url, ctx, stripe, calls, close: running.close };
}

export interface WebhookEndpoint {
  url: string;
  close(): Promise<void>;
}

/**
 * A webhook endpoint on a free port: `answer` gets each delivery's exact body and headers and says which status to
 * reply with.
 */
export async function startWebhookEndpoint(
  answer: (raw: string, headers: IncomingHttpHeaders) => number,
): Promise<WebhookEndpoint> {
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => response.writeHead(answer(raw, request.headers)).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Robin Example' };
export const DECLINED_CARD = { ...CARD, number: '4000 0000 0000 0002' };

/** A Checkout session for a customer, made at the provider as our server makes one (Professional monthly). */
export function openCheckout(stripe: Stripe, customerId: string, price = 'price_pro_monthly') {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    line_items: [{ price, quantity: 1 }],
    success_url: 'http://localhost:3000/Billing?session_id={CHECKOUT_SESSION_ID}',
  });
}

/** Fills in and submits a hosted form (Checkout or the portal's card form) as a browser would. */
export async function submitForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

/** Waits until `check` passes (webhook deliveries are asynchronous). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A call to the stand-in's test helpers (`/_emulator/<path>`), with the harness's admin key and a JSON body. */
export function emulatorCall(
  payments: Pick<Payments, 'url'>,
  path: string,
  body: unknown = {},
  method = 'POST',
): Promise<Response> {
  return fetch(`${payments.url}/_emulator/${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
}

/** The stand-in's test clock (`/_emulator/test_clock/advance`): end a trial or a period now, or fail the renewal. */
export function advanceClock(
  payments: Pick<Payments, 'url'>,
  body: { subscription: string | undefined; to: string; fail_payment?: boolean },
): Promise<Response> {
  return emulatorCall(payments, 'test_clock/advance', body);
}
