import type { FastifyReply } from 'fastify';

// Errors in Stripe's shape (`{error: {type, code, param, message}}`), so the SDK raises its own classes: 400/404
// StripeInvalidRequestError, 401 StripeAuthenticationError, 402 StripeCardError (stripe-node `Error.ts`
// generateV1Error picks the class by status). Stripe's error types are api_error, card_error, idempotency_error
// and invalid_request_error (API reference, "Errors"); an authentication failure is a 401 invalid_request_error.
// The messages are Stripe's own wording, as its API answers them.

export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'api_error' | 'idempotency_error';

export class StripeApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: StripeErrorType,
    message: string,
    readonly details: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  get body() {
    return { error: { type: this.type, message: this.message, ...this.details } };
  }
}

const invalidRequest = (status: number, message: string, details: StripeApiError['details'] = {}) =>
  new StripeApiError(status, 'invalid_request_error', message, details);

/**
 * "No such customer: 'cus_x'", the object named by its `object` value (payment_intent, checkout.session). An id in
 * a request parameter is 400 naming that parameter; an id in the URL is 404 with param `id`, except where Stripe
 * names the path parameter instead (see `URL_MISSING` in store.ts).
 */
export const missing = (object: string, id: string, where: { param: string; status: 400 | 404 }) =>
  invalidRequest(where.status, `No such ${object}: '${id}'`, {
    code: 'resource_missing',
    param: where.param,
  });

export const missingParam = (param: string) =>
  invalidRequest(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const unknownParam = (param: string) =>
  invalidRequest(400, `Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });

export const emptyParam = (param: string) =>
  invalidRequest(
    400,
    `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
    { code: 'parameter_invalid_empty', param },
  );

/** A value of the wrong kind or outside its enum: "Invalid status: must be one of …". */
export const invalidParam = (param: string, message: string, code?: string) =>
  invalidRequest(400, message, { param, ...(code ? { code } : {}) });

export const notExpandable = (path: string) =>
  invalidRequest(400, `This property cannot be expanded (${path}).`);

export const noApiKey = () =>
  invalidRequest(
    401,
    "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
  );

/** Stripe shows the key's prefix and its last four characters only. */
export const invalidApiKey = (key: string) =>
  invalidRequest(
    401,
    `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
  );

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

export const cardDeclined = () =>
  new StripeApiError(402, 'card_error', CARD_DECLINED_MESSAGE, {
    code: 'card_declined',
    decline_code: 'generic_decline',
  });

export function sendStripeError(reply: FastifyReply, error: StripeApiError): FastifyReply {
  // A client error is final: the SDK retries 409 and 5xx unless told not to.
  if (error.statusCode < 500) reply.header('Stripe-Should-Retry', 'false');
  return reply.code(error.statusCode).send(error.body);
}
