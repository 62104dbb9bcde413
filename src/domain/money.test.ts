import { describe, expect, it } from 'vitest';
import { formatCents, invoiceAmountCents, invoiceLink } from './money';

describe('formatCents [product: LIMIT-5]', () => {
  it.each([
    [1900, '$19.00'],
    [5900, '$59.00'],
    [18240, '$182.40'],
    [191040, '$1,910.40'],
    [0, '$0.00'],
    [5, '$0.05'],
    [-1900, '-$19.00'],
  ])('%i cents -> %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it("reads as Intl's en-US dollars for every amount, written out or not", () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [
      -0,
      -0.4,
      0.5,
      1.5,
      2.5,
      -2.5,
      1900.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 53,
      -(2 ** 53),
    ];
    for (let cents = -250_000; cents <= 250_000; cents += 1) amounts.push(cents);
    for (let cents = 1; cents < Number.MAX_SAFE_INTEGER / 7; cents = cents * 7 + 3)
      amounts.push(cents, -cents);
    // One assertion over the half million amounts: an expect() each took seconds on a slow machine.
    const misread = amounts
      .filter((cents) => formatCents(cents) !== intl.format(cents / 100))
      .map((cents) => `${cents}: ${formatCents(cents)}, not ${intl.format(cents / 100)}`);
    expect(misread).toEqual([]);
  });
});

describe('invoice rows [product: DATA-13, LIMIT-5]', () => {
  it.each([
    [{ amount_paid: 1900, amount_due: 5900 }, 1900],
    [{ amount_paid: 0, amount_due: 5900 }, 0],
    [{ amount_paid: null, amount_due: 5900 }, 5900],
    [{}, null],
  ])('amount of %j is %s', (invoice, cents) => {
    expect(invoiceAmountCents(invoice)).toBe(cents);
  });

  it.each([
    [{ invoice_pdf: 'https://a.pdf', hosted_invoice_url: 'https://b' }, 'https://a.pdf'],
    [{ invoice_pdf: null, hosted_invoice_url: 'https://b' }, 'https://b'],
    [{ invoice_pdf: '', hosted_invoice_url: '' }, null],
    [{}, null],
  ])('link of %j is %s', (invoice, link) => {
    expect(invoiceLink(invoice)).toBe(link);
  });
});
