import * as v from 'valibot';
import { validationMessages } from './messages';
import { objectMessage, optionalStringSchema, optionalText } from './primitives';

/** POST /api/admin/refunds/reverse and the AdminRefunds form [product: REFUND, CLIENT-7]. */

export const REFUND_NOTES_MAX_LENGTH = 1000;
const notesSchema = v.optional(optionalText('notes', REFUND_NOTES_MAX_LENGTH));

export const CHECKOUT_SESSION_PREFIX = 'cs_';
export const PAYMENT_INTENT_PREFIX = 'pi_';

const paymentIdSchema = (prefix: string, name: string) =>
  v.pipe(
    v.string(`${name} must be text.`),
    v.trim(),
    v.startsWith(prefix, `${name} must start with ${prefix}.`),
    v.minLength(prefix.length + 1, `${name} must have characters after ${prefix}.`),
    v.maxLength(255, `${name} must be at most 255 characters.`),
  );

/**
 * Exactly one payment id: a Checkout Session (`cs_...`) or a Payment Intent (`pi_...`). Both or neither is
 * rejected with one message for the request as a whole.
 */
export const refundRequestSchema = v.pipe(
  v.object(
    {
      sessionId: v.optional(paymentIdSchema(CHECKOUT_SESSION_PREFIX, 'sessionId')),
      paymentIntentId: v.optional(paymentIdSchema(PAYMENT_INTENT_PREFIX, 'paymentIntentId')),
      notes: notesSchema,
    },
    objectMessage('refund request'),
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
