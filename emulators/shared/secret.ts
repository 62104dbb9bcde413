import { timingSafeEqual } from 'node:crypto';

/** Compares a presented key with the configured one in constant time (no timing oracle on the key). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The key of an `Authorization: Bearer <key>` header, or ''. */
export const bearerKey = (header: string | undefined): string =>
  /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '';
