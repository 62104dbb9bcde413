import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { PaymentsContext } from '../context';
import { invalidParam } from '../errors';
import type { CheckoutSession, Customer, PaymentMethod, Price } from '../objects';
import { newCustomer } from '../objects';
import { integer, metadata, nullable, read, stringList, text } from '../params';
import { newId, nowSeconds } from '../store';

import { registerSubscriptionRoutes } from './api-subscriptions';
import { createV1Router, registerUnknownV1Paths } from './v1';

// The Stripe REST subset under /v1 that the product's server uses, answered from the emulator's state.
// Every call needs `Authorization: Bearer sk_…`; every POST with an Idempotency-Key is answered once and replayed.

export function registerApiRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  const { store } = ctx;
  const router = createV1Router(app, ctx);
  const { route, readable, matches } = router;

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
      matches(params, 'customer', session.customer) &&
      matches(params, 'subscription', session.subscription) &&
      matches(params, 'status', session.status),
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

  registerSubscriptionRoutes(ctx, router);
  registerUnknownV1Paths(app);
}
