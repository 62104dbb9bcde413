import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { type CsrfTokens, sameToken } from '../services/csrf-tokens';
import { type OpenedSession, sessionIdOf } from '../services/session-store';

/**
 * The three cookies of WIRE.md: the HttpOnly session id, the HttpOnly signed pre-session id that protects the
 * sign-in itself (login CSRF), and the readable CSRF token bound to whichever of the two is current.
 * Over https all three carry Secure and the __Host- prefix (no Domain, Path=/), so a sibling subdomain
 * cannot plant them.
 */
export class AuthCookies {
  readonly names: { session: string; preSession: string; csrf: string };
  readonly #base: CookieSerializeOptions;
  readonly #preSessionMaxAge: number;

  constructor(
    config: Config,
    private readonly csrf: CsrfTokens,
  ) {
    const prefix = config.secureCookies ? '__Host-' : '';
    this.names = {
      session: `${prefix}beacon_sid`,
      preSession: `${prefix}beacon_pre`,
      csrf: `${prefix}beacon_csrf`,
    };
    this.#base = { path: '/', sameSite: 'lax', secure: config.secureCookies };
    this.#preSessionMaxAge = Math.floor(config.session.idleTtlMs / 1000);
  }

  sessionToken(request: FastifyRequest): string | null {
    return request.cookies[this.names.session] || null;
  }

  /** The pre-session id if its signature holds. */
  preSessionId(request: FastifyRequest): string | null {
    const raw = request.cookies[this.names.preSession];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value ? unsigned.value : null;
  }

  csrfCookie(request: FastifyRequest): string | null {
    return request.cookies[this.names.csrf] || null;
  }

  /** What a CSRF token may be bound to for this request, judged from its cookies alone (no database). */
  candidateBindings(request: FastifyRequest): string[] {
    const bindings: string[] = [];
    const token = this.sessionToken(request);
    if (token) bindings.push(sessionBinding(sessionIdOf(token)));
    const preSession = this.preSessionId(request);
    if (preSession) bindings.push(preSessionBinding(preSession));
    return bindings;
  }

  /** After sign-in: the new session cookie, a CSRF token bound to it, and the pre-session is over. */
  setSession(reply: FastifyReply, session: OpenedSession): string {
    const maxAge = Math.max(1, Math.floor((session.absoluteExpiresAt.getTime() - Date.now()) / 1000));
    reply.setCookie(this.names.session, session.token, { ...this.#base, httpOnly: true, maxAge });
    reply.clearCookie(this.names.preSession, { ...this.#base, httpOnly: true });
    return this.#setCsrf(reply, sessionBinding(session.id), maxAge);
  }

  /** Anonymous visitors (and everyone after logout): a fresh pre-session and its CSRF token. */
  startPreSession(reply: FastifyReply): string {
    const id = randomBytes(24).toString('base64url');
    reply.setCookie(this.names.preSession, id, {
      ...this.#base,
      httpOnly: true,
      signed: true,
      maxAge: this.#preSessionMaxAge,
    });
    return this.#setCsrf(reply, preSessionBinding(id), this.#preSessionMaxAge);
  }

  /** The CSRF cookie's value if it is still valid for `binding`, so in-flight requests keep working. */
  currentCsrfToken(request: FastifyRequest, binding: string): string | null {
    const token = this.csrfCookie(request);
    return token && this.csrf.verify(token, [binding]) ? token : null;
  }

  /** Reissues the CSRF cookie for an existing binding (GET /api/auth/csrf). */
  refreshCsrf(reply: FastifyReply, binding: string, maxAgeSeconds: number): string {
    return this.#setCsrf(reply, binding, maxAgeSeconds);
  }

  clearSession(reply: FastifyReply): void {
    reply.clearCookie(this.names.session, { ...this.#base, httpOnly: true });
  }

  /** The header value matches the cookie and the cookie was issued for one of this request's bindings. */
  verifyDoubleSubmit(request: FastifyRequest, headerToken: string): boolean {
    const cookieToken = this.csrfCookie(request);
    if (!cookieToken || !sameToken(headerToken, cookieToken)) return false;
    return this.csrf.verify(cookieToken, this.candidateBindings(request));
  }

  #setCsrf(reply: FastifyReply, binding: string, maxAge: number): string {
    const token = this.csrf.issue(binding);
    // Readable on purpose: the SPA copies it into the X-CSRF-Token header.
    reply.setCookie(this.names.csrf, token, { ...this.#base, httpOnly: false, maxAge });
    return token;
  }
}

export const sessionBinding = (sessionId: string) => `session:${sessionId}`;
export const preSessionBinding = (preSessionId: string) => `pre:${preSessionId}`;
