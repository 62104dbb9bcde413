/**
 * Invoice amounts arrive in cents [product: LIMIT-5] and are shown as dollars with cents: 1900 -> `$19.00`.
 * Whole cents are written out, as Intl.NumberFormat's en-US dollars read: building that formatter loads the locale's
 * data, which took 90 ms of a signed-in page's start at 4x CPU slowdown when it was built as this module loaded
 * (docs/bench.md). Anything else (a fraction of a cent, -0, not a number) goes to the formatter, made on first use.
 */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || Object.is(cents, -0)) return usdWithCents().format(cents / 100);
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

let formatter: Intl.NumberFormat | undefined;
const usdWithCents = () =>
  (formatter ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

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
