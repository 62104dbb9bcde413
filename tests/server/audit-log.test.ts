import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { build, ENGINES, uniqueEmail } from './support/app';
import { signIn, TestClient } from './support/client';

/** Issue 19 item 5: a bounded audit log. */
describe.each(ENGINES)('the audit log on %s', (engine) => {
  const { app } = build(engine, { env: { AUDIT_LOG_RETENTION: '30d' } });
  const count = async () => Number((await app.db.select({ n: sql`count(*)` }).from(auditLog))[0]?.n);

  it('keeps no row for anonymous refusals of admin routes and billing changes (the access log has them)', async () => {
    const before = await count();
    const anonymous = new TestClient(app);
    await anonymous.fetchCsrf();
    const long = 'x'.repeat(8000);
    const answers = [
      await anonymous.post('/api/admin/refunds/reverse', { paymentIntentId: 'pi_1' }),
      await anonymous.get(`/api/admin/refunds?junk=${long}`),
      await anonymous.get(`/api/admin/${long}`),
      await anonymous.post(`/api/admin/${long}`, {}, { omit: ['csrf'] }),
      await anonymous.post('/api/billing/cancel', {}),
      await anonymous.post(`/api/billing/checkout-session?junk=${long}`, { planName: 'pro_monthly' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 404, 403, 401, 401]);
    // Rows are written once the answer has gone: a signed-in refusal afterwards is the one row to wait for.
    const { client } = await signIn(app, uniqueEmail('after'));
    expect((await client.get('/api/admin/refunds')).statusCode).toBe(403);
    await expect.poll(count).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await count()).toBe(before + 1);
  });

  it("records a signed-in caller's refusal under the route's pattern, never the URL they wrote", async () => {
    const email = uniqueEmail('nosy');
    const { client } = await signIn(app, email);
    const long = 'y'.repeat(8000);
    expect((await client.get(`/api/admin/refunds?junk=${long}`)).statusCode).toBe(403);
    expect((await client.get(`/api/admin/no-such-route/${long}`)).statusCode).toBe(404);
    // Refused before any route matched (no CSRF proof): nothing names an action, so nothing is recorded.
    expect((await client.post(`/api/admin/${long}`, {}, { omit: ['csrf'] })).statusCode).toBe(403);
    // Rows are written once the answer has gone.
    const rowsOf = () => app.db.select().from(auditLog).where(eq(auditLog.actorEmail, email));
    await expect.poll(async () => (await rowsOf()).length).toBe(1);
    const rows = await rowsOf();
    expect(rows.map(({ action, target, outcome }) => ({ action, target, outcome }))).toEqual([
      { action: 'admin.refunds', target: '/api/admin/refunds', outcome: 'refused' },
    ]);
    expect(JSON.stringify(rows)).not.toContain('yyyy');
  });

  it('caps every value of a row, however long what it is given', async () => {
    const huge = 'z'.repeat(20_000);
    await app.audit.record({
      actor: { id: '00000000-0000-4000-8000-000000000001', email: `${huge}@example.com` },
      action: `test.${huge}`,
      target: huge,
      outcome: 'failed',
      detail: {
        message: huge,
        list: Array.from({ length: 1000 }, () => huge),
        nested: { a: { b: { c: { d: huge } } } },
      },
    });
    const [row] = await app.db.select().from(auditLog).where(sql`${auditLog.action} like 'test.zzz%'`);
    expect(row?.action.length).toBeLessThanOrEqual(100);
    expect(row?.target?.length).toBeLessThanOrEqual(200);
    expect(row?.actorEmail?.length).toBeLessThanOrEqual(320);
    expect(JSON.stringify(row?.detail).length).toBeLessThan(12_000);
  });

  it('is pruned by age (AUDIT_LOG_RETENTION) in the housekeeping, keeping what is younger', async () => {
    const day = 86_400_000;
    const row = (days: number, action: string) => ({
      action,
      outcome: 'succeeded' as const,
      createdAt: new Date(Date.now() - days * day),
    });
    await app.db
      .insert(auditLog)
      .values([row(31, 'prune.old'), row(400, 'prune.ancient'), row(29, 'prune.recent')]);
    await app.housekeeping.sweep();
    const left = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'prune.%'`);
    expect(left.map((entry) => entry.action)).toEqual(['prune.recent']);
  });
});
