import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

// GoTrue's error contract (EMULATORS.md A.2). The code goes in both `code` (read when the API-version header is
// present) and `error_code` (read otherwise), the text in both `msg` and `message`, so every client reads it.

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

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

export function weakPassword(minLength: number): AuthFailure {
  return new AuthFailure(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
    weak_password: { reasons: ['length'] },
  });
}

export function errorBody(failure: AuthFailure): Record<string, unknown> {
  return {
    code: failure.code,
    error_code: failure.code,
    msg: failure.message,
    message: failure.message,
    ...failure.extra,
  };
}

export function sendFailure(reply: FastifyReply, failure: AuthFailure): FastifyReply {
  return reply.code(failure.status).header(API_VERSION_HEADER, API_VERSION).send(errorBody(failure));
}

/** One handler for everything thrown in a route: our failures as-is, other client mistakes keep their 4xx, the rest 500. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AuthFailure, request, reply) => {
    if (error instanceof AuthFailure) return sendFailure(reply, error);
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      const code = error.name === 'MalformedJsonError' ? 'bad_json' : 'validation_failed';
      return sendFailure(reply, new AuthFailure(status, code, error.message));
    }
    request.log.error({ err: error }, 'auth emulator: unexpected failure');
    return sendFailure(
      reply,
      new AuthFailure(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
    );
  });
  app.setNotFoundHandler((request, reply) =>
    sendFailure(
      reply,
      new AuthFailure(404, 'not_found', `No route for ${request.method} ${request.url.split('?')[0]}`),
    ),
  );
}
