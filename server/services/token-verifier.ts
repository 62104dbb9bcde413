import { decodeProtectedHeader, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';

/**
 * Verifies the auth service's (Supabase Auth) access tokens as EMULATORS.md A.6 describes: ES256/RS256 against
 * the project's JWKS, or HS256 with the legacy JWT secret when one is configured; iss `{SUPABASE_URL}/auth/v1`,
 * aud `authenticated`, role `authenticated`, exp. The key source is injected so tests sign their own tokens.
 */

export type VerifiedIdentity = {
  /** The token's issuer; with `sub`, the key of our users row (an e-mail address never is). */
  issuer: string;
  /** The auth service's user id. */
  sub: string;
  /** Lowercased. */
  email: string;
  /** From user_metadata, used when we first see the user. */
  fullName: string | null;
  /** The auth service's session the token belongs to (`session_id`), when it names one. */
  authSessionId: string | null;
  /** When the token stops being valid. */
  expiresAt: Date;
  /**
   * When the user last proved who they are in that auth-service session: the newest `amr` timestamp (a password,
   * a link, an OAuth round, a second factor); null when the token names none. A refreshed token keeps it.
   */
  authenticatedAt: Date | null;
  /** `aal2`: the session passed a second factor. */
  aal2: boolean;
};

export type TokenVerifier = (token: string) => Promise<VerifiedIdentity>;

export type TokenVerifierOptions = {
  issuer: string;
  /** ES256/RS256 keys (createRemoteJWKSet in production, createLocalJWKSet in tests); null disables them. */
  keys: JWTVerifyGetKey | null;
  /** Legacy HS256 secret; null disables HS256 (a token claiming HS256 is then refused). */
  hs256Secret: string | null;
  clockToleranceSeconds?: number;
};

/** The token is not acceptable (401). Reasons are for the log, never for the caller. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/** An anonymous auth-service user (`is_anonymous`): a real token, but nobody we can give an account to. */
export class AnonymousUserError extends Error {
  override readonly name = 'AnonymousUserError';
}

/** The auth service could not be asked for its keys (503): not the caller's fault. */
export class KeySourceUnavailableError extends Error {
  override readonly name = 'KeySourceUnavailableError';
}

const ASYMMETRIC_ALGORITHMS = ['ES256', 'RS256'];
const AUDIENCE = 'authenticated';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const hsKey = options.hs256Secret ? new TextEncoder().encode(options.hs256Secret) : null;

  return async (token) => {
    const algorithm = headerAlgorithm(token);
    const verifyOptions = {
      issuer: options.issuer,
      audience: AUDIENCE,
      algorithms: [algorithm],
      requiredClaims: ['exp', 'sub'],
      clockTolerance: options.clockToleranceSeconds ?? 5,
    };
    let payload: JWTPayload;
    try {
      if (algorithm === 'HS256' && hsKey) {
        ({ payload } = await jwtVerify(token, hsKey, verifyOptions));
      } else if (ASYMMETRIC_ALGORITHMS.includes(algorithm) && options.keys) {
        ({ payload } = await jwtVerify(token, options.keys, verifyOptions));
      } else {
        throw new InvalidTokenError(`algorithm ${algorithm} is not accepted`);
      }
    } catch (error) {
      throw classify(error);
    }
    return identityFrom(payload, options.issuer);
  };
}

function headerAlgorithm(token: string): string {
  try {
    return String(decodeProtectedHeader(token).alg);
  } catch {
    throw new InvalidTokenError('not a JWS');
  }
}

function classify(error: unknown): Error {
  if (error instanceof InvalidTokenError || error instanceof KeySourceUnavailableError) return error;
  if (error instanceof errors.JWKSTimeout)
    return new KeySourceUnavailableError('JWKS request timed out', { cause: error });
  if (error instanceof errors.JOSEError) return new InvalidTokenError(error.message, { cause: error });
  // A failed fetch of the JWKS (connection refused, bad JSON) is not a bad token.
  return new KeySourceUnavailableError('could not load the JWKS', { cause: error });
}

function identityFrom(payload: JWTPayload, issuer: string): VerifiedIdentity {
  if (payload.is_anonymous === true) throw new AnonymousUserError('anonymous auth-service user');
  if (payload.role !== 'authenticated') throw new InvalidTokenError('role is not authenticated');
  if (typeof payload.sub !== 'string' || !UUID.test(payload.sub))
    throw new InvalidTokenError('sub is not a uuid');
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!EMAIL.test(email)) throw new InvalidTokenError('no e-mail address in the token');
  const sessionId =
    typeof payload.session_id === 'string' && UUID.test(payload.session_id) ? payload.session_id : null;
  return {
    issuer,
    sub: payload.sub.toLowerCase(),
    email,
    fullName: metadataName(payload.user_metadata),
    authSessionId: sessionId?.toLowerCase() ?? null,
    // requiredClaims makes exp present, and jwtVerify checked it is a number in the future.
    expiresAt: new Date(Number(payload.exp) * 1000),
    authenticatedAt: newestAuthentication(payload.amr),
    aal2: payload.aal === 'aal2',
  };
}

/** The newest `amr` entry's time (GoTrue: `[{method, timestamp}]`, seconds); entries of another shape count for nothing. */
function newestAuthentication(amr: unknown): Date | null {
  if (!Array.isArray(amr)) return null;
  const seconds = amr
    .map((entry: unknown) =>
      typeof entry === 'object' && entry !== null && 'timestamp' in entry ? entry.timestamp : null,
    )
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0);
  return seconds.length > 0 ? new Date(Math.max(...seconds) * 1000) : null;
}

function metadataName(metadata: unknown): string | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const { full_name: fullName, name } = metadata as Record<string, unknown>;
  const value = typeof fullName === 'string' ? fullName : typeof name === 'string' ? name : '';
  return value.trim() === '' ? null : value.trim().slice(0, 200);
}
