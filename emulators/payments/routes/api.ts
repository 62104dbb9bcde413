import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { PaymentsContext } from '../context';
import { invalidParam } from '../errors';
import { matches } from '../lists';
import type { CheckoutSession, Customer, PaymentMethod, Price, Product } from '../objects';
import { newCustomer } from '../objects';
import {
  boolean,
  email,
  exactlyOne,
  integer,
  metadata,
  nullable,
  oneOf,
  ref,
  text,
  url,
  withMetadata,
} from '../params';
import { newId, nowSeconds } from '../store';
import { registerSubscriptionRoutes } from './api-subscriptions';
import { createV1Router, registerUnknownV1Paths } from './v1';

// The Stripe REST subset under /v1 that the product's server uses, answered from the emulator's state. Each
// endpoint declares its parameters (the subset of Stripe's that is emulated); anything else is refused as Stripe
// refuses an unknown parameter.

export function registerApiRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  const { store, billing } = ctx;
  const router = createV1Router(app, ctx);
  const { route, readable } = router;
  const customerRef = ref<Customer>(store, 'customer');
  const priceRef = ref<Price>(store, 'price');
  const paymentMethodRef = ref<PaymentMethod>(store, 'payment_method');

  // Catalogue.
  readable('product', 'products', { active: v.optional(boolean) }, (product: Product, fields) =>
    matches(fields.active, product.active),
  );
  readable(
    'price',
    'prices',
    { lookup_keys: v.optional(v.array(text)), product: v.optional(text), active: v.optional(boolean) },
    (price: Price, fields) =>
      (!fields.lookup_keys || fields.lookup_keys.includes(price.lookup_key ?? '')) &&
      matches(fields.product, price.product) &&
      matches(fields.active, price.active),
  );

  // Customers.
  const customerFields = {
    email: v.optional(email),
    name: v.optional(text),
    metadata: v.optional(metadata),
    invoice_settings: v.optional(
      v.strictObject({ default_payment_method: v.optional(nullable(paymentMethodRef)) }),
    ),
  };
  route('POST', '/v1/customers', customerFields, (fields) => {
    const customer = store.insert(
      'customer',
      newCustomer({
        email: fields.email ?? null,
        name: fields.name ?? null,
        metadata: withMetadata({}, fields.metadata),
      }),
    );
    ctx.events.publish('customer.created', customer);
    return customer;
  });
  readable('customer', 'customers', { email: v.optional(text) }, (customer: Customer, fields) =>
    matches(fields.email, customer.email),
  );
  route('POST', '/v1/customers/:id', customerFields, (fields, id) => {
    const customer = store.get<Customer>('customer', id);
    const previous = structuredClone(customer);
    if (fields.email !== undefined) customer.email = fields.email;
    if (fields.name !== undefined) customer.name = fields.name;
    customer.metadata = withMetadata(customer.metadata, fields.metadata);
    const method = fields.invoice_settings?.default_payment_method;
    if (method !== undefined) customer.invoice_settings.default_payment_method = method?.id ?? null;
    store.changed();
    ctx.events.publish('customer.updated', customer, {
      email: previous.email,
      metadata: previous.metadata,
      invoice_settings: previous.invoice_settings,
    });
    return customer;
  });
  route('DELETE', '/v1/customers/:id', {}, (_fields, id) =>
    billing.deleteCustomer(store.get<Customer>('customer', id)),
  );
  readable(
    'payment_method',
    'payment_methods',
    { customer: v.optional(text), type: v.optional(text) },
    (method: PaymentMethod, fields) => matches(fields.customer, method.customer),
  );

  // Checkout.
  route(
    'POST',
    '/v1/checkout/sessions',
    {
      mode: oneOf(['payment', 'setup', 'subscription']),
      success_url: url,
      cancel_url: v.optional(url),
      customer: v.optional(customerRef),
      customer_email: v.optional(email),
      client_reference_id: v.optional(text),
      line_items: exactlyOne(v.strictObject({ price: priceRef, quantity: v.optional(integer) })),
      subscription_data: v.optional(
        v.strictObject({ trial_period_days: v.optional(integer), metadata: v.optional(metadata) }),
      ),
      metadata: v.optional(metadata),
    },
    (fields) => {
      if (fields.mode !== 'subscription')
        throw invalidParam('mode', 'This stand-in emulates subscription mode only.');
      const [line] = fields.line_items;
      const price = line?.price as Price;
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
        customer: fields.customer?.id ?? null,
        customer_email: fields.customer_email ?? null,
        customer_details: null,
        client_reference_id: fields.client_reference_id ?? null,
        subscription: null,
        invoice: null,
        payment_intent: null,
        currency: 'usd',
        amount_subtotal: price.unit_amount,
        amount_total: price.unit_amount,
        metadata: withMetadata({}, fields.metadata),
        subscription_data: {
          ...fields.subscription_data,
          metadata: withMetadata({}, fields.subscription_data?.metadata),
        },
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
    },
  );
  readable(
    'checkout.session',
    'checkout/sessions',
    {
      customer: v.optional(text),
      subscription: v.optional(text),
      status: v.optional(oneOf(['complete', 'expired', 'open'])),
    },
    (session: CheckoutSession, fields) =>
      matches(fields.customer, session.customer) &&
      matches(fields.subscription, session.subscription) &&
      matches(fields.status, session.status),
  );
  route('POST', '/v1/checkout/sessions/:id/expire', {}, (_fields, id) => {
    const session = store.get<CheckoutSession>('checkout.session', id);
    if (session.status !== 'open') throw invalidParam('session', 'Only open sessions can be expired.');
    session.status = 'expired';
    session.url = null;
    store.changed();
    ctx.events.publish('checkout.session.expired', session);
    return session;
  });

  // Customer portal.
  route(
    'POST',
    '/v1/billing_portal/sessions',
    { customer: customerRef, return_url: v.optional(url) },
    (fields) => {
      const id = newId('bps');
      return store.insert('billing_portal.session', {
        id,
        object: 'billing_portal.session',
        created: nowSeconds(),
        customer: fields.customer.id,
        return_url: fields.return_url ?? null,
        url: `${ctx.config.publicUrl}/portal/${id}`,
        configuration: 'bpc_emulator',
        flow: null,
        locale: null,
        on_behalf_of: null,
        livemode: false,
      });
    },
  );

  registerSubscriptionRoutes(ctx, router);
  registerUnknownV1Paths(app);
}
