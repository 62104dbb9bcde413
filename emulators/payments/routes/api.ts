import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { PaymentsContext } from '../context';
import { invalidParam, missingParam, StripeApiError, sendStripeError } from '../errors';
import type { StripeEvent } from '../events';
import { decodeQueryString, type FormTree } from '../form';
import { expand, page } from '../lists';
import type {
  Charge,
  CheckoutSession,
  Customer,
  Invoice,
  PaymentIntent,
  PaymentMethod,
  Price,
  Subscription,
} from '../objects';
import { newCustomer } from '../objects';
import {
  boolean,
  expandPaths,
  integer,
  listParams,
  metadata,
  nullable,
  read,
  stringList,
  text,
} from '../params';
import { type CollectionName, newId, nowSeconds, type StripeObject } from '../store';

// The Stripe REST subset under /v1 that the product's server uses, answered from the emulator's state.
// Every call needs `Authorization: Bearer sk_…`; every POST with an Idempotency-Key is answered once and replayed.

type Handler = (params: FormTree, request: FastifyRequest) => unknown;
type Method = 'GET' | 'POST' | 'DELETE';

const requestId = () => `req_${randomBytes(8).toString('hex')}`;

const AUTH_MESSAGE = 'Invalid API Key provided. Use a secret key (sk_test_…) in the Authorization header.';

