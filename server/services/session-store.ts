import { hash, randomBytes } from 'node:crypto';
import { and, desc, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import type { SESSION_TIMEOUTS } from '../../contract/settings';
import type { Database } from '../db/client';
import { type SessionRow, sessions, type UserRow, users } from '../db/schema';

export type SessionTtl = {
  idleTtlMs: number;
  absoluteTtlMs: number;
  /** How long this replica may reuse a session it looked up (0: ask the database every time). */
  cacheTtlMs: number;
  /** How long past its auth-service token's expiry a session lives (time for the SPA to trade a refreshed one). */
  authGraceMs: number;
  /** Live sessions one user may hold; opening one more ends the oldest. */
  maxPerUser: number;
};

/** The auth-service session a server session is opened from. */
export type AuthBinding = {
  authSessionId: string | null;
  tokenExpiresAt: Date;
  /** When the user last proved who they are there (the token's newest `amr` time). */
  authenticatedAt?: Date | null;
  /** It passed a second factor. */
  aal2?: boolean;
};

/** A proof of identity a token brings: when it was made, and whether with a second factor. */
export type Authentication = { authenticatedAt: Date | null; aal2: boolean };

export type OpenedSession = {
  /** The cookie value; only its hash is stored. */
  token: string;
  id: string;
  absoluteExpiresAt: Date;
};

export type ActiveSession = { session: SessionRow; user: UserRow };

/** The user's sessionTimeout choice as an idle limit [product: SET-25, SET-35]; never leaves the absolute limit. */
const IDLE_LIMIT_MS: Readonly<Record<(typeof SESSION_TIMEOUTS)[number], number>> = {
  '1h': 3_600_000,
  '4h': 4 * 3_600_000,
  '8h': 8 * 3_600_000,
  '24h': 24 * 3_600_000,
  never: Number.POSITIVE_INFINITY,
};

type SessionOwner = Pick<UserRow, 'id' | 'settings'>;

/** Sliding the idle expiry costs a write; doing it at most once a minute keeps reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Server-side sessions in the database: every replica sees the same sessions, and logout really ends one.
 * Each replica keeps what it looked up for `cacheTtlMs` (default 1 s), because a database round trip per
 * request would cap GET /api/auth/me far below the performance budget. What this replica changes (logout,
 * sign-in, profile updates) it forgets at once; a change made on another replica is seen within the TTL.
 */
export class SessionStore {
  readonly #cache = new Map<string, { value: ActiveSession; freshUntil: number }>();

  constructor(
    private readonly db: Database,
    private readonly ttl: SessionTtl,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A fresh random id for every sign-in (no fixation), bound to the auth-service session it came from. Beyond
   * `maxPerUser` live sessions, the user's oldest end.
   */
  async open(
    user: SessionOwner,
    userAgent: string | undefined,
    binding: AuthBinding,
  ): Promise<OpenedSession> {
    const userId = user.id;
    const token = randomBytes(32).toString('base64url');
    const id = sessionIdOf(token);
    const now = this.now();
    const absoluteExpiresAt = new Date(now.getTime() + this.ttl.absoluteTtlMs);
    await this.db.transaction(async (tx) => {
      await tx.insert(sessions).values({
        id,
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: this.#idleExpiry(user, now, absoluteExpiresAt),
        absoluteExpiresAt,
        userAgent: userAgent?.slice(0, 500) ?? null,
        authSessionId: binding.authSessionId,
        authExpiresAt: new Date(binding.tokenExpiresAt.getTime() + this.ttl.authGraceMs),
        authenticatedAt: binding.authenticatedAt ?? null,
        aal2: binding.aal2 ?? false,
      });
      const kept = tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(this.ttl.maxPerUser);
      await tx.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, kept)));
    });
    // The user row may have just changed (sign-in updates it), and older sessions may have ended: no cached
    // copy may outlive that.
    this.forgetUser(userId);
    return { token, id, absoluteExpiresAt };
  }

  /**
   * A refreshed token of the session's own auth-service session: the session now lives until that token's expiry
   * plus the grace. Only ever later, so two tabs sending their refreshed tokens in any order agree.
   */
  async extendAuthBinding(sessionId: string, tokenExpiresAt: Date): Promise<void> {
    const authExpiresAt = new Date(tokenExpiresAt.getTime() + this.ttl.authGraceMs);
    await this.db
      .update(sessions)
      .set({
        authExpiresAt: sql`greatest(${sessions.authExpiresAt}, ${authExpiresAt.toISOString()}::timestamptz)`,
      })
      .where(eq(sessions.id, sessionId));
    this.#cache.delete(sessionId);
  }

  /**
   * A newer proof of identity for the session (a refreshed token, or the password typed again): the session keeps
   * the newest time, and a second factor once passed.
   */
  async recordAuthentication(sessionId: string, proof: Authentication): Promise<void> {
    if (!proof.authenticatedAt && !proof.aal2) return;
    await this.db
      .update(sessions)
      .set({
        ...(proof.authenticatedAt && {
          authenticatedAt: sql`greatest(${sessions.authenticatedAt}, ${proof.authenticatedAt.toISOString()}::timestamptz)`,
        }),
        ...(proof.aal2 && { aal2: true }),
      })
      .where(eq(sessions.id, sessionId));
    this.#cache.delete(sessionId);
  }

  /**
   * Whether the session's user proved who they are within `maxAgeMs`, or with a second factor. Read from the
   * database (never this replica's cache): a step-up made through another replica counts at once.
   */
  async recentlyAuthenticated(sessionId: string, maxAgeMs: number): Promise<boolean> {
    const [row] = await this.db
      .select({ authenticatedAt: sessions.authenticatedAt, aal2: sessions.aal2 })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    if (!row) return false;
    if (row.aal2) return true;
    return row.authenticatedAt !== null && this.now().getTime() - row.authenticatedAt.getTime() <= maxAgeMs;
  }

  /** Ends every session opened from one auth-service session (the auth service says it is over). */
  async revokeAuthSession(authSessionId: string): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(eq(sessions.authSessionId, authSessionId))
      .returning({ id: sessions.id });
    for (const { id } of deleted) this.#cache.delete(id);
    return deleted.length;
  }

  /** The live session and its user for a cookie value, or null (unknown, expired or revoked). */
  async resolve(token: string): Promise<ActiveSession | null> {
    const id = sessionIdOf(token);
    const now = this.now();
    const cached = this.#cache.get(id);
    if (cached && cached.freshUntil > now.getTime() && this.#isLive(cached.value, now)) return cached.value;
    this.#cache.delete(id);

    // No named prepared statement: a transaction-mode pooler may hand each query a different connection.
    const [found] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, id))
      .limit(1);
    if (!found) return null;
    if (!this.#isLive(found, now)) {
      await this.db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    if (now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      const expiresAt = this.#idleExpiry(found.user, now, found.session.absoluteExpiresAt);
      await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
      found.session = { ...found.session, lastSeenAt: now, expiresAt };
    }
    this.#remember(id, found, now);
    return found;
  }

  async revoke(token: string): Promise<void> {
    const id = sessionIdOf(token);
    this.#cache.delete(id);
    await this.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** Drops this replica's copies of a user's sessions (after the user row changed). */
  forgetUser(userId: string): void {
    for (const [id, entry] of this.#cache) {
      if (entry.value.user.id === userId) this.#cache.delete(id);
    }
  }

  /** Drops every cached session (tests that change rows behind the store's back). */
  forgetAll(): void {
    this.#cache.clear();
  }

  async deleteExpired(): Promise<number> {
    const now = this.now();
    const deleted = await this.db
      .delete(sessions)
      .where(
        or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now), lt(sessions.authExpiresAt, now)),
      )
      .returning({ id: sessions.id });
    return deleted.length;
  }

  #remember(id: string, value: ActiveSession, now: Date): void {
    if (this.ttl.cacheTtlMs <= 0) return;
    if (this.#cache.size >= CACHE_MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.#cache.keys().next().value;
      if (oldest !== undefined) this.#cache.delete(oldest);
    }
    this.#cache.set(id, { value, freshUntil: now.getTime() + this.ttl.cacheTtlMs });
  }

  /**
   * The idle limit of a user's sessions: their own sessionTimeout once they have chosen one [product: SET-35], else
   * the deployment's SESSION_IDLE_TTL.
   */
  #idleLimitMs(user: SessionOwner): number {
    // A plain lookup, not a schema: this runs on every request. Anything but a known choice reads as unset.
    const chosen = user.settings?.sessionTimeout;
    return typeof chosen === 'string' && Object.hasOwn(IDLE_LIMIT_MS, chosen)
      ? IDLE_LIMIT_MS[chosen as keyof typeof IDLE_LIMIT_MS]
      : this.ttl.idleTtlMs;
  }

  #idleExpiry(user: SessionOwner, now: Date, absoluteExpiresAt: Date): Date {
    return new Date(Math.min(now.getTime() + this.#idleLimitMs(user), absoluteExpiresAt.getTime()));
  }

  /**
   * Live: before every stored expiry (idle, absolute, the auth-service session's), and used within the user's
   * current idle limit, so a shorter sessionTimeout applies at once to sessions already open.
   */
  #isLive({ session, user }: ActiveSession, now: Date): boolean {
    const idleSince = now.getTime() - session.lastSeenAt.getTime();
    return (
      session.expiresAt > now &&
      session.absoluteExpiresAt > now &&
      session.authExpiresAt > now &&
      idleSince < this.#idleLimitMs(user)
    );
  }
}

/** What the table stores for a cookie value. */
export function sessionIdOf(token: string): string {
  // The one-shot hash: 1.1 µs against createHash().update().digest()'s 2.9 µs here, on every request.
  return hash('sha256', token, 'hex');
}
