import { TEST_CARDS } from './cards';
import type { EventBus } from './events';
import type { Charge, Customer, Invoice, PaymentIntent, PaymentMethod, Subscription } from './objects';
import { newId, nowSeconds, type PaymentsStore } from './store';

// Invoices of subscriptions and their payment: an invoice is finalized at once and charged to the subscription's
// or the customer's default card, which leaves a payment intent, a charge and an invoice payment behind.

export class Invoicing {
  constructor(
    private readonly store: PaymentsStore,
    private readonly events: EventBus,
    private readonly publicUrl: () => string,
  ) {}

  createInvoice(subscription: Subscription, amount: number, reason: Invoice['billing_reason']): Invoice {
    const id = newId('in');
    const item = subscription.items.data[0];
    const now = nowSeconds();
    const base = this.publicUrl();
    const invoice: Invoice = {
      id,
      object: 'invoice',
      created: now,
      customer: subscription.customer,
      status: 'open',
      currency: 'usd',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      total: amount,
      subtotal: amount,
      number: this.store.nextInvoiceNumber(),
      hosted_invoice_url: `${base}/invoices/${id}`,
      invoice_pdf: `${base}/invoices/${id}/pdf`,
      period_start: item?.current_period_start ?? now,
      period_end: item?.current_period_end ?? now,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: {} },
        quote_details: null,
      },
      lines: {
        object: 'list',
        url: `/v1/invoices/${id}/lines`,
        has_more: false,
        data: item
          ? [
              {
                id: newId('il'),
                object: 'line_item',
                amount,
                currency: 'usd',
                description: `1 × ${item.price.nickname}`,
                period: { start: item.current_period_start, end: item.current_period_end },
                pricing: { price_details: { price: item.price.id, product: item.price.product } },
              },
            ]
          : [],
      },
      attempt_count: 0,
      status_transitions: { finalized_at: now, paid_at: null },
      metadata: {},
      livemode: false,
    } as Invoice;
    subscription.latest_invoice = id;
    this.store.insert('invoice', invoice);
    this.events.publish('invoice.created', invoice);
    this.events.publish('invoice.finalized', invoice);
    return invoice;
  }

  /** Charges the invoice to the subscription's or the customer's default card; true when it is paid. */
  chargeInvoice(invoice: Invoice, subscription: Subscription, forceFail = false): boolean {
    invoice.attempt_count += 1;
    if (invoice.amount_due === 0) {
      this.markPaid(invoice);
      return true;
    }
    const customer = this.store.get<Customer>('customer', subscription.customer);
    const methodId = subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
    const method = methodId ? this.store.find<PaymentMethod>('payment_method', methodId) : undefined;
    if (!method) return false;
    const fails = forceFail || method.card.last4 === TEST_CARDS.chargeFails.slice(-4);
    const intent = this.store.insert<PaymentIntent>('payment_intent', {
      id: newId('pi'),
      object: 'payment_intent',
      created: nowSeconds(),
      amount: invoice.amount_due,
      amount_received: fails ? 0 : invoice.amount_due,
      currency: 'usd',
      customer: customer.id,
      status: fails ? 'requires_payment_method' : 'succeeded',
      latest_charge: null,
      payment_method: method.id,
      last_payment_error: fails ? { code: 'card_declined', message: 'Your card was declined.' } : null,
      metadata: {},
      livemode: false,
    });
    const charge = this.store.insert<Charge>('charge', {
      id: newId('ch'),
      object: 'charge',
      created: nowSeconds(),
      amount: invoice.amount_due,
      amount_refunded: 0,
      // Subscription payments are captured at once.
      captured: !fails,
      amount_captured: fails ? 0 : invoice.amount_due,
      refunded: false,
      paid: !fails,
      status: fails ? 'failed' : 'succeeded',
      currency: 'usd',
      customer: customer.id,
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details: { type: 'card', card: { brand: method.card.brand, last4: method.card.last4 } },
      failure_code: fails ? 'card_declined' : null,
      failure_message: fails ? 'Your card was declined.' : null,
      metadata: {},
      livemode: false,
    });
    intent.latest_charge = charge.id;
    this.store.insert('invoice_payment', {
      id: newId('inpay'),
      object: 'invoice_payment',
      created: nowSeconds(),
      invoice: invoice.id,
      amount_paid: fails ? null : invoice.amount_due,
      amount_requested: invoice.amount_due,
      currency: 'usd',
      is_default: true,
      status: fails ? 'open' : 'paid',
      payment: { type: 'payment_intent', payment_intent: intent.id },
      livemode: false,
    });
    this.events.publish(fails ? 'payment_intent.payment_failed' : 'payment_intent.succeeded', intent);
    if (!fails) {
      this.events.publish('charge.succeeded', charge);
      this.markPaid(invoice);
    }
    this.store.changed();
    return !fails;
  }

  private markPaid(invoice: Invoice): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = nowSeconds();
  }

  publishInvoiceOutcome(invoice: Invoice): void {
    if (invoice.status === 'paid') {
      this.events.publish('invoice.paid', invoice);
      this.events.publish('invoice.payment_succeeded', invoice);
    } else {
      this.events.publish('invoice.payment_failed', invoice);
    }
  }
}
