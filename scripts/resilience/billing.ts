import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import Stripe from 'stripe';
import { startPaymentsEmulator } from '../../emulators/payments/app';
import { dropPostgresSchema } from '../../server/db/client';
import type { ServerProcess } from '../bench/processes';
import { DEMO_ADMIN, type SignedIn, signInForWrites } from '../bench/session';
import { ANON_KEY, HOST, startApiServer } from './api';
import { startForwarder } from './forwarder';

// The billing rows of `npm run test:resilience` (issue 19): a slow provider, a duplicate checkout, a refund that
// half fails, and three replicas on one PostgreSQL. Each row has its own payments stand-in (behind a loopback
// forwarder that injects the fault), its own schema and its own API processes; every request stays on loopback.

export type Row = {
  scenario: string;
  tried: string;
  requests: number;
  failed: number;
  detail: string;
  pass: boolean;
};

const WEBHOOK_SECRET = 'whsec_resilience_payments_secret';
const SECRET_KEY = 'sk_test_resilience';
const CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Casey Customer' };
const PRICE = 'price_pro_monthly';
/** What Professional monthly costs (cents): what a refund of one payment must be. */
const PAYMENT = 5900;
const PROVIDER_DELAY_MS = 10_000;

/** The payments stand-in behind a forwarder that can delay every call or fail one call once. */
type Provider = {
  /** What the API is given as STRIPE_API_URL: the forwarder. */
  url: string;
  /** The SDK straight to the stand-in (no fault), for setting up and checking. */
  stripe: Stripe;
  faults: { delayMs: number; failOnce: string[] };
  close(): Promise<void>;
};

