import { describe, expect, it } from 'vitest';
import { signups } from '../../server/db/schema';
import { DEMO_SIGNUPS, seedDemoData } from '../../server/seed';
import { build, ENGINES } from './support/app';
import { signIn } from './support/client';

describe.each(ENGINES)('seedDemoData (server/seed.ts) on %s', (engine) => {
  const { app } = build(engine);

  it('creates the demo signup records once, however often it runs', async () => {
    expect(await seedDemoData(app.db, app.log)).toEqual({ created: DEMO_SIGNUPS.length });
    expect(await seedDemoData(app.db, app.log)).toEqual({ created: 0 });
    const emails = (await app.db.select().from(signups)).map((row) => row.normalizedEmail).sort();
    expect(emails).toEqual(['admin@example.com', 'customer@example.com']);
  });

  it('spares the demo accounts onboarding, and the admin gets the role from ADMIN_EMAILS at sign-in', async () => {
    await seedDemoData(app.db, app.log);
    const customer = await signIn(app, 'customer@example.com');
    expect((await customer.client.get('/api/auth/me?include_flags=true')).json()).toMatchObject({
      role: 'user',
      onboarding_required: false,
    });
    const admin = await signIn(app, 'admin@example.com');
    expect((await admin.client.get('/api/auth/me?include_flags=true')).json()).toMatchObject({
      role: 'admin',
      onboarding_required: false,
    });
  });
});
