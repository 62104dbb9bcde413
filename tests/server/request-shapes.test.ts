import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, signups, users } from '../../server/db/schema';
import { build, ENGINES, uniqueEmail } from './support/app';
import { signIn, TestClient } from './support/client';
import { mintToken } from './support/tokens';

/** Issue 8 item 9: bodies are checked as the contract closes them: no arrays for objects, no unknown fields. */
describe.each(ENGINES)('request shapes on %s', (engine) => {
  const { app } = build(engine);

  it('refuses an array where the profile update expects an object, and changes nothing', async () => {
    const { client, user } = await signIn(app, uniqueEmail());
    for (const [body, field] of [
      [[], 'body'],
      [{ settings: [] }, 'settings'],
      [{ settings: ['theme', 'dark'] }, 'settings'],
    ] as const) {
      const response = await client.patch('/api/auth/me', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(body)).toEqual([
        `Expected ${field} to be an object but received an array.`,
      ]);
    }
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.settings).toEqual({});
  });

  it('refuses an array as the contact message', async () => {
    const client = new TestClient(app);
    await client.fetchCsrf();
    expect(
      (await client.post('/api/contact', [{ name: 'A', email: 'a@example.com', message: 'x' }])).statusCode,
    ).toBe(422);
  });

  it('refuses unknown fields on the signup body with 422 naming them, and stores nothing', async () => {
    const email = uniqueEmail();
    const { client } = await signIn(app, email);
    const response = await client.post('/api/signups', { name: 'A', email, created_by: 'someone-else' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ created_by: ['created_by is not a field of the signup.'] });
    expect(await app.db.select().from(signups).where(eq(signups.normalizedEmail, email))).toHaveLength(0);
  });

  it('refuses unknown fields on the contact body and the sign-in exchange', async () => {
    const client = new TestClient(app);
    await client.fetchCsrf();
    const marker = `marker-${uniqueEmail()}`;
    const contact = await client.post('/api/contact', {
      name: 'A',
      email: 'a@example.com',
      message: marker,
      userId: '00000000-0000-0000-0000-000000000000',
    });
    expect(contact.statusCode).toBe(422);
    expect(contact.json().errors).toEqual({ userId: ['userId is not a field of the contact message.'] });
    expect(
      await app.db.select().from(contactMessages).where(eq(contactMessages.message, marker)),
    ).toHaveLength(0);

    const exchange = await client.post('/api/auth/sso/supabase', {
      token: await mintToken(uniqueEmail()),
      role: 'admin',
    });
    expect(exchange.statusCode).toBe(422);
    expect(exchange.json().errors).toEqual({ role: ['role is not a field of the sign-in request.'] });
  });
});
