/** Invoice amounts arrive in cents [product: LIMIT-5] and are shown as dollars with cents: 1900 -> `$19.00`. */

const usdWithCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCents(cents: number): string {
  return usdWithCents.format(cents / 100);
}

type InvoiceLike = {
  amount_paid?: number | null;
  amount_due?: number | null;
  invoice_pdf?: string | null;
  hosted_invoice_url?: string | null;
};

/** The amount an invoice row shows: what was paid, else what is due; null when the invoice carries neither. */
export function invoiceAmountCents(invoice: InvoiceLike): number | null {
  return invoice.amount_paid ?? invoice.amount_due ?? null;
}

/** The invoice row's link: the PDF, else the hosted page; null when there is none. */
export function invoiceLink(invoice: InvoiceLike): string | null {
  return invoice.invoice_pdf || invoice.hosted_invoice_url || null;
}
