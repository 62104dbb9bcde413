import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAMED_PAGES, type FramedPage, frameHtml } from '../../contract/spa-build';
import { contactMessages } from '../../server/db/schema';
import { runtimeConfigOf, withRuntimeConfig } from '../../server/lib/spa-pages';
import { build, ENGINES, PRODUCTION_ENV, startTestApp, type TestApp } from './support/app';
import { TestClient } from './support/client';

const APP_JS = 'console.info("app");';
const LANDING_HTML_FILE =
  '<!doctype html><html><head></head><body><div id="root"><h1>Monitor.</h1></div></body></html>';
/** Each signed-in page's frame, with the page's heading painted in. */
const frameHtmlFile = (page: string) =>
  `<!doctype html><html><head></head><body><div id="root" data-frame><header>Beacon RMM</header><h1>${page}</h1></div></body></html>`;
const INDEX_HTML_FILE =
  '<!doctype html><html><head><script type="module" src="/assets/index-4f2a9c.js"></script></head><body><div id="root"></div></body></html>';

describe.each(ENGINES)('serving the SPA, security headers and request limits on %s', (engine) => {
  // The build the app serves, written before the app starts.
  const dist = path.join(tmpdir(), `beacon-dist-${randomUUID()}`);
  beforeAll(async () => {
    await mkdir(dist);
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML_FILE);
    await writeFile(path.join(dist, 'landing.html'), LANDING_HTML_FILE);
    for (const page of FRAMED_PAGES) await writeFile(path.join(dist, frameHtml(page)), frameHtmlFile(page));
    await writeFile(path.join(dist, 'assets', 'index-4f2a9c.js'), APP_JS);
    await writeFile(
      path.join(dist, 'assets', 'index-4f2a9c.js.map'),
      '{"version":3,"sources":["src/secret.ts"]}',
    );
    // The build's compressed twin of an asset (vite.config.ts): only a gzip one. Pages are compressed by the server.
    await writeFile(path.join(dist, 'assets', 'index-4f2a9c.js.gz'), gzipSync(APP_JS));
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const { app } = build(engine, { env: { SPA_DIST: dist, BODY_LIMIT: '2048' } });
  /** The pages as sent: the runtime configuration written in (its own test below compares it with GET /api/config). */
  const served = (file: string) => withRuntimeConfig(file, runtimeConfigOf(app.config));
  const LANDING_PAGE_HTML = () => served(LANDING_HTML_FILE);
  const INDEX_HTML = () => served(INDEX_HTML_FILE);
  const FRAME_HTML = (page: FramedPage) => served(frameHtmlFile(page));

  const page = (url: string) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

  describe('GET / and client-side routes', () => {
    it('writes the runtime configuration into every page, as GET /api/config answers it', async () => {
      const config = (await app.inject({ method: 'GET', url: '/api/config' })).json();
      for (const url of ['/', '/Billing']) {
        const element =
          /<script type="application\/json" id="beacon-runtime-config">(.*?)<\/script><\/head>/.exec(
            (await page(url)).body,
          );
        expect(JSON.parse(element?.[1] ?? 'null'), url).toEqual(config);
      }
    });

    it('serves the prerendered landing page at the root and at /Landing in any case, without caching it', async () => {
      for (const url of ['/', '/Landing', '/landing/', '/LANDING?show_signup=1']) {
        const response = await page(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(LANDING_PAGE_HTML());
        expect(response.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it('sends each signed-in page with its own frame painted in, by the last segment in any case', async () => {
      for (const [url, framed] of [
        ['/Billing', 'Billing'],
        ['/settings', 'Settings'],
        ['/Foo/Profile', 'Profile'],
        ['/Onboarding/', 'Onboarding'],
        ['/PROFILE?x=1', 'Profile'],
      ] as const) {
        const response = await page(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(FRAME_HTML(framed));
        expect(response.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it('falls back to index.html for any other page the browser navigates to (/Dashboard, /Profile/x)', async () => {
      for (const url of ['/Dashboard', '/Profile/x', '/Landing/x', '/Landingx', '/Reset', '/AdminRefunds']) {
        const response = await page(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(INDEX_HTML());
        expect(response.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it.each([['*/*'], ['application/json'], [undefined]])(
      'answers a page path with the page whatever the Accept header says (%s)',
      async (accept) => {
        const headers: Record<string, string> = accept ? { accept } : {};
        for (const [url, body] of [
          ['/dashboard', INDEX_HTML()],
          ['/Foo/Settings', FRAME_HTML('Settings')],
          ['/Landing', LANDING_PAGE_HTML()],
        ] as const) {
          const response = await app.inject({ method: 'GET', url, headers });
          expect(response.statusCode, url).toBe(200);
          expect(response.body, url).toBe(body);
        }
      },
    );

    it('answers a malformed address through the error handler, as JSON', async () => {
      for (const url of ['/%zz', '/api/%zz']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual({ message: 'The address is not valid.', code: 'bad_request' });
      }
    });

    it('answers 404, not the SPA, to a missing file that is not a page', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/missing-123.js',
        headers: { accept: '*/*' },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('GET /assets/*', () => {
    it('serves hashed assets with a year-long immutable cache', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toContain('javascript');
    });

    it('serves other files with a short cache', async () => {
      const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
    });
  });

  describe('compression', () => {
    it('sends a page gzip-compressed, or plain, by what the browser accepts', async () => {
      const dashboard = (encoding: string) =>
        app.inject({
          method: 'GET',
          url: '/Dashboard',
          headers: { accept: 'text/html', 'accept-encoding': encoding },
        });
      const gzipped = await dashboard('gzip, deflate');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(INDEX_HTML());
      const plain = await dashboard('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(INDEX_HTML());
    });

    it('sends a page brotli-compressed to a browser that accepts it', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/Dashboard',
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML());
    });

    it('falls back to gzip, then to the plain file, by what the browser accepts and what exists', async () => {
      const asset = (encoding: string) =>
        app.inject({
          method: 'GET',
          url: '/assets/index-4f2a9c.js',
          headers: { 'accept-encoding': encoding },
        });
      const gzipped = await asset('gzip, br');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const plain = await asset('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(APP_JS);
    });
  });

  describe('unknown /api addresses', () => {
    it('answer a JSON 404, even to a browser asking for HTML', async () => {
      for (const url of ['/api/nothing-here', '/api/auth/nothing']) {
        const response = await page(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/json');
        expect(response.json(), url).toMatchObject({ code: 'not_found', message: expect.any(String) });
      }
    });
  });

  describe('security headers', () => {
    it('are set on pages and API answers alike', async () => {
      for (const response of [await page('/'), await app.inject({ method: 'GET', url: '/api/health' })]) {
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("connect-src 'self' http://localhost:54321");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['x-frame-options']).toBe('DENY');
      }
    });

    it('mark API answers as not storable', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/config' });
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('request size limit', () => {
    it('answers 413 to a body over BODY_LIMIT and stores nothing', async () => {
      const before = (await app.db.select().from(contactMessages)).length;
      const client = new TestClient(app);
      await client.fetchCsrf();
      const response = await client.post('/api/contact', {
        name: 'Big',
        email: 'big@example.com',
        message: 'x'.repeat(4096),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'payload_too_large', message: expect.any(String) });
      expect((await app.db.select().from(contactMessages)).length).toBe(before);
    });
  });
});

describe('source maps', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'beacon-maps-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML_FILE);
    await writeFile(path.join(dist, 'assets', 'index-4f2a9c.js'), APP_JS);
    await writeFile(path.join(dist, 'assets', 'index-4f2a9c.js.map'), '{"version":3,"sources":["src/a.ts"]}');
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it.each([
    ['outside local mode', PRODUCTION_ENV, 404],
    ['when switched off', { SERVE_SOURCE_MAPS: 'false' }, 404],
    ['outside local mode when asked for', { ...PRODUCTION_ENV, SERVE_SOURCE_MAPS: 'true' }, 200],
    ['in local mode', {}, 200],
  ])('%s: %s', async (_case, env, status) => {
    const served = await startTestApp('pglite', { env: { ...env, SPA_DIST: dist } });
    try {
      const map = await served.app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js.map' });
      expect(map.statusCode).toBe(status);
      expect((await served.app.inject({ method: 'GET', url: '/assets/index-4f2a9c.js' })).statusCode).toBe(
        200,
      );
    } finally {
      await served.close();
    }
  });
});

describe('the runtime configuration in a page', () => {
  it('cannot end its element, whatever a setting holds', () => {
    const html = withRuntimeConfig('<html><head></head></html>', {
      supabaseUrl: null,
      supabaseAnonKey: '</script><script>alert(1)</script>',
      dashboardUrl: 'https://dash',
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script[^>]*>(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json).supabaseAnonKey).toBe('</script><script>alert(1)</script>');
  });
});

describe('serving without a built SPA', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp('pglite');
  });
  afterAll(() => bare.close());

  it('answers the API and a 404 for pages', async () => {
    expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const response = await bare.app.inject({
      method: 'GET',
      url: '/Billing',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
  });
});
