import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import { HttpError } from '../../lib/http-errors';
import type { CustomerValues, InvoiceValues, SubscriptionValues } from './repository';

// The official `stripe` SDK, pointed at Stripe or, locally, at the payments stand-in (host/port/protocol), and the
// mapping of its objects onto our cached rows.

/** How a client waits: the SDK's timeout per attempt and how many times it retries (same idempotency key). */
export type ProviderPatience = { timeoutMs: number; retries: number };

/** A customer's request: a few retries are worth a longer wait (idempotency keys make them safe). */
export const REQUEST_PATIENCE: ProviderPatience = { timeoutMs: 10_000, retries: 2 };

/**
 * A webhook's re-reads: one short attempt. The provider redelivers an event that failed, so waiting longer (up to
 * ~30 s with the SDK's retries) would only hold the delivery (and the provider's connection) open for nothing.
 */
export const WEBHOOK_PATIENCE: ProviderPatience = { timeoutMs: 5_000, retries: 0 };

export function createStripeClient(config: StripeConfig, patience = REQUEST_PATIENCE): Stripe {
  const api = config.apiUrl;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: patience.retries,
    timeout: patience.timeoutMs,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const dateOf = (seconds: number | null | undefined): Date | null =>
  seconds == null ? null : new Date(seconds * 1000);

export function customerValues(customer: Stripe.Customer, readAt: Date): CustomerValues | null {
  if (!customer.email) return null;
  return {
    readAt,
    customerId: customer.id,
    email: customer.email.toLowerCase(),
    hasDefaultPaymentMethod: idOf(customer.invoice_settings?.default_payment_method) !== null,
  };
}

/** `readAt`: when the provider was asked (see the cache's "newer than stored" rule in repository.ts). */
export function subscriptionValues(subscription: Stripe.Subscription, readAt: Date): SubscriptionValues {
  const item = subscription.items.data[0];
  return {
    readAt,
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    priceId: item?.price.id ?? null,
    lookupKey: item?.price.lookup_key ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: dateOf(subscription.cancel_at),
    currentPeriodEnd: dateOf(item?.current_period_end),
    trialEnd: dateOf(subscription.trial_end),
    hasPaymentMethod: idOf(subscription.default_payment_method) !== null,
    providerCreated: new Date(subscription.created * 1000),
  };
}

export function invoiceValues(invoice: Stripe.Invoice, readAt: Date): InvoiceValues | null {
  const customerId = idOf(invoice.customer);
  if (!invoice.id || !customerId) return null;
  return {
    readAt,
    invoiceId: invoice.id,
    customerId,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    number: invoice.number,
    status: invoice.status,
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    providerCreated: new Date(invoice.created * 1000),
  };
}

export { idOf };

/**
 * Stripe's "no such object": code `resource_missing`, whatever the status. Stripe answers 404 for an id in the URL
 * of most objects, but 400 for a Checkout Session's and for an id in a parameter (docs/emulators.md).
 */
export const isResourceMissing = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'resource_missing';

/** A provider call that failed: 502 payment_provider_error to our caller, the provider's own error as `cause`. */
export class ProviderError extends HttpError {
  constructor(cause: unknown) {
    super(502, 'payment_provider_error', 'The payment provider could not be reached.');
    this.cause = cause;
  }
}

export type ProviderCall = <T>(run: () => Promise<T>) => Promise<T>;

/** Runs provider calls so that a failure is logged with the provider's message and becomes a ProviderError. */
export function providerCall(log: FastifyBaseLogger): ProviderCall {
  return async (run) => {
    try {
      return await run();
    } catch (error) {
      log.warn({ err: error }, 'payment provider call failed');
      throw new ProviderError(error);
    }
  };
}
