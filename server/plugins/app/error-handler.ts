import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../lib/database-errors';
import { HttpError } from '../../lib/http-errors';

/** A pool reconnects within a second or two of the database coming back. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own client errors, reworded for people and given the API's codes. */
const FRAMEWORK_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Only application/json request bodies are accepted.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The Content-Length does not match the body.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: 'The request body is not valid JSON.' },
};

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

/**
 * The one error handler: every failure is logged (server faults with their stack), and the caller sees
 * `{message, code?, errors?}` with the real message only below 500.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (isDatabaseUnavailable(error)) {
        // An outage, not a bug: say so, and when to come back, instead of a 500.
        request.log.error({ err: error }, 'database unavailable');
        return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send({
          message: 'The service is briefly unavailable. Please try again in a moment.',
          code: 'unavailable',
        });
      }
      const statusCode = statusOf(error);
      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        // Our own 5xx codes (e.g. auth_unavailable) are safe to show; their messages and anything else are not.
        const code = error instanceof HttpError ? error.code : 'internal';
        return reply
          .code(statusCode)
          .send({ message: 'Something went wrong on our side. Please try again.', code });
      }
      const body = publicBody(error, statusCode);
      request.log.info({ statusCode, code: body.code, reason: error.message }, 'request rejected');
      return reply.code(statusCode).send(body);
    });
  },
  { name: 'error-handler' },
);

function statusOf(error: { statusCode?: number }): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

function publicBody(error: FastifyError | HttpError, statusCode: number): ErrorBody {
  if (error instanceof HttpError) {
    return { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) };
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return known;
  if (statusCode === 400 && error instanceof SyntaxError)
    return FRAMEWORK_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY as ErrorBody;
  return { message: error.message, code: statusCode === 404 ? 'not_found' : 'bad_request' };
}
