import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

// Identifier helpers. Random ones come from node:crypto; the fixed ones for seeded accounts are name-based
// (UUID version 5) so that every machine, and every restart, sees the same ids.

/** A fixed namespace for this emulator's name-based UUIDs. */
const SEED_NAMESPACE = '0f1d6a52-7b0e-4c1a-9d3e-5b2a1c7e8f40';

/** RFC 4122 version-5 UUID of `name` within our namespace. */
export function uuidFromName(name: string): string {
  const namespace = Buffer.from(SEED_NAMESPACE.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(name).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const newId = (): string => randomUUID();

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A refresh token as GoTrue makes them: 12 lower-case base32 characters (crypto.SecureAlphanumeric(12)). */
export const newRefreshToken = (): string =>
  Array.from(randomBytes(12), (byte) => BASE32[byte % BASE32.length]).join('');

/** The refresh tokens GoTrue accepts the form of (api/token_refresh.go RefreshTokenGrantParams.Validate). */
export const isRefreshTokenShape = (token: string): boolean => /^[a-z0-9]{12}$/.test(token);

/** The six-digit code GoTrue puts in e-mails beside the link. */
export const newOtp = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** GoTrue's token hash: hex SHA-224 of e-mail + OTP (crypto.GenerateTokenHash). */
export const tokenHash = (email: string, otp: string): string =>
  createHash('sha224')
    .update(email + otp)
    .digest('hex');

/** A Google-style numeric subject, stable per address so repeated sign-ins map to one identity. */
export function googleSubject(email: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(email).digest('hex').slice(0, 16)}`).toString();
  return `1${digits.padStart(20, '0')}`.slice(0, 21);
}
