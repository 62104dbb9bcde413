import { errors, jwtVerify, SignJWT } from 'jose';
import type { AuthConfig } from './config';
import { AuthFailure } from './errors';
import type { SigningKeys } from './keys';
import type { SessionRecord, UserRecord } from './store';

// Access tokens carry GoTrue's claims (EMULATORS.md A.6). Timestamps come from the configured clock so that tests
// can age tokens.

export interface AccessClaims {
  sub: string;
  session_id: string;
  exp: number;
}

export const issuerOf = (config: AuthConfig): string => `${config.publicUrl}/auth/v1`;

export async function signAccessToken(
  config: AuthConfig,
  keys: SigningKeys,
  user: UserRecord,
  session: SessionRecord,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(config.now().getTime() / 1000);
  const expiresAt = iat + config.jwtExpirySeconds;
  const token = await new SignJWT({
    email: user.email,
    phone: '',
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: session.amr,
    session_id: session.id,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT' })
    .setIssuer(issuerOf(config))
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(keys.privateKey);
  return { token, expiresAt };
}

/** Checks signature and expiry as GoTrue does; answers 403 bad_jwt otherwise. */
export async function verifyAccessToken(
  config: AuthConfig,
  keys: SigningKeys,
  token: string,
): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      algorithms: ['ES256'],
      currentDate: config.now(),
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.session_id !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      throw new AuthFailure(403, 'bad_jwt', 'invalid claim: missing sub or session_id claim');
    }
    return { sub: payload.sub, session_id: payload.session_id, exp: payload.exp };
  } catch (error) {
    if (error instanceof AuthFailure) throw error;
    const reason =
      error instanceof errors.JWTExpired
        ? 'token has invalid claims: token is expired'
        : 'unable to parse or verify signature';
    throw new AuthFailure(403, 'bad_jwt', `invalid JWT: ${reason}`);
  }
}
