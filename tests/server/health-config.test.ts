import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { healthResponseSchema, runtimeConfigSchema } from '../../contract/session';
import { build, ENGINES, startTestApp, type TestApp } from './support/app';
import { TestClient } from './support/client';

describe.each(ENGINES)('health and runtime configuration on %s', (engine) => {
  const { app } = build(engine, {
    env: { DASHBOARD_URL: 'https://dashboard.example.com', SUPABASE_ANON_KEY: 'public-anon-key' },
  });

  describe('GET /api/health', () => {
    it('answers ok with a reachable database and the version', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(v.parse(healthResponseSchema, response.json())).toEqual({
        ok: true,
        db: true,
        version: '0.1.0',
      });
    });

    it('answers 503 with db false when the database does not answer', async () => {
      const ping = vi.spyOn(app.database, 'ping').mockRejectedValueOnce(new Error('connection refused'));
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        ok: false,
        db: false,
        version: '0.1.0',
        reason: 'database unreachable',
      });
      ping.mockRestore();
    });
  });

  describe('GET /api/config', () => {
    it('answers the runtime configuration from the environment', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(200);
      expect(v.parse(runtimeConfigSchema, response.json())).toEqual({
        supabaseUrl: 'http://localhost:54321',
        supabaseAnonKey: 'public-anon-key',
        dashboardUrl: 'https://dashboard.example.com',
      });
    });
  });

  describe('without an auth service (SUPABASE_URL empty)', () => {
    let bare: TestApp;
    beforeAll(async () => {
      bare = await startTestApp(engine, { env: { SUPABASE_URL: '' } });
    });
    afterAll(() => bare.close());

    it('GET /api/config answers null auth settings', async () => {
      const response = await bare.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json()).toMatchObject({ supabaseUrl: null, supabaseAnonKey: null });
    });

    it('GET /api/auth/login renders a page explaining that sign-in is unavailable, linking back safely', async () => {
      const response = await bare.app.inject({
        method: 'GET',
        url: `/api/auth/login?redirect=${encodeURIComponent('/Billing?x="><script>alert(1)</script>')}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Sign-in is not available');
      expect(response.body).not.toContain('<script>');
      expect(response.body).toContain('href="/Billing?x=%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
    });

    it('POST /api/auth/sso/supabase answers 404: there is nothing to exchange tokens with', async () => {
      const client = new TestClient(bare.app);
      await client.fetchCsrf();
      const response = await client.post('/api/auth/sso/supabase', { token: 'x.y.z' });
      expect(response.statusCode).toBe(404);
    });
  });
});
