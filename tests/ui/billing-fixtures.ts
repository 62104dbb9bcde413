import * as v from 'valibot';
import { type BillingInfo, billingInfoSchema } from '../../contract/billing';
import { ApiError } from '../../src/services/api/client';

/** Billing info as the server sends it, parsed by the contract: an active Professional monthly plan by default. */
export function billingInfo(overrides: Record<string, unknown> = {}): BillingInfo {
  return v.parse(billingInfoSchema, {
    subscription: {
      id: 'sub_1',
      plan: 'pro',
      plan_label: "Founders' Tier",
      interval: 'monthly',
      billing_interval: 'monthly',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      current_period_end: '2026-12-20T00:00:00.000Z',
      trial_end: null,
    },
    customerId: 'cus_1',
    nextBillingDate: '2026-12-20T00:00:00.000Z',
    payment_required: false,
    has_default_payment_method: true,
    invoices: [
      {
        id: 'in_2',
        number: 'INV-0002',
        created: 1_763_640_000,
        amount_paid: 5900,
        amount_due: 5900,
        currency: 'usd',
        status: 'paid',
        invoice_pdf: 'https://pay.example/invoices/in_2/pdf',
        hosted_invoice_url: 'https://pay.example/invoices/in_2',
      },
      {
        id: 'in_1',
        number: 'INV-0001',
        created: 1_761_048_000,
        amount_paid: null,
        amount_due: 1900,
        currency: 'usd',
        status: 'open',
        invoice_pdf: null,
        hosted_invoice_url: 'https://pay.example/invoices/in_1',
      },
    ],
    ...overrides,
  });
}

export const scheduledToCancel = (): BillingInfo =>
  billingInfo({
    subscription: {
      ...billingInfo().subscription,
      cancel_at_period_end: true,
      cancel_at: '2026-12-20T00:00:00.000Z',
    },
    nextBillingDate: null,
  });

export const noSubscription = (): BillingInfo =>
  billingInfo({ subscription: null, nextBillingDate: null, invoices: [] });

export const trialEnded = (): BillingInfo =>
  billingInfo({
    subscription: { ...billingInfo().subscription, status: 'past_due' },
    payment_required: true,
    has_default_payment_method: false,
  });

/** The server's answer over a billing limit (429), as the API client raises it [product: MSG-BILL-7]. */
export const TOO_MANY_TEXT = 'Too many requests. Please try again in 42 seconds.';
export const tooManyRequests = new ApiError(TOO_MANY_TEXT, 429, {
  message: TOO_MANY_TEXT,
  code: 'rate_limited',
});

/** What a billing flow says when an action failed with `error`: the limit's own words, or the flow's text. */
export const failureTextOf = (error: unknown, text: string) =>
  error === tooManyRequests ? TOO_MANY_TEXT : text;
