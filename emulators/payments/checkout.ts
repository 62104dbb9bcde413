import { type CardInput, cardFromInput, TEST_CARDS } from './cards';
import type { PaymentsContext } from './context';
import { cardDeclined, invalidParam } from './errors';
import { type CheckoutSession, type Customer, newCustomer, type Price } from './objects';

// Paying on the hosted Checkout page: the card is checked first (a declined card changes nothing), then the
// customer, its card, the subscription and its first invoice are created, and the session completes.

export function checkoutPrice(ctx: PaymentsContext, session: CheckoutSession): Price {
  const items = ctx.store.find<{
    id: string;
    object: string;
    created: number;
    list: { data: Array<{ price: Price }> };
  }>('checkout_line_items', session.id);
  const price = items?.list.data[0]?.price;
  if (!price) throw invalidParam('line_items', 'This Checkout Session has no line items.');
  return price;
}

/** The address to send the buyer to: success_url with `{CHECKOUT_SESSION_ID}` filled in. */
export function successRedirect(session: CheckoutSession): string {
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

export function completeCheckout(
  ctx: PaymentsContext,
  session: CheckoutSession,
  input: CardInput,
): CheckoutSession {
  const { store, billing, events } = ctx;
  if (session.status !== 'open') throw invalidParam('session', 'This Checkout Session is no longer active.');
  const card = cardFromInput(input);
  const price = checkoutPrice(ctx, session);
  const data = (
    session as { subscription_data?: { trial_period_days?: number; metadata?: Record<string, string> } }
  ).subscription_data;
  // A card whose charges fail is declined here when the first period is due now, as Stripe's Checkout would.
  if (!data?.trial_period_days && card.last4 === TEST_CARDS.chargeFails.slice(-4)) throw cardDeclined();
  let customer = session.customer ? store.get<Customer>('customer', session.customer) : undefined;
  if (!customer) {
    customer = store.insert(
      'customer',
      newCustomer({ email: session.customer_email, name: input.name.trim() || null, metadata: {} }),
    );
    events.publish('customer.created', customer);
  }
  const method = billing.attachCard(customer, card, input.name.trim() || null);
  const subscription = billing.createSubscription({
    customer,
    price,
    trialDays: data?.trial_period_days,
    paymentMethod: method.id,
    metadata: data?.metadata,
  });
  session.status = 'complete';
  session.url = null;
  session.customer = customer.id;
  session.subscription = subscription.id;
  session.invoice = subscription.latest_invoice;
  session.payment_status = subscription.status === 'trialing' ? 'no_payment_required' : 'paid';
  (session as { customer_details?: unknown }).customer_details = {
    email: customer.email,
    name: input.name.trim() || null,
  };
  store.changed();
  events.publish('checkout.session.completed', session);
  return session;
}
