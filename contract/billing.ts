import * as v from 'valibot';
import { validationMessages } from './messages';
import { checkoutPlanNameSchema } from './plans';
import {
  checkoutSessionIdSchema,
  closedObjectMessage,
  objectMessage,
  optionalStringSchema,
  optionalTimestampSchema,
} from './primitives';

/**
 * Billing calls under /api/billing [product: DATA-12, API-10, API-11, API-12, API-13, API-14, CLIENT-4]. Request bodies
 * are closed: an unknown field is refused with 422 naming it, as every other body of the API.
 */

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'incomplete',
  'canceled',
  'incomplete_expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** For requests and stored state. Answers keep any string, since the payment provider may add statuses. */
export const subscriptionStatusSchema = v.picklist(
  SUBSCRIPTION_STATUSES,
  `Subscription status must be one of: ${SUBSCRIPTION_STATUSES.join(', ')}.`,
);

/**
 * The subscription inside billing info and sync answers. Fields are optional because a user without a
 * subscription still gets an object; a missing status means active (see the domain's subscription rules).
 */
export const subscriptionSchema = v.looseObject(
  {
    id: optionalStringSchema,
    plan: optionalStringSchema,
    plan_label: optionalStringSchema,
    interval: optionalStringSchema,
    billing_interval: optionalStringSchema,
    status: optionalStringSchema,
    cancel_at_period_end: v.nullish(v.boolean('cancel_at_period_end must be true or false.')),
    /** When a scheduled cancellation takes effect. */
    cancel_at: optionalTimestampSchema,
    current_period_end: optionalTimestampSchema,
    trial_end: optionalTimestampSchema,
  },
  objectMessage('subscription'),
);
export type Subscription = v.InferOutput<typeof subscriptionSchema>;

/** Invoice amounts are in cents; `created` is epoch seconds. */
export const invoiceSchema = v.looseObject(
  {
    id: v.string('Invoice id must be a string.'),
    number: optionalStringSchema,
    created: v.number('Invoice created must be an epoch number.'),
    amount_paid: v.nullish(v.number('amount_paid must be a number of cents.')),
    amount_due: v.nullish(v.number('amount_due must be a number of cents.')),
    currency: optionalStringSchema,
    status: optionalStringSchema,
    invoice_pdf: optionalStringSchema,
    hosted_invoice_url: optionalStringSchema,
  },
  objectMessage('invoice'),
);
export type Invoice = v.InferOutput<typeof invoiceSchema>;

/**
 * GET /api/billing/info. Alternative spellings (trial_end, next_billing_at) are kept as [product: DATA-12] lists them.
 */
export const billingInfoSchema = v.looseObject(
  {
    subscription: v.nullish(subscriptionSchema),
    customerId: optionalStringSchema,
    trial_ends_at: optionalTimestampSchema,
    trial_end: optionalTimestampSchema,
    nextBillingDate: optionalTimestampSchema,
    next_billing_at: optionalTimestampSchema,
    payment_required: v.optional(v.boolean('payment_required must be true or false.'), false),
    has_default_payment_method: v.optional(
      v.boolean('has_default_payment_method must be true or false.'),
      false,
    ),
    limits: v.nullish(
      v.looseObject({ plan_label: optionalStringSchema, billing_interval: optionalStringSchema }),
    ),
    invoices: v.optional(v.array(invoiceSchema, 'invoices must be a list.'), []),
  },
  objectMessage('billing info'),
);
export type BillingInfo = v.InferOutput<typeof billingInfoSchema>;

/**
 * GET /api/billing/health (and the two fallback paths): the newest payment-provider event about the caller's own
 * account (`scope: 'account'`), or, for an admin, of the whole system (`scope: 'system'`).
 */
export const webhookHealthSchema = v.looseObject(
  {
    ok: v.boolean('ok must be true or false.'),
    scope: v.optional(v.picklist(['account', 'system'], 'scope must be account or system.'), 'account'),
    last_event_id: optionalStringSchema,
    /** The provider's event type (`invoice.payment_failed`), which the page says in words. */
    last_event_type: optionalStringSchema,
    last_received_at: optionalTimestampSchema,
    message: optionalStringSchema,
    /**
     * Admins only (`scope: 'system'`): the newest events that could not be applied (acknowledged so the provider
     * stops redelivering them; each needs a person), with why.
     */
    unapplied_events: v.optional(
      v.array(
        v.object({
          id: v.string(),
          type: v.string(),
          failure: v.string(),
          received_at: v.string(),
        }),
      ),
    ),
  },
  objectMessage('webhook health'),
);
export type WebhookHealth = v.InferOutput<typeof webhookHealthSchema>;

