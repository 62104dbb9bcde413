import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// GoTrue's error answers (supabase/auth internal/api/errors.go HandleResponseError). Their shape follows the API
// version the request asked for with X-Supabase-Api-Version (apiversions.go DetermineClosestAPIVersion):
// - none, an earlier date or an unreadable one: `{code: <HTTP status>, error_code, msg}` (apierrors.HTTPError);
// - 2024-01-01 or later: exactly `{code: <error_code>, message}`, and the header echoed as 2024-01-01.
// A weak password adds `weak_password: {reasons}` to either. Every error names its code in `x-sb-error-code`.
// supabase-js reads `code` when the answer carries the version header, else `error_code` (auth-js lib/fetch.ts
// handleError).

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';

export type AuthErrorCode =
  | 'bad_json'
  | 'bad_jwt'
  | 'bad_code_verifier'
  | 'email_exists'
  | 'email_not_confirmed'
  | 'flow_state_expired'
  | 'flow_state_not_found'
  | 'invalid_credentials'
  | 'no_authorization'
  | 'not_found'
  | 'otp_expired'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'same_password'
  | 'session_not_found'
  | 'unexpected_failure'
  | 'user_already_exists'
  | 'user_not_found'
  | 'validation_failed'
  | 'weak_password';

export class AuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    /** Extra body fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthFailure';
  }
}

export const validationFailed = (message: string) => new AuthFailure(400, 'validation_failed', message);

/** The version an error answer is shaped for: 2024-01-01 for that date or later, else null (the first shape). */
function answeredVersion(asked: string | string[] | undefined): string | null {
  if (typeof asked !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(asked) || Number.isNaN(Date.parse(asked))) {
    return null;
  }
  return asked >= API_VERSION_2024 ? API_VERSION_2024 : null;
}

export function sendFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: AuthFailure,
): FastifyReply {
  reply.code(failure.status).header('x-sb-error-code', failure.code);
  const version = answeredVersion(request.headers[API_VERSION_HEADER.toLowerCase()]);
  if (version) {
    reply.header(API_VERSION_HEADER, version);
    return reply.send({ code: failure.code, message: failure.message, ...failure.extra });
  }
  // GoTrue adds the request's id to a server error's answer.
  const errorId = failure.status >= 500 ? { error_id: request.id } : {};
  return reply.send({
    code: failure.status,
    error_code: failure.code,
    msg: failure.message,
    ...errorId,
    ...failure.extra,
  });
}

/** One handler for everything thrown in a route: our failures as-is, other client mistakes keep their 4xx, the rest 500. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AuthFailure, request, reply) => {
    if (error instanceof AuthFailure) return sendFailure(request, reply, error);
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      const code = error.name === 'MalformedJsonError' ? 'bad_json' : 'validation_failed';
      return sendFailure(request, reply, new AuthFailure(status, code, error.message));
    }
    request.log.error({ err: error }, 'auth emulator: unexpected failure');
    return sendFailure(
      request,
      reply,
      new AuthFailure(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendFailure(
      request,
      reply,
      new AuthFailure(404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`),
    ),
  );
}
