import { describe, expect, it } from 'vitest';
import {
  billingIntervalOf,
  billingPlanLabel,
  billingTrialEnd,
  managePaymentLabel,
  nextBillingAt,
  webhookEventWords,
} from './billing';

describe('billingTrialEnd [product: DATA-12]', () => {
  it.each([
    [{ trial_ends_at: 'A', trial_end: 'B', subscription: { trial_end: 'C' } }, 'A'],
    [{ trial_end: 'B', subscription: { trial_end: 'C' } }, 'B'],
    [{ trial_ends_at: null, subscription: { trial_end: 'C' } }, 'C'],
    [{}, null],
  ])('%j -> %s', (info, end) => {
    expect(billingTrialEnd(info)).toBe(end);
  });
});

describe('nextBillingAt [product: DATA-12]', () => {
  it.each([
    [{ nextBillingDate: 'A', next_billing_at: 'B', subscription: { current_period_end: 3 } }, 'A'],
    [{ next_billing_at: 'B' }, 'B'],
    [{ subscription: { current_period_end: 3 } }, 3],
    [{ subscription: null }, null],
  ])('%j -> %s', (info, when) => {
    expect(nextBillingAt(info)).toBe(when);
  });
});

describe('billingPlanLabel [product: DATA-12, DATA-3]', () => {
  it.each([
    [{ subscription: { plan_label: 'Starter' }, limits: { plan_label: 'Business' } }, 'Starter'],
    [{ subscription: { plan_label: ' ' }, limits: { plan_label: 'Business' } }, 'Business'],
    [{}, "Founders' Tier"],
  ])('%j -> %s', (info, label) => {
    expect(billingPlanLabel(info)).toBe(label);
  });
});

describe('billingIntervalOf [product: DATA-12]', () => {
  it.each([
    [{ subscription: { billing_interval: 'yearly', interval: 'month' } }, 'yearly'],
    [{ subscription: { interval: 'month' }, limits: { billing_interval: 'yearly' } }, 'month'],
    [{ limits: { billing_interval: 'yearly' } }, 'yearly'],
    [{}, null],
  ])('%j -> %s', (info, interval) => {
    expect(billingIntervalOf(info)).toBe(interval);
  });
});

describe('managePaymentLabel [product: BILL-4]', () => {
  it.each([
    [{ payment_required: true, has_default_payment_method: false }, 'Add Payment Method'],
    [{ payment_required: true }, 'Add Payment Method'],
    [{ payment_required: true, has_default_payment_method: true }, 'Manage Payment'],
    [{ payment_required: false, has_default_payment_method: false }, 'Manage Payment'],
  ])('%j -> %s', (info, label) => {
    expect(managePaymentLabel(info)).toBe(label);
  });
});

describe('webhookEventWords [product: BILL-20]', () => {
  it.each([
    ['invoice.payment_failed', 'Payment failed'],
    ['customer.subscription.created', 'Subscription started'],
    ['invoice.paid', 'Payment received'],
    ['payment_intent.succeeded', 'Payment intent succeeded'],
    [null, null],
  ])('%s reads %s', (type, words) => {
    expect(webhookEventWords(type)).toBe(words);
  });
});