export const CANCEL_REASONS = [
  'unused',
  'too_expensive',
  'missing_features',
  'switched_service',
  'other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const DEFAULT_CANCEL_REASON: CancelReason = 'unused';
export const CANCEL_COMMENT_MAX_LENGTH = 300;

/** POST /api/billing/cancel; also the cancel dialog's form. */
export const cancelRequestSchema = v.strictObject(
  {
    reason: v.optional(
      v.picklist(CANCEL_REASONS, `Reason must be one of: ${CANCEL_REASONS.join(', ')}.`),
      DEFAULT_CANCEL_REASON,
    ),
    comment: v.optional(
      v.pipe(
        v.string('Comment must be text.'),
        v.trim(),
        v.maxLength(CANCEL_COMMENT_MAX_LENGTH, validationMessages.cancelCommentTooLong),
      ),
      '',
    ),
    cancelNow: v.optional(v.boolean('cancelNow must be true or false.'), false),
  },
  closedObjectMessage('cancel request'),
);
export type CancelRequest = v.InferOutput<typeof cancelRequestSchema>;
export type CancelRequestInput = v.InferInput<typeof cancelRequestSchema>;

export const cancelResponseSchema = v.looseObject(
  {
    canceled: v.optional(v.boolean()),
    alreadyCanceled: v.optional(v.boolean()),
    alreadyScheduled: v.optional(v.boolean()),
    canceledImmediately: v.optional(v.boolean()),
    error: optionalStringSchema,
  },
  objectMessage('cancel response'),
);
export type CancelResponse = v.InferOutput<typeof cancelResponseSchema>;

/** POST /api/billing/checkout-session. Only planName; any other field is refused (422 naming it). */
export const checkoutSessionRequestSchema = v.strictObject(
  { planName: checkoutPlanNameSchema },
  closedObjectMessage('checkout session request'),
);
export type CheckoutSessionRequest = v.InferOutput<typeof checkoutSessionRequestSchema>;

export const checkoutSessionResponseSchema = v.looseObject(
  {
    url: v.string('Checkout url must be a string.'),
  },
  objectMessage('checkout session response'),
);
export type CheckoutSessionResponse = v.InferOutput<typeof checkoutSessionResponseSchema>;

/** POST /api/billing/portal. `return_url` is where the portal sends the customer back (the Billing page). */
export const portalRequestSchema = v.strictObject(
  {
    return_url: v.optional(
      v.pipe(v.string('return_url must be text.'), v.url('return_url must be a full URL.')),
    ),
  },
  closedObjectMessage('portal request'),
);
export type PortalRequest = v.InferOutput<typeof portalRequestSchema>;

/** The portal address arrives as url, location or session_url. */
export const portalResponseSchema = v.looseObject(
  {
    url: optionalStringSchema,
    location: optionalStringSchema,
    session_url: optionalStringSchema,
  },
  objectMessage('portal response'),
);
export type PortalResponse = v.InferOutput<typeof portalResponseSchema>;

/** The address to open from a portal answer, or null when it carries none. */
export function portalUrl(response: PortalResponse): string | null {
  return response.url || response.location || response.session_url || null;
}

/** POST /api/billing/change-plan. */
export const changePlanRequestSchema = v.strictObject(
  { planName: checkoutPlanNameSchema },
  closedObjectMessage('change plan request'),
);
export type ChangePlanRequest = v.InferOutput<typeof changePlanRequestSchema>;

export const changePlanResponseSchema = v.looseObject(
  {
    changed: v.boolean('changed must be true or false.'),
    subscription: v.nullish(subscriptionSchema),
  },
  objectMessage('change plan response'),
);
export type ChangePlanResponse = v.InferOutput<typeof changePlanResponseSchema>;

/** POST /api/billing/sync, with the Checkout session id after a checkout, or without it. */
export const syncRequestSchema = v.strictObject(
  {
    // Only a Checkout Session id (cs_...) is ever asked about at the provider.
    sessionId: v.optional(checkoutSessionIdSchema('sessionId')),
  },
  closedObjectMessage('sync request'),
);
export type SyncRequest = v.InferOutput<typeof syncRequestSchema>;

export const syncResponseSchema = v.looseObject(
  { subscription: v.nullish(subscriptionSchema) },
  objectMessage('sync response'),
);
export type SyncResponse = v.InferOutput<typeof syncResponseSchema>;

/** GET /api/billing/trial. */
export const trialResponseSchema = v.looseObject(
  {
    trial_ends_at: optionalTimestampSchema,
    /**
     * The status of the current subscription as the payment provider has it (null without one): fresher than the
     * user's own copy, which a subscription made elsewhere (the portal, a seed) has not reached yet.
     */
    subscription_status: v.optional(v.nullable(v.string(), null), null),
  },
  objectMessage('trial response'),
);
export type TrialResponse = v.InferOutput<typeof trialResponseSchema>;
