import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type SessionRow, sessions, type UserRow, users } from '../db/schema';

export type SessionTtl = { idleTtlMs: number; absoluteTtlMs: number };

export type OpenedSession = {
  /** The cookie value; only its hash is stored. */
  token: string;
  id: string;
  absoluteExpiresAt: Date;
};

export type ActiveSession = { session: SessionRow; user: UserRow };

/** Sliding the idle expiry costs a write; doing it at most once a minute keeps reads cheap. */
const TOUCH_INTERVAL_MS = 60_000;

/** Server-side sessions in the database: every replica sees the same sessions, and logout really ends one. */
export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly ttl: SessionTtl,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A fresh random id for every sign-in (no fixation). */
  async open(userId: string, userAgent: string | undefined): Promise<OpenedSession> {
    const token = randomBytes(32).toString('base64url');
    const id = sessionIdOf(token);
    const now = this.now();
    const absoluteExpiresAt = new Date(now.getTime() + this.ttl.absoluteTtlMs);
    await this.db.insert(sessions).values({
      id,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: this.#idleExpiry(now, absoluteExpiresAt),
      absoluteExpiresAt,
      userAgent: userAgent?.slice(0, 500) ?? null,
    });
    return { token, id, absoluteExpiresAt };
  }

  /** The live session and its user for a cookie value, or null (unknown, expired or revoked). */
  async resolve(token: string): Promise<ActiveSession | null> {
    const id = sessionIdOf(token);
    const [found] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, id))
      .limit(1);
    if (!found) return null;
    const now = this.now();
    if (found.session.expiresAt <= now || found.session.absoluteExpiresAt <= now) {
      await this.db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    if (now.getTime() - found.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      const expiresAt = this.#idleExpiry(now, found.session.absoluteExpiresAt);
      await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
      found.session = { ...found.session, lastSeenAt: now, expiresAt };
    }
    return found;
  }

  async revoke(token: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)));
  }

  async deleteExpired(): Promise<number> {
    const now = this.now();
    const deleted = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)))
      .returning({ id: sessions.id });
    return deleted.length;
  }

  #idleExpiry(now: Date, absoluteExpiresAt: Date): Date {
    return new Date(Math.min(now.getTime() + this.ttl.idleTtlMs, absoluteExpiresAt.getTime()));
  }
}

/** What the table stores for a cookie value. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
