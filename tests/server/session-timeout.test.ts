import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { SessionStore } from '../../server/services/session-store';
import { build, ENGINES, uniqueEmail } from './support/app';
import { signIn } from './support/client';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The user's sessionTimeout is the server session's idle limit [product: SET-25, SET-35]: a session unused for
 * longer ends; never leaves only the absolute limit; without a choice the deployment's SESSION_IDLE_TTL applies.
 */
describe.each(ENGINES)('session idle limit from the sessionTimeout setting on %s', (engine) => {
  const { app } = build(engine);
  let now = new Date('2026-03-01T09:00:00Z');
  // No cache, and a clock the test moves: each resolve reads the database at the time the test says.
  const store = () =>
    new SessionStore(
      app.db,
      { idleTtlMs: 8 * HOUR, absoluteTtlMs: 14 * DAY, cacheTtlMs: 0, authGraceMs: 0, maxPerUser: 10 },
      () => now,
    );
  // The auth-service session outlives every case: only the idle limit is under test here.
  const binding = () => ({ authSessionId: null, tokenExpiresAt: new Date(now.getTime() + 30 * DAY) });

  async function userChoosing(settings: Record<string, unknown>) {
    const { user } = await signIn(app, uniqueEmail());
    await app.db.update(users).set({ settings }).where(eq(users.id, user.id));
    const row = await app.users.findById(user.id);
    if (!row) throw new Error('user row missing');
    return row;
  }

  /** Opens a session at a fixed time, leaves it unused for `idleMs`, and says whether it still works. */
  async function aliveAfter(settings: Record<string, unknown>, idleMs: number): Promise<boolean> {
    const user = await userChoosing(settings);
    now = new Date('2026-03-01T09:00:00Z');
    const sessions = store();
    const { token } = await sessions.open(user, 'test', binding());
    now = new Date(now.getTime() + idleMs);
    return (await sessions.resolve(token)) !== null;
  }

  it.each([
    ['1h', HOUR],
    ['4h', 4 * HOUR],
    ['8h', 8 * HOUR],
    ['24h', DAY],
  ])('%s: alive a minute before the limit, ended a minute after', async (sessionTimeout, limit) => {
    expect(await aliveAfter({ sessionTimeout }, limit - MINUTE)).toBe(true);
    expect(await aliveAfter({ sessionTimeout }, limit + MINUTE)).toBe(false);
  });

  it('never: only the absolute limit ends the session', async () => {
    expect(await aliveAfter({ sessionTimeout: 'never' }, 13 * DAY)).toBe(true);
    expect(await aliveAfter({ sessionTimeout: 'never' }, 14 * DAY + MINUTE)).toBe(false);
  });

  it("without a choice (or an unknown one) the deployment's idle limit applies", async () => {
    expect(await aliveAfter({}, 8 * HOUR - MINUTE)).toBe(true);
    expect(await aliveAfter({}, 8 * HOUR + MINUTE)).toBe(false);
    expect(await aliveAfter({ sessionTimeout: '99h' }, 8 * HOUR + MINUTE)).toBe(false);
  });

  it('a shorter choice applies at once to a session already open', async () => {
    const user = await userChoosing({ sessionTimeout: '24h' });
    now = new Date('2026-03-01T09:00:00Z');
    const sessions = store();
    const { token } = await sessions.open(user, 'test', binding());
    await app.db
      .update(users)
      .set({ settings: { sessionTimeout: '1h' } })
      .where(eq(users.id, user.id));
    now = new Date(now.getTime() + 2 * HOUR);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('use keeps the session alive past the limit: the idle time counts from the last request', async () => {
    const user = await userChoosing({ sessionTimeout: '1h' });
    now = new Date('2026-03-01T09:00:00Z');
    const sessions = store();
    const { token } = await sessions.open(user, 'test', binding());
    for (let step = 0; step < 3; step += 1) {
      now = new Date(now.getTime() + 50 * MINUTE);
      expect(await sessions.resolve(token)).not.toBeNull();
    }
  });
});
