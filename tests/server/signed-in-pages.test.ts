import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cardSlot,
  FRAMED_PAGES,
  FRAMES_WITH_CARD,
  frameHtml,
  frameWithCardHtml,
} from '../../contract/spa-build';
import { runtimeConfigOf, withRuntimeConfig } from '../../server/lib/spa-pages';
import { build, ENGINES, uniqueEmail } from './support/app';
import { signIn, TestClient } from './support/client';

/** A frame as the build paints it; with the card, its texts as the slots the server fills. */
const frameFile = (page: string, withCard = false) =>
  `<!doctype html><html><head></head><body><div id="root" data-frame><h1>${page}</h1>${
    withCard
      ? `<h2>${cardSlot('name')}</h2><span aria-label="Role: ${cardSlot('role')}">${cardSlot('role')}</span>` +
        `<p>${cardSlot('email')}</p><p>Organization: ${cardSlot('organization')}</p>`
      : ''
  }<p>Loading…</p></div></body></html>`;

const IDENTITY_BLOCK = /<script type="application\/json" id="beacon-identity">(.*?)<\/script>/;

/** Issue 22: a signed-in page the server sends to a request with a session carries its user. */
describe.each(ENGINES)('signed-in pages with their user written in, on %s', (engine) => {
  const dist = path.join(tmpdir(), `beacon-dist-${randomUUID()}`);
  beforeAll(async () => {
    await mkdir(dist);
    await writeFile(path.join(dist, 'index.html'), frameFile('index'));
    for (const page of FRAMED_PAGES) await writeFile(path.join(dist, frameHtml(page)), frameFile(page));
    for (const page of FRAMES_WITH_CARD)
      await writeFile(path.join(dist, frameWithCardHtml(page)), frameFile(page, true));
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const { app } = build(engine, { env: { SPA_DIST: dist } });
  const html = { accept: 'text/html' };

  it('sends a request without a session the frame as built, keyed by cookie for caches', async () => {
    const response = await new TestClient(app).get('/Profile', { headers: html });
    expect(response.body).toBe(withRuntimeConfig(frameFile('Profile'), runtimeConfigOf(app.config)));
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
  });

  it('writes the identity call’s answer into the page, and the user’s card into Profile’s frame, stored by no cache', async () => {
    const { client } = await signIn(app, uniqueEmail('card'));
    const me = (await client.get('/api/auth/me?include_flags=true')).json<{
      full_name: string;
      email: string;
    }>();
    for (const url of ['/Profile', '/billing', '/Settings/', '/Onboarding?step=1']) {
      const response = await client.get(url, { headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(JSON.parse(IDENTITY_BLOCK.exec(response.body)?.[1] ?? 'null'), url).toEqual(me);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers.vary, url).toBe('accept-encoding, cookie');
    }
    const profile = (await client.get('/Profile', { headers: { ...html, 'accept-encoding': 'br' } }))
      .rawPayload;
    const body = brotliDecompressSync(profile).toString('utf8');
    expect(body).toContain(`<h2>${me.full_name}</h2>`);
    expect(body).toContain(`<p>${me.email}</p>`);
    expect(body).not.toContain('{{beacon-card:');
    // The other pages' frames have no card: the frame as built, with the user's data block.
    const billing = (await client.get('/Billing', { headers: html })).body;
    expect(billing.replace(IDENTITY_BLOCK, '')).toBe(
      withRuntimeConfig(frameFile('Billing'), runtimeConfigOf(app.config)),
    );
  });

  it('escapes what the user controls: a name and a company cannot end the data block or add markup', async () => {
    const name = '</script><script>alert(1)</script>';
    const company = '"><img src=x onerror=alert(2)> $& $\'';
    const { client } = await signIn(app, uniqueEmail('attack'), {
      claims: { user_metadata: { full_name: name } },
    });
    expect((await client.patch('/api/auth/me', { company })).statusCode).toBe(200);
    const me = (await client.get('/api/auth/me?include_flags=true')).json<{ full_name: string }>();
    expect(me.full_name).toBe(name);

    const body = (await client.get('/Profile', { headers: html })).body;
    // Only the page's own elements: the data blocks open and close once each, and nothing the user typed is markup.
    expect(body.match(/<script/g)).toHaveLength(2);
    expect(body.match(/<\/script>/g)).toHaveLength(2);
    expect(body).not.toContain('<img');
    expect(body).toContain('<h2>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h2>');
    expect(body).toContain('<p>Organization: &quot;&gt;&lt;img src=x onerror=alert(2)&gt; $&amp; $&#39;</p>');
    expect(JSON.parse(IDENTITY_BLOCK.exec(body)?.[1] ?? 'null')).toEqual(me);
  });

  it('leaves a card slot the user typed into a field as text: the data block is the identity answer, exactly', async () => {
    // A name ending in a backslash filled into the data block's copy of the bio would escape the bio's closing quote
    // and let the rest of the bio (`"}`) end the object: the SPA would read a different user, or none.
    const name = 'Mallory\\';
    const { client } = await signIn(app, uniqueEmail('slot'), {
      claims: { user_metadata: { full_name: name } },
    });
    const fields = {
      company: cardSlot('email'),
      bio: `${cardSlot('name')}"} <!-- \u2028\u2029 </SCRIPT >`,
      location: cardSlot('role'),
    };
    expect((await client.patch('/api/auth/me', fields)).statusCode).toBe(200);
    const me = (await client.get('/api/auth/me?include_flags=true')).json<Record<string, unknown>>();
    expect(me).toMatchObject({ ...fields, full_name: name });

    for (const url of ['/Profile', '/Settings']) {
      const body = (await client.get(url, { headers: html })).body;
      const block =
        /<script type="application\/json" id="beacon-identity">(.*?)<\/script>/s.exec(body)?.[1] ?? 'null';
      // Nothing that could end the element, nor a line terminator JavaScript would not take inside a string.
      expect(block, url).not.toMatch(/[<\u2028\u2029]/);
      expect(JSON.parse(block), url).toEqual(me);
    }
    const profile = (await client.get('/Profile', { headers: html })).body;
    // The card's organisation is the company as typed: the slot's text, not the e-mail filled in twice.
    expect(profile).toContain(`<p>Organization: ${cardSlot('email')}</p>`);
  });

  it('sends the frame as built, not an error, when the user cannot be read: the SPA asks and says what failed', async () => {
    const { client } = await signIn(app, uniqueEmail('outage'));
    const frame = withRuntimeConfig(frameFile('Profile'), runtimeConfigOf(app.config));
    const outage = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const signups = vi.spyOn(app.signups, 'findByUser').mockRejectedValue(outage);
    const sessions = vi.spyOn(app.sessions, 'resolve');
    try {
      const page = await client.get('/Profile', { headers: html });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(frame);
      expect(page.headers.vary).toBe('accept-encoding, cookie');
      signups.mockRestore();
      sessions.mockRejectedValue(outage);
      const noSession = await client.get('/Settings', { headers: html });
      expect(noSession.statusCode).toBe(200);
      expect(noSession.body).toBe(withRuntimeConfig(frameFile('Settings'), runtimeConfigOf(app.config)));
    } finally {
      signups.mockRestore();
      sessions.mockRestore();
    }
  });

  it('writes the user only into a page at its own address: a path under another (/assets/x/Profile) is no cache deception', async () => {
    // A CDN rule that caches everything under /assets/ (or by a path's prefix) whatever the page says would keep a
    // victim's page for the next visitor of the link. The app moves /foo/Billing to /Billing itself (ROUTE-20).
    const { client } = await signIn(app, uniqueEmail('deceive'));
    for (const [url, page] of [
      ['/assets/x/Profile', 'Profile'],
      ['/assets%2Fx/Profile', 'Profile'],
      ['/Foo/Settings', 'Settings'],
      ['/static/billing/', 'Billing'],
    ] as const) {
      const response = await client.get(url, { headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(withRuntimeConfig(frameFile(page), runtimeConfigOf(app.config)));
      expect(response.headers.vary, url).toBe('accept-encoding, cookie');
    }
  });

  it('sends an encoding the browser refused (q=0) for none of its pages, with or without the user', async () => {
    const { client } = await signIn(app, uniqueEmail('encoding'));
    for (const visitor of [client, new TestClient(app)])
      for (const [accept, sent] of [
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=0, br;q=0', undefined],
        ['br; q=0.0, gzip;q=0.5', 'gzip'],
        ['gzip, br;q=1', 'br'],
      ] as const) {
        const response = await visitor.get('/Settings', { headers: { ...html, 'accept-encoding': accept } });
        expect(response.headers['content-encoding'], accept).toBe(sent);
      }
  });

  it('sends the frame as built when the cookie opens no session', async () => {
    const { client } = await signIn(app, uniqueEmail('gone'));
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    const stale = new TestClient(app);
    stale.cookies.set('beacon_sid', 'not-a-session');
    for (const visitor of [client, stale]) {
      const body = (await visitor.get('/Profile', { headers: html })).body;
      expect(body).toBe(withRuntimeConfig(frameFile('Profile'), runtimeConfigOf(app.config)));
    }
  });
});
