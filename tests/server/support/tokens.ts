import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  decodeJwt,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';
import { signupChoicesOf } from '../../../contract/signup';
import {
  AuthServiceUnavailableError,
  type AuthServiceUser,
  AuthSessionEndedError,
} from '../../../server/services/auth-service-users';

/**
 * Access tokens shaped like the auth service's (EMULATORS.md A.6), signed with a key pair generated for the
 * test run; the app under test trusts its public half through createLocalJWKSet.
 */

export const TEST_SUPABASE_URL = 'http://localhost:54321';
export const TEST_ISSUER = `${TEST_SUPABASE_URL}/auth/v1`;
const KID = 'test-key-1';

const trusted = await generateKeyPair('ES256', { extractable: true });
const untrusted = await generateKeyPair('ES256', { extractable: true });
const publicJwk: JWK = { ...(await exportJWK(trusted.publicKey)), kid: KID, alg: 'ES256', use: 'sig' };

/** The public half as the auth service publishes it (its JWKS document). */
export const TEST_JWKS = { keys: [publicJwk] };

/** The key source to hand to the app (AppOptions.tokenKeys). */
export const testTokenKeys = createLocalJWKSet(TEST_JWKS);

/** One auth-service user id per address, stable across sign-ins within a test run. */
const userIds = new Map<string, string>();
export function userIdFor(email: string): string {
  const key = email.trim().toLowerCase();
  let id = userIds.get(key);
  if (!id) {
    id = randomUUID();
    userIds.set(key, id);
  }
  return id;
}

export type TokenOptions = {
  sub?: string;
  claims?: JWTPayload;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Sign with a key the app does not trust. */
  untrustedKey?: boolean;
};

export async function mintToken(email: string, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = options.expiresIn ?? 3600;
  return new SignJWT({
    iss: TEST_ISSUER,
    sub: options.sub ?? userIdFor(email),
    aud: 'authenticated',
    iat: now - 10,
    exp: now + expiresIn,
    email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { full_name: nameFrom(email) },
    role: 'authenticated',
    aal: 'aal1',
    // Signed in with a password just now, as the auth service records it (step-up reads it).
    amr: [{ method: 'password', timestamp: now - 10 }],
    session_id: randomUUID(),
    is_anonymous: false,
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: KID, typ: 'JWT' })
    .sign(options.untrustedKey ? untrusted.privateKey : trusted.privateKey);
}

/** An HS256 token signed with `secret` (the legacy-secret mode). */
export async function mintHs256Token(
  email: string,
  secret: string,
  claims: JWTPayload = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: TEST_ISSUER,
    sub: userIdFor(email),
    aud: 'authenticated',
    exp: now + 3600,
    email,
    role: 'authenticated',
    user_metadata: {},
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

/** An unsigned token (`alg: none`), which must never be accepted. */
export function unsignedToken(email: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: TEST_ISSUER,
    sub: userIdFor(email),
    aud: 'authenticated',
    exp: now + 3600,
    email,
    role: 'authenticated',
  };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}

function nameFrom(email: string): string {
  const local = email.split('@')[0] ?? 'user';
  return local.charAt(0).toUpperCase() + local.slice(1);
}

/**
 * The auth service's GET /user as the app under test sees it: every token's user exists with a confirmed
 * address unless a test says otherwise (an unconfirmed address, a session ended elsewhere, an outage).
 */
export const testAuthService = {
  unconfirmed: new Set<string>(),
  endedSessions: new Set<string>(),
  /** Auth-service user id -> the address it has now (after a change the older tokens do not carry). */
  currentEmails: new Map<string, string>(),
  down: false,
  async lookUp(accessToken: string): Promise<AuthServiceUser> {
    if (testAuthService.down) throw new AuthServiceUnavailableError('test: the auth service is down');
    const claims = decodeJwt(accessToken);
    if (typeof claims.session_id === 'string' && testAuthService.endedSessions.has(claims.session_id)) {
      throw new AuthSessionEndedError('test: session_not_found');
    }
    const email =
      testAuthService.currentEmails.get(String(claims.sub)) ?? String(claims.email ?? '').toLowerCase();
    return {
      id: String(claims.sub),
      email,
      emailConfirmed: !testAuthService.unconfirmed.has(email),
      isAnonymous: claims.is_anonymous === true,
      company: signupChoicesOf(claims.user_metadata).company ?? null,
    };
  },
};
