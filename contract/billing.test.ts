import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  billingInfoSchema,
  cancelRequestSchema,
  cancelResponseSchema,
  changePlanRequestSchema,
  checkoutSessionRequestSchema,
  invoiceSchema,
  portalRequestSchema,
  portalResponseSchema,
  portalUrl,
  syncRequestSchema,
  syncResponseSchema,
  trialResponseSchema,
  webhookHealthSchema,
} from './billing';
import { fieldErrors, parseOrThrow } from './validation';

const invoice = {
  id: 'in_1',
  number: 'A-0001',
  created: 1767571200,
  amount_paid: 1900,
  status: 'paid',
  invoice_pdf: 'https://pay.example/in_1.pdf',
};

describe('billingInfoSchema', () => {
  it('parses a full answer and keeps fields it does not know', () => {
    const raw = {
      subscription: {
        plan: 'pro',
        plan_label: "Founders' Tier",
        interval: 'month',
        billing_interval: 'monthly',
        status: 'trialing',
        cancel_at_period_end: false,
        current_period_end: 1767571200,
        trial_end: 1767571200,
        stripe_extra: 'kept',
      },
      customerId: 'cus_1',
      trial_ends_at: '2026-01-19T00:00:00Z',
      nextBillingDate: '2026-02-05T00:00:00Z',
      payment_required: false,
      has_default_payment_method: true,
      limits: { plan_label: "Founders' Tier", billing_interval: 'monthly', devices: 100 },
      invoices: [invoice],
      portal_enabled: true,
    };
    expect(v.parse(billingInfoSchema, raw)).toEqual(raw);
  });

  it('reads an empty answer as no subscription, nothing required and no invoices', () => {
    expect(v.parse(billingInfoSchema, {})).toEqual({
      payment_required: false,
      has_default_payment_method: false,
      invoices: [],
    });
  });

  it('accepts the alternative date spellings and null subscription', () => {
    const parsed = v.parse(billingInfoSchema, {
      subscription: null,
      trial_end: 1767571200,
      next_billing_at: 1767571200000,
    });
    expect(parsed).toMatchObject({
      subscription: null,
      trial_end: 1767571200,
      next_billing_at: 1767571200000,
    });
  });

  it('names the wrongly typed fields, down to the invoice', () => {
    expect(() =>
      parseOrThrow(
        billingInfoSchema,
        { payment_required: 'yes', invoices: [{ ...invoice, created: 'today' }] },
        'billing info',
      ),
    ).toThrow(
      'Invalid billing info:\npayment_required: payment_required must be true or false.\ninvoices.0.created: Invoice created must be an epoch number.',
    );
  });
});

describe('invoiceSchema', () => {
  it.each([
    ['amount_paid and invoice_pdf', invoice],
    [
      'amount_due and hosted_invoice_url',
      { id: 'in_2', created: 1767571200, amount_due: 5900, hosted_invoice_url: 'https://x' },
    ],
  ])('accepts an invoice with %s', (_label, raw) => {
    expect(v.parse(invoiceSchema, raw)).toEqual(raw);
  });

  it('requires an id', () => {
    const result = v.safeParse(invoiceSchema, { created: 1 });
    expect(fieldErrors(result.issues!)).toEqual({ id: ['id is required.'] });
  });
});

describe('webhookHealthSchema', () => {
  it('parses a health answer; one without a scope is about the account', () => {
    const raw = {
      ok: true,
      scope: 'system',
      last_event_id: 'evt_1',
      last_event_type: 'invoice.paid',
      last_received_at: '2026-01-05T00:00:00Z',
      message: 'ok',
    };
    expect(v.parse(webhookHealthSchema, raw)).toEqual(raw);
    expect(v.parse(webhookHealthSchema, { ok: false }).scope).toBe('account');
  });

  it('requires ok to be a boolean', () => {
    expect(fieldErrors(v.safeParse(webhookHealthSchema, { ok: 'yes' }).issues!)).toEqual({
      ok: ['ok must be true or false.'],
    });
  });
});

