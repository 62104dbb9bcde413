import type { FastifyReply } from 'fastify';

// Errors in Stripe's shape (`{error: {type, code, param, message}}`), so the SDK raises its own classes:
// 400/404 StripeInvalidRequestError, 401 StripeAuthenticationError, 402 StripeCardError.

export type StripeErrorType =
  | 'invalid_request_error'
  | 'card_error'
  | 'api_error'
  | 'idempotency_error'
  | 'authentication_error';

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

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });

export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, { code: 'parameter_invalid', param });

export const missingParam = (param: string) =>
  new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  });

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
