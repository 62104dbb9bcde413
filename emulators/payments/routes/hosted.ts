import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { escapeHtml, renderPage } from '../../shared/html';
import { type CardInput, cardFromInput } from '../cards';
import { checkoutPrice, completeCheckout, successRedirect } from '../checkout';
import type { PaymentsContext } from '../context';
import { StripeApiError } from '../errors';
import { decodeQueryString } from '../form';
import type { CheckoutSession, Customer, Invoice, PaymentMethod, Price, Subscription } from '../objects';
import { cardFields, formatDate, formatMoney, invoiceRows, priceLabel, TEST_MODE_NOTICE } from '../pages';
import { pdfDocument } from '../pdf';

// The pages Stripe hosts on its own domain, served here: Checkout (pay for a subscription), the customer portal
// (switch plan, cancel, resume, update the card) and invoices (HTML and PDF). Plain forms, no script.

const cardInputSchema = v.object({
  number: v.optional(v.string(), ''),
  expiry: v.optional(v.string(), ''),
  cvc: v.optional(v.string(), ''),
  name: v.optional(v.string(), ''),
});

const html = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(renderPage({ title, body }));

const formOf = (body: unknown) => decodeQueryString(typeof body === 'string' ? body : '');

export function registerHostedPages(app: FastifyInstance, ctx: PaymentsContext): void {
  const { store, billing } = ctx;

  // Checkout.
  const checkoutPage = (session: CheckoutSession, error?: string, values?: CardInput) => {
    const price = checkoutPrice(ctx, session);
    const trialDays = (session as { subscription_data?: { trial_period_days?: number } }).subscription_data
      ?.trial_period_days;
    const email = session.customer
      ? store.find<Customer>('customer', session.customer)?.email
      : session.customer_email;
    return `<h1>Subscribe to ${priceLabel(price)}</h1>
${TEST_MODE_NOTICE}
${email ? `<p>Paying as <strong>${escapeHtml(email)}</strong></p>` : ''}
${trialDays ? `<p>${trialDays}-day free trial, then ${formatMoney(price.unit_amount)} per ${price.recurring.interval}.</p>` : `<p>Due today: <strong>${formatMoney(price.unit_amount)}</strong></p>`}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}">
${cardFields(values)}
<button type="submit">Subscribe</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and return</a></p>` : ''}`;
  };

  app.get('/checkout/:id', async (request, reply) => {
    const session = store.find<CheckoutSession>('checkout.session', (request.params as { id: string }).id);
    if (!session) return html(reply, 404, 'Checkout', '<h1>This checkout page does not exist.</h1>');
    if (session.status !== 'open') {
      return html(reply, 410, 'Checkout', '<h1>This Checkout Session is no longer active.</h1>');
    }
    return html(reply, 200, 'Checkout', checkoutPage(session));
  });

  app.post('/checkout/:id', async (request, reply) => {
    const session = store.find<CheckoutSession>('checkout.session', (request.params as { id: string }).id);
    if (session?.status !== 'open') {
      return html(reply, 410, 'Checkout', '<h1>This Checkout Session is no longer active.</h1>');
    }
    const input = v.parse(cardInputSchema, formOf(request.body));
    try {
      completeCheckout(ctx, session, input);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return html(reply, error.statusCode, 'Checkout', checkoutPage(session, error.message, input));
    }
    return reply.redirect(successRedirect(session), 303);
  });

  // Customer portal.
  type PortalSession = {
    id: string;
    object: string;
    created: number;
    customer: string;
    return_url: string | null;
  };
  const portalOf = (id: string) => store.find<PortalSession>('billing_portal.session', id);
  const NOTICES: Record<string, string> = {
    switched: 'Your plan was changed.',
    scheduled: 'Your subscription will be canceled at the end of the billing period.',
    canceled: 'Your subscription was canceled.',
    resumed: 'Your subscription was resumed.',
    card: 'Your card was updated.',
  };

  const portalPage = (portal: PortalSession, notice?: string, error?: string) => {
    const customer = store.get<Customer>('customer', portal.customer);
    const subscriptions = store
      .all<Subscription>('subscription')
      .filter((subscription) => subscription.customer === customer.id)
      .reverse();
    const methodId = customer.invoice_settings.default_payment_method;
    const method = methodId ? store.find<PaymentMethod>('payment_method', methodId) : undefined;
    const prices = store.all<Price>('price').filter((price) => price.active);
    const invoices = store
      .all<Invoice>('invoice')
      .filter((invoice) => invoice.customer === customer.id)
      .reverse();
    const action = (subscription: Subscription, path: string, label: string) =>
      `<form method="post" action="/portal/${escapeHtml(portal.id)}/subscriptions/${escapeHtml(subscription.id)}/${path}" style="display:inline"><button type="submit">${label}</button></form>`;
    const subscriptionBlock = (subscription: Subscription) => {
      const item = subscription.items.data[0];
      const live = subscription.status !== 'canceled';
      const options = prices
        .map(
          (price) =>
            `<option value="${escapeHtml(price.id)}"${price.id === item?.price.id ? ' selected' : ''}>${priceLabel(price)}</option>`,
        )
        .join('');
      return `<section aria-label="Subscription ${escapeHtml(subscription.id)}">
<h2>${item ? priceLabel(item.price) : escapeHtml(subscription.id)}</h2>
<p>Status: <strong>${escapeHtml(subscription.status)}</strong>${subscription.trial_end && subscription.status === 'trialing' ? ` · trial ends ${formatDate(subscription.trial_end)}` : ''}</p>
${live ? `<p>${subscription.cancel_at_period_end ? `Cancels on ${formatDate(subscription.cancel_at)}` : `Renews on ${formatDate(item?.current_period_end ?? null)}`}</p>` : `<p>Canceled on ${formatDate(subscription.ended_at)}</p>`}
${
  live
    ? `<form method="post" action="/portal/${escapeHtml(portal.id)}/subscriptions/${escapeHtml(subscription.id)}/switch">
<label for="price-${escapeHtml(subscription.id)}">Plan</label>
<select id="price-${escapeHtml(subscription.id)}" name="price">${options}</select>
<button type="submit">Switch plan</button></form>
${subscription.cancel_at_period_end ? action(subscription, 'resume', 'Resume subscription') : action(subscription, 'cancel-at-period-end', 'Cancel at period end')}
${action(subscription, 'cancel-now', 'Cancel now')}`
    : ''
}
</section>`;
    };
    return `<h1>Billing for ${escapeHtml(customer.email ?? customer.id)}</h1>
${TEST_MODE_NOTICE}
${notice && NOTICES[notice] ? `<p class="notice" role="status">${NOTICES[notice]}</p>` : ''}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${subscriptions.length > 0 ? subscriptions.map(subscriptionBlock).join('\n') : '<p>No subscriptions.</p>'}
<h2>Payment method</h2>
<p>${method ? `${escapeHtml(method.card.brand)} ending in ${escapeHtml(method.card.last4)}, expires ${method.card.exp_month}/${method.card.exp_year}` : 'No card on file.'}</p>
<form method="post" action="/portal/${escapeHtml(portal.id)}/card">
${cardFields()}
<button type="submit">${method ? 'Update card' : 'Add card'}</button>
</form>
<h2>Invoices</h2>
${invoiceRows(invoices)}
${portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Beacon RMM</a></p>` : ''}`;
  };

  app.get('/portal/:id', async (request, reply) => {
    const portal = portalOf((request.params as { id: string }).id);
    if (!portal) return html(reply, 404, 'Billing portal', '<h1>This portal session does not exist.</h1>');
    const { done } = request.query as { done?: string };
    return html(reply, 200, 'Billing portal', portalPage(portal, done));
  });

  app.post('/portal/:id/subscriptions/:subscription/:action', async (request, reply) => {
    const params = request.params as { id: string; subscription: string; action: string };
    const portal = portalOf(params.id);
    const subscription = store.find<Subscription>('subscription', params.subscription);
    // A portal session acts on its own customer's subscriptions only.
    if (!portal || !subscription || subscription.customer !== portal.customer) {
      return html(
        reply,
        404,
        'Billing portal',
        '<h1>This subscription is not part of this portal session.</h1>',
      );
    }
    const form = formOf(request.body);
    try {
      let done: string;
      if (params.action === 'switch') {
        billing.update(subscription, {
          price: store.get<Price>('price', String(form.price ?? ''), 'price'),
          prorationBehavior: 'create_prorations',
        });
        done = 'switched';
      } else if (params.action === 'cancel-at-period-end') {
        billing.update(subscription, { cancelAtPeriodEnd: true });
        done = 'scheduled';
      } else if (params.action === 'resume') {
        billing.update(subscription, { cancelAtPeriodEnd: false });
        done = 'resumed';
      } else if (params.action === 'cancel-now') {
        billing.cancel(subscription);
        done = 'canceled';
      } else {
        return html(reply, 404, 'Billing portal', '<h1>Unknown action.</h1>');
      }
      return reply.redirect(`/portal/${portal.id}?done=${done}`, 303);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return html(reply, error.statusCode, 'Billing portal', portalPage(portal, undefined, error.message));
    }
  });

  app.post('/portal/:id/card', async (request, reply) => {
    const portal = portalOf((request.params as { id: string }).id);
    if (!portal) return html(reply, 404, 'Billing portal', '<h1>This portal session does not exist.</h1>');
    const input = v.parse(cardInputSchema, formOf(request.body));
    try {
      const customer = store.get<Customer>('customer', portal.customer);
      billing.attachCard(customer, cardFromInput(input), input.name.trim() || null);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return html(reply, error.statusCode, 'Billing portal', portalPage(portal, undefined, error.message));
    }
    return reply.redirect(`/portal/${portal.id}?done=card`, 303);
  });

  // Invoices: the hosted page and the PDF.
  app.get('/invoices/:id', async (request, reply) => {
    const invoice = store.find<Invoice>('invoice', (request.params as { id: string }).id);
    if (!invoice) return html(reply, 404, 'Invoice', '<h1>This invoice does not exist.</h1>');
    const customer = store.find<Customer>('customer', invoice.customer);
    return html(
      reply,
      200,
      `Invoice ${invoice.number}`,
      `<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>Billed to ${escapeHtml(customer?.email ?? invoice.customer)} on ${formatDate(invoice.created)}</p>
<p>Period ${formatDate(invoice.period_start)} – ${formatDate(invoice.period_end)}</p>
<p>Amount: <strong>${formatMoney(invoice.total)}</strong> · Status: <strong>${escapeHtml(invoice.status)}</strong></p>
<p><a href="${escapeHtml(invoice.invoice_pdf)}">Download PDF</a></p>`,
    );
  });

  app.get('/invoices/:id/pdf', async (request, reply) => {
    const invoice = store.find<Invoice>('invoice', (request.params as { id: string }).id);
    if (!invoice) return reply.code(404).type('text/plain').send('No such invoice');
    const customer = store.find<Customer>('customer', invoice.customer);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
      .send(
        pdfDocument([
          `Invoice ${invoice.number}`,
          `Billed to ${customer?.email ?? invoice.customer}`,
          `Date ${formatDate(invoice.created)}`,
          `Amount ${formatMoney(invoice.total)} (${invoice.status})`,
        ]),
      );
  });
}
