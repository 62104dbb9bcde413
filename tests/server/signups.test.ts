import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { signupSchema } from '../../contract/signup';
import { signups } from '../../server/db/schema';
import { CONFIRM_FIRST, NOT_YOUR_ADDRESS, SIGNUP_EXISTS } from '../../server/routes/signups';
import { build, ENGINES, uniqueEmail } from './support/app';
import { signIn, TestClient } from './support/client';
import { testAuthService } from './support/tokens';

describe.each(ENGINES)('signup routes on %s', (engine) => {
  const { app } = build(engine);

  const signupFor = (email: string) => ({
    name: 'Robin Example',
    email,
    normalized_email: email.toLowerCase(),
    company: 'Robin Co',
    company_size: '11-50',
    plan: 'pro',
    interval: 'annual',
  });

  async function anonymous(): Promise<TestClient> {
    const client = new TestClient(app);
    await client.fetchCsrf();
    return client;
  }

  /** The record as onboarding creates it: by the signed-in, confirmed owner of the address. */
  async function createSignup(email: string) {
    const { client } = await signIn(app, email);
    const response = await client.post('/api/signups', signupFor(email));
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  /** A record someone else wrote for the address (before creating one needed the owner's session). */
  async function plantSignup(email: string) {
    await app.db.insert(signups).values({
      name: 'Mallory Attacker',
      email,
      normalizedEmail: email,
      company: 'Attacker Co',
      companySize: '500+',
      plan: 'business',
      interval: 'monthly',
      createdBy: null,
    });
  }

  describe('GET /api/signups', () => {
    it('answers an empty list for an empty or missing e-mail', async () => {
      await createSignup(uniqueEmail());
      for (const url of ['/api/signups', '/api/signups?email=', '/api/signups?email=%20%20']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toEqual([]);
      }
    });

    it('answers an empty list for an address without a signup', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/signups?email=${uniqueEmail()}` });
      expect(response.json()).toEqual([]);
    });

    it('finds a record whatever the case and surrounding spaces of the address', async () => {
      const email = uniqueEmail('casey');
      await createSignup(email);
      const query = encodeURIComponent(`  ${email.toUpperCase()} `);
      const response = await app.inject({ method: 'GET', url: `/api/signups?email=${query}` });
      expect(response.json()).toHaveLength(1);
    });

    it('tells anonymous callers only that the address is registered, nothing about the person or company', async () => {
      const email = uniqueEmail();
      await createSignup(email);
      const response = await app.inject({ method: 'GET', url: `/api/signups?email=${email}` });
      const [record] = response.json();
      v.parse(signupSchema, record);
      // Only existence: the plan and interval are the defaults, not the record's own (pro, annual).
      expect(record).toEqual({
        email,
        normalized_email: email,
        name: '',
        company: null,
        company_size: null,
        plan: 'starter',
        interval: 'monthly',
      });
      expect(record).not.toHaveProperty('id');
      expect(record).not.toHaveProperty('created_date');
    });

    it('shows the whole record to its owner and to admins, but not to other users', async () => {
      const email = uniqueEmail('owner');
      await createSignup(email);
      const url = `/api/signups?email=${email}`;

      const owner = await signIn(app, email);
      expect((await owner.client.get(url)).json()[0]).toMatchObject({
        name: 'Robin Example',
        company: 'Robin Co',
      });
      const admin = await signIn(app, 'admin@example.com');
      expect((await admin.client.get(url)).json()[0]).toMatchObject({
        company: 'Robin Co',
        company_size: '11-50',
      });
      const stranger = await signIn(app, uniqueEmail('stranger'));
      expect((await stranger.client.get(url)).json()[0]).toMatchObject({ name: '', company: null });
    });
  });

  describe('POST /api/signups', () => {
    const stored = (email: string) => app.db.select().from(signups).where(eq(signups.normalizedEmail, email));

    it('creates the record for the confirmed owner of the address and answers 201 with it', async () => {
      const email = uniqueEmail();
      const { client, user } = await signIn(app, email);
      expect((await client.get('/api/auth/me?include_flags=true')).json().onboarding_required).toBe(true);
      const response = await client.post('/api/signups', signupFor(email));
      expect(response.statusCode).toBe(201);
      const created = v.parse(signupSchema, response.json());
      expect(created).toMatchObject({
        email,
        normalized_email: email,
        name: 'Robin Example',
        plan: 'pro',
        interval: 'annual',
        company_size: '11-50',
      });
      expect(created.id).toEqual(expect.any(String));
      expect(created.created_date).toEqual(expect.any(String));
      expect((await stored(email))[0]?.createdBy).toBe(user.id);
      expect((await client.get('/api/auth/me?include_flags=true')).json()).toMatchObject({
        has_signup: true,
        onboarding_required: false,
      });
    });

    it('answers 401 to an anonymous visitor and stores nothing', async () => {
      const email = uniqueEmail('anonymous');
      const response = await (await anonymous()).post('/api/signups', signupFor(email));
      expect(response.statusCode).toBe(401);
      expect(await stored(email)).toHaveLength(0);
    });

    it("answers 403 when a signed-in user tries to create someone else's signup", async () => {
      const { client } = await signIn(app, uniqueEmail());
      const other = uniqueEmail('other');
      const response = await client.post('/api/signups', signupFor(other));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NOT_YOUR_ADDRESS);
      expect(await stored(other)).toHaveLength(0);
    });

    it('answers 403 while the address is not confirmed at the auth service', async () => {
      const email = uniqueEmail('unconfirmed');
      testAuthService.unconfirmed.add(email);
      try {
        const { client } = await signIn(app, email);
        const response = await client.post('/api/signups', signupFor(email));
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(CONFIRM_FIRST);
        expect(await stored(email)).toHaveLength(0);
      } finally {
        testAuthService.unconfirmed.delete(email);
      }
    });

    it('trims and lowercases the address and recomputes normalized_email whatever the browser sent', async () => {
      const email = uniqueEmail('mixed');
      const { client } = await signIn(app, email);
      const response = await client.post('/api/signups', {
        ...signupFor(email),
        email: `  ${email.toUpperCase()}  `,
        normalized_email: 'someone-else@example.com',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ email, normalized_email: email });
      expect((await stored(email))[0]?.email).toBe(email);
    });

    it('stores an empty company and company size as null, and defaults plan and interval', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      const response = await client.post('/api/signups', {
        name: 'Min',
        email,
        company: '',
        company_size: '',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        company: null,
        company_size: null,
        plan: 'starter',
        interval: 'monthly',
      });
    });

    it('answers 409 with the duplicate message [product: SIGNUP-10] when the owner already created the record, in any letter case', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      expect((await client.post('/api/signups', signupFor(email))).statusCode).toBe(201);
      const response = await client.post('/api/signups', {
        ...signupFor(email.toUpperCase()),
        company: 'Other',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'conflict', message: SIGNUP_EXISTS });
      expect(await stored(email)).toHaveLength(1);
      expect((await stored(email))[0]?.company).toBe('Robin Co');
    });

    it('lets the confirmed owner claim and correct a record someone else created for their address', async () => {
      const email = uniqueEmail('claimed');
      await plantSignup(email);
      const { client, user } = await signIn(app, email);
      const response = await client.post('/api/signups', signupFor(email));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Robin Example', company: 'Robin Co', plan: 'pro' });
      const [row] = await stored(email);
      expect(row).toMatchObject({ company: 'Robin Co', companySize: '11-50', createdBy: user.id });
      // Claimed once: from now on it is the owner's own record.
      expect((await client.post('/api/signups', signupFor(email))).statusCode).toBe(409);
    });

    it('answers 422 with field errors and stores nothing', async () => {
      const { client } = await signIn(app, uniqueEmail());
      const response = await client.post('/api/signups', {
        name: '  ',
        email: 'not-an-address',
        plan: 'platinum',
        interval: 'weekly',
        company_size: '9000',
      });
      expect(response.statusCode).toBe(422);
      const { errors } = response.json();
      expect(Object.keys(errors).sort()).toEqual(['company_size', 'email', 'interval', 'name', 'plan']);
      expect(await app.db.select().from(signups).where(eq(signups.email, 'not-an-address'))).toHaveLength(0);
    });

    it('answers 403 without the CSRF token and stores nothing', async () => {
      const email = uniqueEmail();
      const { client } = await signIn(app, email);
      const response = await client.post('/api/signups', signupFor(email), { omit: ['csrf'] });
      expect(response.statusCode).toBe(403);
      expect(await app.db.select().from(signups).where(eq(signups.normalizedEmail, email))).toHaveLength(0);
    });
  });
});