describe('cancelRequestSchema', () => {
  it('defaults to reason unused, no comment, cancel at period end', () => {
    expect(v.parse(cancelRequestSchema, {})).toEqual({ reason: 'unused', comment: '', cancelNow: false });
  });

  it.each(['unused', 'too_expensive', 'missing_features', 'switched_service', 'other'])(
    'accepts reason %s',
    (reason) => {
      expect(v.parse(cancelRequestSchema, { reason }).reason).toBe(reason);
    },
  );

  it.each([
    [
      'an unknown reason',
      { reason: 'bored' },
      {
        reason: ['Reason must be one of: unused, too_expensive, missing_features, switched_service, other.'],
      },
    ],
    [
      'a 301-character comment',
      { comment: 'x'.repeat(301) },
      { comment: ['Comment must be at most 300 characters.'] },
    ],
    ['a string cancelNow', { cancelNow: 'true' }, { cancelNow: ['cancelNow must be true or false.'] }],
  ])('rejects %s', (_label, body, errors) => {
    expect(fieldErrors(v.safeParse(cancelRequestSchema, body).issues!)).toEqual(errors);
  });

  it('accepts a comment of exactly 300 characters', () => {
    expect(v.parse(cancelRequestSchema, { comment: 'x'.repeat(300) }).comment).toHaveLength(300);
  });
});

describe('cancelResponseSchema', () => {
  it.each([
    { canceled: true },
    { alreadyCanceled: true },
    { alreadyScheduled: true },
    { canceledImmediately: true },
    { error: 'Nope' },
  ])('reads %j', (raw) => {
    expect(v.parse(cancelResponseSchema, raw)).toEqual(raw);
  });
});

describe('checkout and change-plan requests', () => {
  it.each(['starter_monthly', 'pro_yearly', 'business_monthly'])('accept plan name %s', (planName) => {
    expect(v.parse(checkoutSessionRequestSchema, { planName })).toEqual({ planName });
    expect(v.parse(changePlanRequestSchema, { planName })).toEqual({ planName });
  });

  it.each(['pro_annual', 'gold_monthly', 'pro', ''])('reject plan name %j', (planName) => {
    expect(fieldErrors(v.safeParse(checkoutSessionRequestSchema, { planName }).issues!)).toEqual({
      planName: ['Plan name must be starter, pro or business followed by _monthly or _yearly.'],
    });
  });

  it('refuses any other field, naming it', () => {
    expect(
      fieldErrors(
        v.safeParse(checkoutSessionRequestSchema, { planName: 'pro_monthly', coupon: 'X' }).issues!,
      ),
    ).toEqual({ coupon: ['coupon is not a field of the checkout session request.'] });
  });
});

describe('portal', () => {
  it('accepts a request with or without a return address', () => {
    expect(v.parse(portalRequestSchema, {})).toEqual({});
    expect(v.parse(portalRequestSchema, { return_url: 'http://localhost:3000/Billing' })).toEqual({
      return_url: 'http://localhost:3000/Billing',
    });
  });

  it('rejects a return address that is not a URL', () => {
    expect(fieldErrors(v.safeParse(portalRequestSchema, { return_url: '/Billing' }).issues!)).toEqual({
      return_url: ['return_url must be a full URL.'],
    });
  });

  it.each([
    [{ url: 'https://a' }, 'https://a'],
    [{ location: 'https://b' }, 'https://b'],
    [{ session_url: 'https://c' }, 'https://c'],
    [{ url: '', location: 'https://b' }, 'https://b'],
    [{}, null],
  ])('finds the portal address in %j', (raw, expected) => {
    expect(portalUrl(v.parse(portalResponseSchema, raw))).toBe(expected);
  });
});

describe('sync and trial', () => {
  it('sync request takes an optional session id', () => {
    expect(v.parse(syncRequestSchema, {})).toEqual({});
    expect(v.parse(syncRequestSchema, { sessionId: ' cs_test_1 ' })).toEqual({ sessionId: 'cs_test_1' });
  });

  it('sync answer carries the subscription, or null', () => {
    expect(v.parse(syncResponseSchema, { subscription: { status: 'active' } })).toEqual({
      subscription: { status: 'active' },
    });
    expect(v.parse(syncResponseSchema, { subscription: null })).toEqual({ subscription: null });
  });

  it('trial answer carries the trial end, which may be null, and the subscription status (null when an older server leaves it out)', () => {
    expect(
      v.parse(trialResponseSchema, {
        trial_ends_at: '2026-01-19T00:00:00Z',
        subscription_status: 'trialing',
      }),
    ).toEqual({ trial_ends_at: '2026-01-19T00:00:00Z', subscription_status: 'trialing' });
    expect(v.parse(trialResponseSchema, { trial_ends_at: null })).toEqual({
      trial_ends_at: null,
      subscription_status: null,
    });
  });
});