async function startProvider(): Promise<Provider> {
  const payments = await startPaymentsEmulator({
    port: 0,
    host: HOST,
    seedDemoCustomer: false,
    webhookSecret: WEBHOOK_SECRET,
    logger: false,
  });
  const faults = { delayMs: 0, failOnce: [] as string[] };
  const forwarder = await startForwarder({
    upstream: () => payments.url,
    intercept: async (request) => {
      const call = `${request.method} ${request.url?.split('?')[0]}`;
      if (faults.delayMs > 0) await sleep(faults.delayMs);
      const failing = faults.failOnce.findIndex((prefix) => call.startsWith(prefix));
      if (failing < 0) return null;
      faults.failOnce.splice(failing, 1);
      return {
        status: 500,
        headers: { 'content-type': 'application/json', 'stripe-should-retry': 'false' },
        body: JSON.stringify({ error: { type: 'api_error', message: 'Injected failure (resilience).' } }),
      };
    },
  });
  const stripe = new Stripe(SECRET_KEY, {
    host: HOST,
    port: Number(new URL(payments.url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return {
    url: forwarder.url,
    stripe,
    faults,
    close: async () => {
      await forwarder.close();
      await payments.close();
    },
  };
}

/** A row's world: provider, schema, and what to stop afterwards. */
type World = {
  provider: Provider;
  schema: string;
  db: pg.Client;
  env: Record<string, string>;
  servers: ServerProcess[];
};

async function withWorld(
  databaseUrl: string,
  name: string,
  run: (world: World) => Promise<Row>,
): Promise<Row> {
  const provider = await startProvider();
  const schema = `resilience_${name.replace(/\W/g, '_')}_${randomBytes(3).toString('hex')}`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const world: World = {
    provider,
    schema,
    db,
    servers: [],
    env: {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      PGLITE_DATA_DIR: '',
      STRIPE_API_URL: provider.url,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ADMIN_EMAILS: DEMO_ADMIN.email,
      RATE_LIMIT_ADMIN_MAX: '1000',
    },
  };
  try {
    return await run(world);
  } catch (error) {
    return {
      scenario: name,
      tried: 'the scenario did not complete',
      requests: 0,
      failed: 1,
      detail: error instanceof Error ? error.message.slice(0, 300) : String(error),
      pass: false,
    };
  } finally {
    await Promise.all(world.servers.map((server) => server.stop()));
    await db.end();
    await provider.close();
    await dropPostgresSchema(databaseUrl, schema);
  }
}

async function startReplica(
  world: World,
  authUrl: string,
  name: string,
  env: Record<string, string> = {},
  publicUrl?: string,
) {
  const { server, url } = await startApiServer(authUrl, name, { ...world.env, ...env }, publicUrl);
  world.servers.push(server);
  return url;
}

const signIn = (apiUrl: string, authUrl: string, account?: { email: string; password: string }) =>
  signInForWrites({ apiUrl, authUrl, anonKey: ANON_KEY, ...(account ? { account } : {}) });

/** A POST as the SPA sends it; the status and the JSON answer. */
async function post(apiUrl: string, session: SignedIn, path: string, body: unknown) {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: session.writeHeaders,
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: parse(text) };
}

function parse(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}

/** Pays a hosted Checkout page with 4242…; answers the session id of the return. */
async function payHosted(checkoutUrl: string): Promise<string> {
  const paid = await fetch(checkoutUrl, {
    method: 'POST',
    body: new URLSearchParams(CARD),
    redirect: 'manual',
  });
  const sessionId = new URL(paid.headers.get('location') ?? 'http://x/').searchParams.get('session_id');
  if (paid.status !== 303 || !sessionId) throw new Error(`paying ${checkoutUrl} answered ${paid.status}`);
  return sessionId;
}

/** Checkout through our API, paid, and the return synced: the customer's paid session id. */
async function subscribe(apiUrl: string, session: SignedIn): Promise<string> {
  const created = await post(apiUrl, session, '/api/billing/checkout-session', { planName: 'pro_monthly' });
  if (created.status !== 200) throw new Error(`checkout answered ${created.status}`);
  const sessionId = await payHosted(String(created.json.url));
  const synced = await post(apiUrl, session, '/api/billing/sync', { sessionId });
  if (synced.status !== 200) throw new Error(`sync answered ${synced.status}`);
  return sessionId;
}

/** Delivers an event as the provider would (signed), to one API process. */
async function deliver(apiUrl: string, event: Stripe.Event) {
  const payload = JSON.stringify(event);
  const started = Date.now();
  const response = await fetch(`${apiUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  const json = parse(await response.text());
  return {
    eventId: event.id,
    status: response.status,
    applied: response.status === 200 && json.duplicate === false,
    ms: Date.now() - started,
  };
}

const count = <T>(items: T[], keep: (item: T) => boolean) => items.filter(keep).length;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/**
 * Every provider call delayed 10 s during a burst of webhook deliveries: health stays 200, the identity call stays
 * fast (no delivery holds a database connection), each delivery gives up after its own 5 s, and once the provider
 * answers again the redeliveries apply every event exactly once.
 */
export function slowProvider(databaseUrl: string, authUrl: string): Promise<Row> {
  return withWorld(databaseUrl, 'slow provider', async (world) => {
    const api = await startReplica(world, authUrl, 'billing-slow');
    const customer = await signIn(api, authUrl);
    await subscribe(api, customer);
    const events = (await world.provider.stripe.events.list({ limit: 100 })).data;
    // Each event twice at once, as a provider retrying a slow endpoint sends it.
    const burst = [...events, ...events];
    /** A signed-in user's identity calls, one after another, until `until` settles: their latencies (ms). */
    const identityProbe = async (until: Promise<unknown>) => {
      let done = false;
      void until.finally(() => {
        done = true;
      });
      const latencies: number[] = [];
      while (!done) {
        const at = performance.now();
        const status = await fetch(`${api}/api/auth/me`, { headers: { cookie: customer.sessionCookie } })
          .then((response) => response.status)
          .catch(() => 0);
        latencies.push(status === 200 ? performance.now() - at : Number.POSITIVE_INFINITY);
      }
      return latencies;
    };
    // The same probe with nothing wrong first: what this machine answers anyway.
    const baseline = Math.round(percentile(await identityProbe(sleep(3_000)), 0.99));

    world.provider.faults.delayMs = PROVIDER_DELAY_MS;
    const started = Date.now();
    const deliveries = Promise.all(burst.map((event) => deliver(api, event)));
    const health: number[] = [];
    const watch = (async () => {
      let done = false;
      void deliveries.finally(() => {
        done = true;
      });
      while (!done) {
        health.push(
          await fetch(`${api}/api/health`)
            .then((response) => response.status)
            .catch(() => 0),
        );
        await sleep(200);
      }
    })();
    const probe = identityProbe(deliveries);
    const slow = await deliveries;
    const burstMs = Date.now() - started;
    const [latencies] = await Promise.all([probe, watch]);
    world.provider.faults.delayMs = 0;

    // The provider redelivers what failed; then everything once more (duplicates must change nothing).
    const redelivered = await Promise.all(events.map((event) => deliver(api, event)));
    const again = await Promise.all(events.map((event) => deliver(api, event)));
    const all = [...slow, ...redelivered, ...again];
    const appliedTwice = events.filter(
      (event) => count(all, (d) => d.eventId === event.id && d.applied) !== 1,
    );
    const healthFailures = count(health, (status) => status !== 200);
    const p99 = Math.round(percentile(latencies, 0.99));
    const redeliveryFailures = count(redelivered, (d) => d.status !== 200);
    return {
      scenario: 'slow provider',
      tried: `every provider call +${PROVIDER_DELAY_MS / 1000} s, ${burst.length} deliveries at once`,
      requests: all.length + health.length + latencies.length,
      failed: healthFailures + appliedTwice.length + redeliveryFailures + (p99 < 50 ? 0 : 1),
      detail:
        `burst over in ${(burstMs / 1000).toFixed(1)} s (${count(slow, (d) => d.status >= 500)} × 5xx to redeliver); ` +
        `health ${health.length - healthFailures}/${health.length} × 200; GET /api/auth/me p99 ${p99} ms ` +
        `(${latencies.length} calls; ${baseline} ms before the fault); ${events.length - appliedTwice.length}/${events.length} events applied exactly once`,
      pass:
        healthFailures === 0 &&
        health.length > 0 &&
        p99 < 50 &&
        appliedTwice.length === 0 &&
        redeliveryFailures === 0 &&
        burstMs < PROVIDER_DELAY_MS,
    };
  });
}

/**
 * Two Checkout sessions of one customer (the expiry of one by the other raced), paid in parallel, their completions
 * delivered and their returns synced all at once: one live subscription at the provider, the other ended and its
 * payment refunded.
 */
export function duplicateCheckout(databaseUrl: string, authUrl: string): Promise<Row> {
  return withWorld(databaseUrl, 'duplicate checkout', async (world) => {
    const { stripe } = world.provider;
    const api = await startReplica(world, authUrl, 'billing-duplicate');
    const customer = await signIn(api, authUrl);
    const first = await post(api, customer, '/api/billing/checkout-session', { planName: 'pro_monthly' });
    const firstUrl = String(first.json.url);
    const opened = await stripe.checkout.sessions.retrieve(firstUrl.split('/checkout/')[1] ?? '');
    const customerId = String(opened.customer);
    const second = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      line_items: [{ price: PRICE, quantity: 1 }],
      success_url: `${api}/Billing?session_id={CHECKOUT_SESSION_ID}`,
    });
    // Both paid at once (the provider may date them in the same second; the oldest is then the smaller id).
    const [a, b] = await Promise.all([payHosted(firstUrl), payHosted(second.url ?? '')]);
    const completed = (await stripe.events.list({ type: 'checkout.session.completed', limit: 10 })).data;
    const answers = await Promise.all([
      ...completed.map((event) => deliver(api, event).then((d) => d.status)),
      ...[a, b].map((sessionId) =>
        post(api, customer, '/api/billing/sync', { sessionId }).then((r) => r.status),
      ),
    ]);

    const subscriptions = (await stripe.subscriptions.list({ customer: customerId, status: 'all' })).data;
    const live = subscriptions.filter((s) => ['active', 'trialing', 'past_due'].includes(s.status));
    const refunds = (await stripe.refunds.list({ limit: 100 })).data;
    const ended = subscriptions.filter((s) => s.status === 'canceled');
    const failed = count(answers, (status) => status !== 200);
    return {
      scenario: 'duplicate checkout',
      tried: '2 Checkouts of one customer paid at once; 2 completions + 2 returns at once',
      requests: answers.length,
      failed,
      detail:
        `${live.length} live subscription at the provider, ${ended.length} ended; ` +
        `refunds ${refunds.map((refund) => refund.amount).join(', ') || 'none'} (cents)`,
      pass:
        failed === 0 &&
        live.length === 1 &&
        ended.length === 1 &&
        refunds.length === 1 &&
        refunds[0]?.amount === PAYMENT,
    };
  });
}

/**
 * The provider's cancel fails once during a reversal: the answer names the refund it issued, the repeat ends the
 * subscription without a second refund, and the log says both.
 */
export function refundHalfFailure(databaseUrl: string, authUrl: string): Promise<Row> {
  return withWorld(databaseUrl, 'refund half-failure', async (world) => {
    const { stripe, faults } = world.provider;
    const api = await startReplica(world, authUrl, 'billing-half-failure');
    const customer = await signIn(api, authUrl);
    const sessionId = await subscribe(api, customer);
    const admin = await signIn(api, authUrl, DEMO_ADMIN);

    faults.failOnce.push('DELETE /v1/subscriptions/');
    const first = await post(api, admin, '/api/admin/refunds/reverse', { sessionId });
    const second = await post(api, admin, '/api/admin/refunds/reverse', { sessionId });
    const refunds = (await stripe.refunds.list({ limit: 100 })).data;
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const subscription = await stripe.subscriptions.retrieve(String(session.subscription));
    const { rows: log } = await world.db.query(
      `select status, refund_id, amount_refunded from "${world.schema}".refund_log`,
    );
    const { rows: audit } = await world.db.query(
      `select outcome from "${world.schema}".audit_log where action = 'refund.reverse' order by created_at`,
    );
    const refundId = refunds[0]?.id ?? '(none)';
    const namesRefund =
      first.status === 502 &&
      first.json.message ===
        `Refund ${refundId} issued; ending the subscription failed. Reverse again to finish.`;
    return {
      scenario: 'refund half-failure',
      tried: 'the cancel fails once during a reversal; reversed again',
      requests: 2,
      failed: (namesRefund ? 0 : 1) + (second.status === 200 ? 0 : 1),
      detail:
        `1st ${first.status} '${String(first.json.message ?? '').slice(0, 70)}'; 2nd ${second.status} ` +
        `${JSON.stringify(second.json)}; ${refunds.length} refund at the provider; subscription ${subscription.status}; ` +
        `log ${log.map((row) => `${row.status} ${row.amount_refunded}`).join(', ')}; audit ${audit.map((row) => row.outcome).join(', ')}`,
      pass:
        namesRefund &&
        second.status === 200 &&
        second.json.processed === true &&
        refunds.length === 1 &&
        subscription.status === 'canceled' &&
        log.length === 1 &&
        log[0]?.status === 'completed' &&
        log[0]?.refund_id === refundId &&
        log[0]?.amount_refunded === PAYMENT &&
        audit.map((row) => row.outcome).join(',') === 'failed,succeeded',
    };
  });
}

/**
 * Three API processes on one PostgreSQL behind a round-robin on loopback: a session opened on one is valid on the
 * others, limits are counted across them, one webhook delivered to all three is applied once, and ten parallel
 * reversals spread over them make one refund.
 */
export function threeReplicas(databaseUrl: string, authUrl: string): Promise<Row> {
  return withWorld(databaseUrl, 'three replicas', async (world) => {
    const { stripe } = world.provider;
    const limit = 4;
    const replicas: string[] = [];
    let next = 0;
    const balancer = await startForwarder({ upstream: () => replicas[next++ % replicas.length] ?? '' });
    try {
      const env = { RATE_LIMIT_BILLING_ACCOUNT_MAX: String(limit) };
      // The first one migrates the schema; the other two start beside it.
      replicas.push(await startReplica(world, authUrl, 'billing-replica-1', env, balancer.url));
      replicas.push(
        ...(await Promise.all(
          [2, 3].map((n) => startReplica(world, authUrl, `billing-replica-${n}`, env, balancer.url)),
        )),
      );
      const customer = await signIn(balancer.url, authUrl);
      const sessionAnswers = await Promise.all(
        replicas.map((replica) =>
          fetch(`${replica}/api/auth/me`, { headers: { cookie: customer.sessionCookie } }).then(
            (r) => r.status,
          ),
        ),
      );
      const sessionsShared = sessionAnswers.every((status) => status === 200);

      const portal: number[] = [];
      for (let i = 0; i < limit + 2; i++)
        portal.push((await post(balancer.url, customer, '/api/billing/portal', {})).status);
      const limited =
        count(portal, (status) => status === 200) === limit && count(portal, (s) => s === 429) === 2;

      const sessionId = await subscribe(balancer.url, customer);
      const [completed] = (await stripe.events.list({ type: 'checkout.session.completed', limit: 1 })).data;
      if (!completed) throw new Error('no checkout.session.completed event');
      const deliveries = await Promise.all(replicas.map((replica) => deliver(replica, completed)));
      const appliedOnce =
        count(deliveries, (d) => d.applied) === 1 && deliveries.every((d) => d.status === 200);

      const admin = await signIn(balancer.url, authUrl, DEMO_ADMIN);
      const reversals = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(balancer.url, admin, '/api/admin/refunds/reverse', { sessionId }),
        ),
      );
      const refunds = (await stripe.refunds.list({ limit: 100 })).data;
      const { rows: log } = await world.db.query(`select status from "${world.schema}".refund_log`);
      const processed = count(reversals, (r) => r.status === 200 && r.json.processed === true);
      const already = count(reversals, (r) => r.status === 200 && r.json.alreadyProcessed === true);
      const oneRefund = processed === 1 && already === 9 && refunds.length === 1 && log.length === 1;
      return {
        scenario: 'three replicas',
        tried: '3 APIs, 1 PostgreSQL, round-robin: session, limit, webhook ×3, 10 reversals',
        requests: sessionAnswers.length + portal.length + deliveries.length + reversals.length,
        failed: [sessionsShared, limited, appliedOnce, oneRefund].filter((ok) => !ok).length,
        detail:
          `session on all 3: ${sessionAnswers.join('/')}; portal ×${portal.length} (limit ${limit}): ${portal.join(' ')}; ` +
          `webhook to all 3: ${count(deliveries, (d) => d.applied)} applied, statuses ${deliveries.map((d) => d.status).join('/')}; ` +
          `10 reversals: ${processed} processed, ${already} already; ${refunds.length} refund, ${log.length} log row`,
        pass: sessionsShared && limited && appliedOnce && oneRefund,
      };
    } finally {
      await balancer.close();
    }
  });
}
