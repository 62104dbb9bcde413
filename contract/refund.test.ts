import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { refundFormSchema, refundRequestFromForm, refundRequestSchema, refundResponseSchema } from './refund';
import { FORM_ERROR_KEY, fieldErrors } from './validation';

describe('refundRequestSchema', () => {
  it.each([
    ['a Checkout Session id', { sessionId: 'cs_test_123' }],
    ['a Payment Intent id', { paymentIntentId: 'pi_123' }],
    ['an id with notes', { paymentIntentId: 'pi_123', notes: 'Refunded by phone.' }],
    ['any other id as a payment intent [product: REFUND-9]', { paymentIntentId: 'ch_3Abc' }],
  ])('accepts %s', (_label, body) => {
    expect(v.parse(refundRequestSchema, body)).toEqual(body);
  });

  it.each([
    ['neither id', {}],
    ['both ids', { sessionId: 'cs_1', paymentIntentId: 'pi_1' }],
  ])('rejects %s: exactly one is required', (_label, body) => {
    expect(fieldErrors(v.safeParse(refundRequestSchema, body).issues!)).toEqual({
      [FORM_ERROR_KEY]: ['Send exactly one of sessionId (cs_...) or paymentIntentId (pi_...).'],
    });
  });

  it.each([
    ['a session id without cs_', { sessionId: 'pi_1' }, { sessionId: ['sessionId must start with cs_.'] }],
    [
      'a checkout session id sent as a payment intent',
      { paymentIntentId: 'cs_1' },
      {
        paymentIntentId: [
          'paymentIntentId must not be a Checkout Session id (cs_...); send it as sessionId.',
        ],
      },
    ],
    [
      'a bare prefix',
      { sessionId: 'cs_' },
      { sessionId: ['sessionId must have characters after its prefix.'] },
    ],
    [
      'a path in the id',
      { paymentIntentId: 'pi_1/../../customers' },
      { paymentIntentId: ['paymentIntentId may hold only letters, digits and underscores.'] },
    ],
    [
      'overlong notes',
      { sessionId: 'cs_1', notes: 'x'.repeat(1001) },
      { notes: ['Notes must be at most 1000 characters.'] },
    ],
  ])('rejects %s', (_label, body, errors) => {
    expect(fieldErrors(v.safeParse(refundRequestSchema, body).issues!)).toEqual(errors);
  });
});

describe('refundFormSchema and refundRequestFromForm', () => {
  it.each([
    [' cs_test_1 ', '', { sessionId: 'cs_test_1' }],
    ['pi_1', 'note', { paymentIntentId: 'pi_1', notes: 'note' }],
    ['ch_1', '', { paymentIntentId: 'ch_1' }],
  ])('turns id %j and notes %j into %j, which the request schema accepts', (id, notes, expected) => {
    const request = refundRequestFromForm(v.parse(refundFormSchema, { id, notes }));
    expect(request).toEqual(expected);
    // The form and the API agree: whatever id the admin types goes out as a request the server accepts.
    expect(v.parse(refundRequestSchema, request)).toEqual(expected);
  });

  it.each(['', '   '])('asks for an id when the box holds %j', (id) => {
    expect(fieldErrors(v.safeParse(refundFormSchema, { id }).issues!)).toEqual({
      id: ['Enter a Checkout Session ID (cs_...) or Payment Intent ID (pi_...).'],
    });
  });
});

describe('refundResponseSchema', () => {
  it.each([
    [{ processed: true }, { processed: true, alreadyProcessed: false }],
    [
      { processed: false, alreadyProcessed: true },
      { processed: false, alreadyProcessed: true },
    ],
    [{ error: 'No such payment' }, { processed: false, alreadyProcessed: false, error: 'No such payment' }],
  ])('reads %j', (raw, expected) => {
    expect(v.parse(refundResponseSchema, raw)).toEqual(expected);
  });
});
