import { ANNUAL_DISCOUNT, PLAN_LIST } from '../../contract/plans';
import type { Billing } from './billing';
import {
  type Customer,
  newCustomer,
  newPaymentMethod,
  newPrice,
  type Price,
  type Subscription,
} from './objects';
import { nowSeconds, type PaymentsStore } from './store';

// The catalogue the product sells, as it would be set up in Stripe's dashboard: one product per plan, a monthly
// and a yearly price each, found by lookup key (`pro_monthly`). Annual = monthly x 12 x 0.8, rounded to dollars.
// Plus the demo customer of `npm start`: an active Professional monthly subscription with two paid invoices.

export const SEEDED_CUSTOMER_EMAIL = 'customer@example.com';
export const SEEDED_CUSTOMER_ID = 'cus_SeededDemoCustomer';

export function annualUsd(monthlyUsd: number): number {
  return Math.round(monthlyUsd * 12 * (1 - ANNUAL_DISCOUNT));
}

export function seedCatalogue(store: PaymentsStore): void {
  for (const plan of PLAN_LIST) {
    const product = `prod_${plan.id}`;
    store.insert('product', {
      id: product,
      object: 'product',
      created: nowSeconds(),
      name: plan.marketingName,
      active: true,
      description: plan.features.join(', '),
      metadata: { plan: plan.id },
      livemode: false,
    });
    const prices: Array<[string, number, 'month' | 'year']> = [
      ['monthly', plan.monthlyUsd, 'month'],
      ['yearly', annualUsd(plan.monthlyUsd), 'year'],
    ];
    for (const [suffix, usd, interval] of prices) {
      const lookupKey = `${plan.id}_${suffix}`;
      store.insert(
        'price',
        newPrice({
          id: `price_${lookupKey}`,
          product,
          unitAmount: usd * 100,
          interval,
          lookupKey,
          nickname: `${plan.marketingName} ${suffix}`,
        }),
      );
    }
  }
}

const DAY = 86_400;

/** The demo customer: subscribed 55 days ago, renewed 25 days ago, every invoice paid by card. */
export function seedDemoCustomer(store: PaymentsStore, billing: Billing): Subscription {
  const customer = store.insert<Customer>(
    'customer',
    newCustomer({
      id: SEEDED_CUSTOMER_ID,
      email: SEEDED_CUSTOMER_EMAIL,
      name: 'Casey Customer',
      metadata: {},
    }),
  );
  const card = store.insert(
    'payment_method',
    newPaymentMethod(
      { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      customer.id,
      'Casey Customer',
    ),
  );
  customer.invoice_settings.default_payment_method = card.id;
  const price = store.get<Price>('price', 'price_pro_monthly');
  const subscription = billing.createSubscription({
    customer,
    price,
    paymentMethod: card.id,
    start: nowSeconds() - 55 * DAY,
  });
  billing.renew(subscription);
  // Spread the invoices over the months they belong to, as if time had passed.
  const invoices = store.all<
    {
      id: string;
      created: number;
      period_start: number;
      period_end: number;
      status_transitions: { paid_at: number | null; finalized_at: number | null };
    } & { object: string }
  >('invoice');
  invoices.forEach((invoice, index) => {
    const at = nowSeconds() - (55 - index * 30) * DAY;
    invoice.created = at;
    invoice.period_start = at;
    invoice.period_end = at + 30 * DAY;
    invoice.status_transitions = { finalized_at: at, paid_at: at };
  });
  const item = subscription.items.data[0];
  if (item) {
    item.current_period_start = nowSeconds() - 25 * DAY;
    item.current_period_end = nowSeconds() + 5 * DAY;
  }
  store.changed();
  return subscription;
}