export function registerApiRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  const { store, billing } = ctx;

  function authenticate(request: FastifyRequest): void {
    const header = request.headers.authorization ?? '';
    const key = /^Bearer (\S+)$/.exec(header)?.[1];
    const accepted = ctx.config.apiKey ? key === ctx.config.apiKey : /^sk_(test|live)_\S+$/.test(key ?? '');
    if (!accepted) throw new StripeApiError(401, 'authentication_error', AUTH_MESSAGE);
  }

  function route(method: Method, url: string, handler: Handler): void {
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        reply.header('Request-Id', requestId());
        try {
          authenticate(request);
          const raw = method === 'POST' ? String(request.body ?? '') : (request.url.split('?')[1] ?? '');
          const params = decodeQueryString(raw);
          const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
          if (typeof key !== 'string') return send(reply, 200, answer(handler, params, request));
          return idempotent(reply, key, `${method} ${request.url} ${raw}`, () =>
            answer(handler, params, request),
          );
        } catch (error) {
          if (error instanceof StripeApiError) return sendStripeError(reply, error);
          throw error;
        }
      },
    });
  }

  function answer(handler: Handler, params: FormTree, request: FastifyRequest): unknown {
    return expand(store, handler(params, request), expandPaths(params));
  }

  function send(reply: FastifyReply, status: number, body: unknown) {
    return reply.code(status).send(body);
  }

  /** Stripe keeps the first answer for a key (errors included) and refuses the key with other parameters. */
  function idempotent(reply: FastifyReply, key: string, fingerprint: string, run: () => unknown) {
    const stored = store.idempotent(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      reply.header('Idempotent-Replayed', 'true');
      return send(reply, stored.statusCode, stored.body);
    }
    try {
      const body = run();
      store.remember(key, { fingerprint, statusCode: 200, body });
      return send(reply, 200, body);
    } catch (error) {
      if (error instanceof StripeApiError && error.statusCode < 500) {
        store.remember(key, { fingerprint, statusCode: error.statusCode, body: error.body });
      }
      throw error;
    }
  }

  /** A collection's GET-by-id and list routes; `filter` reads the list's own parameters. */
  function readable<T extends StripeObject>(
    collection: CollectionName,
    path: string,
    filter: (item: T, params: FormTree) => boolean = () => true,
  ): void {
    route('GET', `/v1/${path}/:id`, (_params, request) =>
      store.get<T>(collection, (request.params as { id: string }).id),
    );
    route('GET', `/v1/${path}`, (params) => {
      const paging = read(listParams, params);
      return page(
        `/v1/${path}`,
        store.all<T>(collection).filter((item) => filter(item, params)),
        paging,
      );
    });
  }

  const optionalText = (params: FormTree, name: string) => {
    const value = params[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParam(name, `Invalid ${name}: must be a string`);
    return value;
  };
  const nested = (params: FormTree, name: string): FormTree => {
    const value = params[name];
    return typeof value === 'object' && !Array.isArray(value) ? value : {};
  };
  const matches = (params: FormTree, name: string, actual: unknown) => {
    const wanted = optionalText(params, name);
    return wanted === undefined || wanted === actual;
  };

  // Catalogue.
  readable('product', 'products', (item, params) => matches(params, 'active', String(item.active)));
  readable<Price>('price', 'prices', (price, params) => {
    const { lookup_keys } = read(v.object({ lookup_keys: v.optional(stringList) }), params);
    return (
      (!lookup_keys || lookup_keys.includes(price.lookup_key ?? '')) &&
      matches(params, 'product', price.product) &&
      matches(params, 'active', String(price.active))
    );
  });

  // Customers.
  const customerFields = v.object({
    email: v.optional(text),
    name: v.optional(text),
    metadata: v.optional(metadata),
    invoice_settings: v.optional(v.object({ default_payment_method: v.optional(nullable(text)) })),
  });
  route('POST', '/v1/customers', (params) => {
    const fields = read(customerFields, params);
    const customer = store.insert(
      'customer',
      newCustomer({
        email: fields.email ?? null,
        name: fields.name ?? null,
        metadata: fields.metadata ?? {},
      }),
    );
    ctx.events.publish('customer.created', customer);
    return customer;
  });
  readable<Customer>('customer', 'customers', (customer, params) => matches(params, 'email', customer.email));
  route('POST', '/v1/customers/:id', (params, request) => {
    const customer = store.get<Customer>('customer', (request.params as { id: string }).id);
    const fields = read(customerFields, params);
    const previous = structuredClone(customer);
    if (fields.email !== undefined) customer.email = fields.email;
    if (fields.name !== undefined) customer.name = fields.name;
    if (fields.metadata) customer.metadata = { ...customer.metadata, ...fields.metadata };
    const method = fields.invoice_settings?.default_payment_method;
    if (method !== undefined) {
      if (method !== null)
        store.get<PaymentMethod>('payment_method', method, 'invoice_settings[default_payment_method]');
      customer.invoice_settings.default_payment_method = method;
    }
    store.changed();
    ctx.events.publish('customer.updated', customer, {
      email: previous.email,
      invoice_settings: previous.invoice_settings,
    });
    return customer;
  });
  readable<PaymentMethod>('payment_method', 'payment_methods', (method, params) =>
    matches(params, 'customer', method.customer),
  );

  // Checkout.
  const checkoutFields = v.object({
    mode: v.picklist(['subscription'], 'only subscription mode is emulated'),
    success_url: v.pipe(text, v.url()),
    cancel_url: v.optional(v.pipe(text, v.url())),
    customer: v.optional(text),
    customer_email: v.optional(v.pipe(text, v.email())),
    client_reference_id: v.optional(text),
    line_items: v.pipe(
      v.array(v.object({ price: text, quantity: v.optional(integer) })),
      v.length(1, 'exactly one line item is emulated'),
    ),
    subscription_data: v.optional(
      v.object({ trial_period_days: v.optional(integer), metadata: v.optional(metadata) }),
    ),
    metadata: v.optional(metadata),
  });
  route('POST', '/v1/checkout/sessions', (params) => {
    const fields = read(checkoutFields, params);
    if (fields.customer) store.get('customer', fields.customer, 'customer');
    const [line] = fields.line_items;
    const price = store.get<Price>('price', line?.price ?? '', 'line_items[0][price]');
    const id = newId('cs_test');
    const created = nowSeconds();
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      created,
      expires_at: created + 86_400,
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      url: `${ctx.config.publicUrl}/checkout/${id}`,
      success_url: fields.success_url,
      cancel_url: fields.cancel_url ?? null,
      customer: fields.customer ?? null,
      customer_email: fields.customer_email ?? null,
      customer_details: null,
      client_reference_id: fields.client_reference_id ?? null,
      subscription: null,
      invoice: null,
      payment_intent: null,
      currency: 'usd',
      amount_subtotal: price.unit_amount,
      amount_total: price.unit_amount,
      metadata: fields.metadata ?? {},
      subscription_data: fields.subscription_data ?? {},
      livemode: false,
    };
    store.insert('checkout.session', session);
    store.insert('checkout_line_items', {
      id,
      object: 'internal',
      created,
      list: {
        object: 'list',
        url: `/v1/checkout/sessions/${id}/line_items`,
        has_more: false,
        data: [
          {
            id: newId('li'),
            object: 'item',
            amount_subtotal: price.unit_amount,
            amount_total: price.unit_amount,
            currency: 'usd',
            description: price.nickname,
            price,
            quantity: line?.quantity ?? 1,
          },
        ],
      },
    });
    return session;
  });
  readable<CheckoutSession>(
    'checkout.session',
    'checkout/sessions',
    (session, params) =>
      matches(params, 'customer', session.customer) && matches(params, 'subscription', session.subscription),
  );
  route('POST', '/v1/checkout/sessions/:id/expire', (_params, request) => {
    const session = store.get<CheckoutSession>('checkout.session', (request.params as { id: string }).id);
    if (session.status !== 'open') throw invalidParam('session', 'Only open sessions can be expired.');
    session.status = 'expired';
    session.url = null;
    store.changed();
    ctx.events.publish('checkout.session.expired', session);
    return session;
  });

  // Customer portal.
  route('POST', '/v1/billing_portal/sessions', (params) => {
    const fields = read(v.object({ customer: text, return_url: v.optional(v.pipe(text, v.url())) }), params);
    store.get('customer', fields.customer, 'customer');
    const id = newId('bps');
    return store.insert('billing_portal.session', {
      id,
      object: 'billing_portal.session',
      created: nowSeconds(),
      customer: fields.customer,
      return_url: fields.return_url ?? null,
      url: `${ctx.config.publicUrl}/portal/${id}`,
      configuration: 'bpc_emulator',
      flow: null,
      locale: null,
      on_behalf_of: null,
      livemode: false,
    });
  });

  // Subscriptions.
  const cancellationDetails = v.optional(
    v.object({ comment: v.optional(nullable(text)), feedback: v.optional(nullable(text)) }),
  );
  route('POST', '/v1/subscriptions', (params) => {
    const fields = read(
      v.object({
        customer: text,
        items: v.pipe(v.array(v.object({ price: text })), v.length(1, 'exactly one item is emulated')),
        trial_period_days: v.optional(integer),
        default_payment_method: v.optional(text),
        metadata: v.optional(metadata),
      }),
      params,
    );
    const customer = store.get<Customer>('customer', fields.customer, 'customer');
    const price = store.get<Price>('price', fields.items[0]?.price ?? '', 'items[0][price]');
    return billing.createSubscription({
      customer,
      price,
      trialDays: fields.trial_period_days,
      paymentMethod: fields.default_payment_method ?? null,
      metadata: fields.metadata,
    });
  });
  const LIVE = new Set(['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'paused']);
  readable<Subscription>('subscription', 'subscriptions', (subscription, params) => {
    const status = optionalText(params, 'status');
    const statusMatches =
      status === 'all' ||
      (status === undefined ? subscription.status !== 'canceled' : subscription.status === status) ||
      (status === 'ended' && !LIVE.has(subscription.status));
    const price = optionalText(params, 'price');
    return (
      statusMatches &&
      matches(params, 'customer', subscription.customer) &&
      (price === undefined || subscription.items.data.some((item) => item.price.id === price))
    );
  });
  route('POST', '/v1/subscriptions/:id', (params, request) => {
    const subscription = store.get<Subscription>('subscription', (request.params as { id: string }).id);
    const fields = read(
      v.object({
        items: v.optional(v.array(v.object({ id: v.optional(text), price: v.optional(text) }))),
        cancel_at_period_end: v.optional(boolean),
        trial_end: v.optional(v.literal('now', 'only trial_end=now is emulated')),
        proration_behavior: v.optional(v.picklist(['create_prorations', 'none', 'always_invoice'])),
        default_payment_method: v.optional(nullable(text)),
        cancellation_details: cancellationDetails,
        metadata: v.optional(metadata),
      }),
      params,
    );
    const item = fields.items?.[0];
    if (item?.id && !subscription.items.data.some((existing) => existing.id === item.id)) {
      throw invalidParam('items[0][id]', `No such subscription item: '${item.id}'`);
    }
    if (fields.default_payment_method) {
      store.get('payment_method', fields.default_payment_method, 'default_payment_method');
    }
    return billing.update(subscription, {
      price: item?.price ? store.get<Price>('price', item.price, 'items[0][price]') : undefined,
      cancelAtPeriodEnd: fields.cancel_at_period_end,
      trialEndNow: fields.trial_end === 'now',
      defaultPaymentMethod: fields.default_payment_method,
      cancellationDetails: fields.cancellation_details,
      metadata: fields.metadata,
      prorationBehavior: fields.proration_behavior,
    });
  });
  route('DELETE', '/v1/subscriptions/:id', (params, request) => {
    const subscription = store.get<Subscription>('subscription', (request.params as { id: string }).id);
    const fields = read(v.object({ cancellation_details: cancellationDetails }), params);
    return billing.cancel(subscription, fields.cancellation_details);
  });

  // Invoices and payments.
  readable<Invoice>(
    'invoice',
    'invoices',
    (invoice, params) =>
      matches(params, 'customer', invoice.customer) &&
      matches(params, 'status', invoice.status) &&
      matches(params, 'subscription', invoice.parent.subscription_details.subscription),
  );
  readable<StripeObject & { invoice: string; payment: { payment_intent: string } }>(
    'invoice_payment',
    'invoice_payments',
    (payment, params) =>
      matches(params, 'invoice', payment.invoice) &&
      // `payment[type]=payment_intent&payment[payment_intent]=pi_...`: the invoice a payment paid.
      matches(nested(params, 'payment'), 'payment_intent', payment.payment.payment_intent),
  );
  readable<PaymentIntent>('payment_intent', 'payment_intents', (intent, params) =>
    matches(params, 'customer', intent.customer),
  );
  readable<Charge>(
    'charge',
    'charges',
    (charge, params) =>
      matches(params, 'customer', charge.customer) &&
      matches(params, 'payment_intent', charge.payment_intent),
  );

  // Refunds.
  route('POST', '/v1/refunds', (params) => {
    const fields = read(
      v.object({
        payment_intent: v.optional(text),
        charge: v.optional(text),
        amount: v.optional(v.pipe(integer, v.minValue(1))),
        reason: v.optional(v.picklist(['duplicate', 'fraudulent', 'requested_by_customer'])),
        metadata: v.optional(metadata),
      }),
      params,
    );
    let chargeId = fields.charge;
    if (!chargeId && fields.payment_intent) {
      const intent = store.get<PaymentIntent>('payment_intent', fields.payment_intent, 'payment_intent');
      chargeId = intent.latest_charge ?? undefined;
      if (!chargeId)
        throw invalidParam('payment_intent', 'This PaymentIntent has no successful charge to refund.');
    }
    if (!chargeId) throw missingParam('payment_intent');
    const charge = store.get<Charge>('charge', chargeId, 'charge');
    if (!charge.paid) throw invalidParam('charge', 'This charge did not succeed and cannot be refunded.');
    if (charge.refunded) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        {
          code: 'charge_already_refunded',
          param: 'charge',
        },
      );
    }
    return billing.refund(charge, fields.amount, fields.metadata);
  });
  readable<StripeObject & { charge: string; payment_intent: string }>(
    'refund',
    'refunds',
    (refund, params) =>
      matches(params, 'charge', refund.charge) && matches(params, 'payment_intent', refund.payment_intent),
  );

  // Events.
  readable<StripeEvent>('event', 'events', (event, params) => matches(params, 'type', event.type));

  // Anything else under /v1 answers like Stripe does for an unknown path.
  app.all('/v1/*', async (request, reply) =>
    sendStripeError(
      reply.header('Request-Id', requestId()),
      new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). This local stand-in emulates only part of Stripe's API; see docs/emulators.md.`,
      ),
    ),
  );
}
