import * as v from 'valibot';
import { validationMessages } from './messages';
import {
  CHECKOUT_SESSION_PREFIX,
  checkoutSessionIdSchema,
  closedObjectMessage,
  objectMessage,
  optionalStringSchema,
  optionalText,
  providerIdSchema,
  timestampSchema,
} from './primitives';

/** POST /api/admin/refunds/reverse and the AdminRefunds form [product: REFUND, CLIENT-7]. */

export const REFUND_NOTES_MAX_LENGTH = 1000;
const notesSchema = v.optional(optionalText('notes', REFUND_NOTES_MAX_LENGTH));

/**
 * Exactly one payment id [product: REFUND-9, REFUND-12]: a Checkout Session (`cs_...`) or, for any other id, a
 * Payment Intent (`pi_...` usually; the form sends whatever else the admin typed as one, and the server asks the
 * provider). Both or neither is rejected with one message for the request as a whole.
 */
export const refundRequestSchema = v.pipe(
  v.strictObject(
    {
      sessionId: v.optional(checkoutSessionIdSchema('sessionId')),
      paymentIntentId: v.optional(
        providerIdSchema(
          'paymentIntentId',
          v.check(
            (id) => !id.startsWith(CHECKOUT_SESSION_PREFIX),
            'paymentIntentId must not be a Checkout Session id (cs_...); send it as sessionId.',
          ),
        ),
      ),
      notes: notesSchema,
    },
    closedObjectMessage('refund request'),
  ),
  v.check(
    (input) => (input.sessionId === undefined) !== (input.paymentIntentId === undefined),
    'Send exactly one of sessionId (cs_...) or paymentIntentId (pi_...).',
  ),
);
export type RefundRequest = v.InferOutput<typeof refundRequestSchema>;
export type RefundRequestInput = v.InferInput<typeof refundRequestSchema>;

export const refundResponseSchema = v.looseObject(
  {
    processed: v.optional(v.boolean('processed must be true or false.'), false),
    alreadyProcessed: v.optional(v.boolean('alreadyProcessed must be true or false.'), false),
    error: optionalStringSchema,
    /** The server wants a recent sign-in first (403 `reauthentication_required`): the page asks for the password. */
    reauthenticate: v.optional(v.boolean('reauthenticate must be true or false.')),
  },
  objectMessage('refund response'),
);
export type RefundResponse = v.InferOutput<typeof refundResponseSchema>;

/** The AdminRefunds form: one id box (required) and optional notes. */
export const refundFormSchema = v.object(
  {
    id: v.pipe(
      v.string(validationMessages.refundIdRequired),
      v.trim(),
      v.nonEmpty(validationMessages.refundIdRequired),
    ),
    notes: v.optional(optionalText('notes', REFUND_NOTES_MAX_LENGTH), ''),
  },
  objectMessage('refund form'),
);
export type RefundForm = v.InferOutput<typeof refundFormSchema>;

/** [product: REFUND-9]: an id starting with cs_ is a Checkout Session, anything else a Payment Intent. */
export function refundRequestFromForm(form: RefundForm): RefundRequestInput {
  const notes = form.notes === '' ? {} : { notes: form.notes };
  return form.id.startsWith(CHECKOUT_SESSION_PREFIX)
    ? { sessionId: form.id, ...notes }
    : { paymentIntentId: form.id, ...notes };
}

/** One row of the refund log as GET /api/admin/refunds lists it, newest first [product: REFUND-13]. */
export const refundReversalSchema = v.object(
  {
    id: v.string(),
    payment_intent_id: v.string(),
    session_id: v.nullable(v.string()),
    customer_email: v.string(),
    refund_id: v.nullable(v.string()),
    subscription_id: v.nullable(v.string()),
    amount_refunded: v.number(),
    currency: v.string(),
    notes: v.nullable(v.string()),
    processed_by: v.string(),
    created_date: timestampSchema,
    /**
     * False while the reversal is half done: refunded, but ending the subscription failed (the admin reverses again
     * to finish it).
     */
    completed: v.boolean(),
  },
  objectMessage('refund reversal'),
);
export type RefundReversal = v.InferOutput<typeof refundReversalSchema>;

export const refundReversalListSchema = v.object(
  { reversals: v.array(refundReversalSchema) },
  objectMessage('refund reversal list'),
);
export type RefundReversalList = v.InferOutput<typeof refundReversalListSchema>;
