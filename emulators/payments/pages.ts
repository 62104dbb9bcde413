import { escapeHtml } from '../shared/html';
import type { Invoice, Price } from './objects';

// Pieces shared by the hosted pages: money, dates and the card form (labels as Stripe's hosted pages show them).

export const formatMoney = (cents: number, currency = 'usd') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export const formatDate = (seconds: number | null) =>
  seconds === null
    ? '—'
    : new Date(seconds * 1000).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });

export const priceLabel = (price: Price) =>
  `${escapeHtml(price.nickname ?? price.id)} — ${formatMoney(price.unit_amount, price.currency)} / ${price.recurring.interval}`;

/** The card inputs; `values` refills them after an error (never the number or CVC). */
export function cardFields(values: { name?: string; expiry?: string } = {}): string {
  return `<label for="card-number">Card number</label>
<input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<label for="card-expiry">Expiry</label>
<input id="card-expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" value="${escapeHtml(values.expiry ?? '')}" required>
<label for="card-cvc">CVC</label>
<input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required>
<label for="card-name">Name on card</label>
<input id="card-name" name="name" autocomplete="cc-name" value="${escapeHtml(values.name ?? '')}" required>`;
}

export const TEST_MODE_NOTICE = `<p class="notice">Local payment stand-in (test mode). Use card 4242 4242 4242 4242 with any future
expiry and any CVC; 4000 0000 0000 0002 is declined.</p>`;

export function invoiceRows(invoices: Invoice[]): string {
  if (invoices.length === 0) return '<p>No invoices yet.</p>';
  const rows = invoices
    .map(
      (invoice) => `<tr><td>${escapeHtml(invoice.number)}</td><td>${formatDate(invoice.created)}</td>
<td>${formatMoney(invoice.total)}</td><td>${escapeHtml(invoice.status)}</td>
<td><a href="${escapeHtml(invoice.hosted_invoice_url)}">View</a> · <a href="${escapeHtml(invoice.invoice_pdf)}">PDF</a></td></tr>`,
    )
    .join('\n');
  return `<table><thead><tr><th>Invoice</th><th>Date</th><th>Amount</th><th>Status</th><th>Links</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}
