import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contactCreatedSchema } from '../../contract/contact';
import { contactMessages } from '../../server/db/schema';
import { build, ENGINES, uniqueEmail } from './support/app';
import { signIn, TestClient } from './support/client';

describe.each(ENGINES)('contact and organization routes on %s', (engine) => {
  const { app } = build(engine);

  describe('POST /api/contact', () => {
    it('stores the message and answers 201 with its id and creation date', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      const message = {
        name: ' Pat ',
        email: 'PAT@Example.com',
        company: 'Pat Co',
        message: 'Please call me.',
      };
      const response = await client.post('/api/contact', message);
      expect(response.statusCode).toBe(201);
      const created = v.parse(contactCreatedSchema, response.json());
      expect(Object.keys(response.json()).sort()).toEqual(['created_date', 'id']);
      const [row] = await app.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, String(created.id)));
      expect(row).toMatchObject({
        name: 'Pat',
        email: 'pat@example.com',
        company: 'Pat Co',
        message: 'Please call me.',
      });
    });

    it('accepts a message without a company', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post('/api/contact', {
        name: 'Pat',
        email: 'pat@example.com',
        message: 'Hi',
      });
      expect(response.statusCode).toBe(201);
    });

    it('answers 422 with field errors when name, email or message is missing', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post('/api/contact', { name: '', email: 'nope', message: '   ' });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors).sort()).toEqual(['email', 'message', 'name']);
    });

    it('answers 403 without the CSRF token', async () => {
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post(
        '/api/contact',
        { name: 'Pat', email: 'pat@example.com', message: 'Hi' },
        { omit: ['csrf'] },
      );
      expect(response.statusCode).toBe(403);
    });
  });

  describe('GET /api/org/', () => {
    it('answers 401 to anonymous callers', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/org/' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    });

    it("says 'Not specified' when neither the profile nor a signup names a company", async () => {
      const { client } = await signIn(app, uniqueEmail());
      const response = await client.get('/api/org/');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'Not specified' });
    });

    it("falls back to the signup's company, and prefers the profile's company", async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      await client.post('/api/signups', {
        name: 'Org Person',
        email,
        company: 'Signup Co',
        plan: 'starter',
        interval: 'monthly',
      });
      expect((await client.get('/api/org/')).json()).toEqual({ name: 'Signup Co' });
      await client.patch('/api/auth/me', { company: 'Profile Co' });
      expect((await client.get('/api/org')).json()).toEqual({ name: 'Profile Co' });
    });
  });
});
