import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed double-submit tokens (WIRE.md, OWASP's HMAC variant): `<random>.<hmac>` with
 * hmac = HMAC-SHA256(secret, binding + "." + random). The binding is the session id (or the pre-session id
 * before sign-in), so a token lifted from one session is worthless in another, and a token planted by an
 * attacker who can write cookies does not verify without the secret.
 */
export class CsrfTokens {
  readonly #secret: string;

  constructor(secret: string) {
    this.#secret = secret;
  }

  issue(binding: string): string {
    const random = randomBytes(24).toString('base64url');
    return `${random}.${this.#sign(binding, random)}`;
  }

  /** True when the token was issued for one of the bindings; compares in constant time. */
  verify(token: string, bindings: readonly string[]): boolean {
    const [random, signature, ...rest] = token.split('.');
    if (!random || !signature || rest.length > 0) return false;
    const given = Buffer.from(signature, 'base64url');
    let valid = false;
    for (const binding of bindings) {
      const expected = Buffer.from(this.#sign(binding, random), 'base64url');
      // Checked for every binding (no early exit) so timing says nothing about which one matched.
      if (given.length === expected.length && timingSafeEqual(given, expected)) valid = true;
    }
    return valid;
  }

  #sign(binding: string, random: string): string {
    return createHmac('sha256', this.#secret).update(`${binding}.${random}`).digest('base64url');
  }
}

/** Constant-time string equality (header value vs cookie value). */
export function sameToken(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}
