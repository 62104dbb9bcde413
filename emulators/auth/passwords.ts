import { randomBytes, type ScryptOptions, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { AuthFailure, validationFailed } from './errors';

/** bcrypt reads at most 72 bytes of a password, so GoTrue refuses longer ones (api/password.go MaxPasswordLength). */
const MAX_PASSWORD_LENGTH = 72;

/** GoTrue's lengths are Go's `len`: UTF-8 bytes, not characters (`ж` counts 2). */
const lengthOf = (password: string) => Buffer.byteLength(password, 'utf8');

/**
 * GoTrue's checkPasswordStrength (api/password.go): over 72 bytes is 400 validation_failed (its message says
 * "characters"); shorter than the minimum is 422 weak_password with `weak_password.reasons` (`length`), which
 * supabase-js raises as AuthWeakPasswordError. Required character sets and the leaked-password check are not configured here.
 */
export function checkPasswordStrength(password: string, minLength: number): void {
  if (lengthOf(password) > MAX_PASSWORD_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const weakness = passwordWeakness(password, minLength);
  if (weakness) {
    throw new AuthFailure(422, 'weak_password', weakness.message, {
      weak_password: { reasons: weakness.reasons },
    });
  }
}

/** Why the policy finds a password weak, or null; a sign-in with one still succeeds and says so (token.go). */
export function passwordWeakness(password: string, minLength: number) {
  if (lengthOf(password) >= minLength) return null;
  return { message: `Password should be at least ${minLength} characters.`, reasons: ['length'] };
}

// Passwords are stored as `scrypt$N$r$p$salt$hash` (base64url parts), never in clear, even in the state file.

const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function encode(salt: Buffer, key: Buffer): string {
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await scryptAsync(password, salt, KEY_LENGTH, PARAMS));
}

/** Synchronous variant, for seeding at start-up where there is nothing else to do meanwhile. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  return encode(salt, scryptSync(password, salt, KEY_LENGTH, PARAMS));
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(expected, actual);
}
