import { cardDeclined, invalidParam } from './errors';
import type { Card } from './objects';

// The card form of the hosted pages, checked as Stripe's would be, and the test card numbers that matter here.

/** Stripe's test cards that matter here. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Attaches fine, but every charge to it fails (for renewals that fail). */
  chargeFails: '4000000000000341',
} as const;

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Checks the card form; a declined card number answers Stripe's card_error. */
export function cardFromInput(input: CardInput): Card {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) throw invalidParam('number', 'Your card number is incomplete.');
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = Number(expiry?.[1]);
  const yearText = expiry?.[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!expiry || month < 1 || month > 12)
    throw invalidParam('exp_month', "Your card's expiry is incomplete.");
  const now = new Date();
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    throw invalidParam('exp_year', "Your card's expiration year is in the past.");
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim()))
    throw invalidParam('cvc', "Your card's security code is incomplete.");
  if (number === TEST_CARDS.declined) throw cardDeclined();
  return {
    brand: number.startsWith('4') ? 'visa' : 'mastercard',
    last4: number.slice(-4),
    exp_month: month,
    exp_year: year,
  };
}
