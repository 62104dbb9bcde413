import { Window } from 'happy-dom';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/services/api/client';
import { parseBuildConfig } from '../../src/services/build-config';
import { createRuntimeConfigLoader } from '../../src/services/config';

describe('the build configuration', () => {
  it("defaults the API base to '/api'", () => {
    expect(parseBuildConfig({})).toEqual({ apiBase: '/api' });
  });

  it('accepts a path or an http(s) URL, without a trailing slash', () => {
    expect(parseBuildConfig({ VITE_API_BASE: '/backend/' }).apiBase).toBe('/backend');
    expect(parseBuildConfig({ VITE_API_BASE: 'https://api.example.com/v1' }).apiBase).toBe(
      'https://api.example.com/v1',
    );
  });

  it('fails loudly, naming the setting, for a bad value', () => {
    expect(() => parseBuildConfig({ VITE_API_BASE: 'api' })).toThrow(
      'Invalid build configuration:\n- VITE_API_BASE: VITE_API_BASE must be a path starting with / or an http(s) URL.',
    );
  });
});

describe('the runtime configuration', () => {
  const config = {
    supabaseUrl: 'http://localhost:54321',
    supabaseAnonKey: 'anon',
    dashboardUrl: 'http://dash',
  };

  function serverAnswering(...answers: Array<() => Response>) {
    const fetch = vi.fn(async () => {
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    });
    const client = createApiClient({
      baseUrl: 'http://app.test',
      fetch: fetch as unknown as typeof globalThis.fetch,
      getRetries: 0,
    });
    return { client, fetch };
  }

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  /** A page as the server sends it, the configuration written in; or without it, as Vite's dev server sends it. */
  function pageCarrying(text: string | null) {
    const page = new Window().document;
    if (text !== null) {
      const element = page.createElement('script');
      element.type = 'application/json';
      element.id = 'beacon-runtime-config';
      element.textContent = text;
      page.head.append(element);
    }
    return page as unknown as Document;
  }

  it('is read from the page, without a request, when the server wrote it in', async () => {
    const { client, fetch } = serverAnswering();
    const load = createRuntimeConfigLoader(client, pageCarrying(JSON.stringify(config)));

    await expect(load()).resolves.toEqual(config);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['carries none', null],
    ['carries something else', '{"supabaseUrl":1}'],
    ['carries no JSON', '{'],
  ])('is fetched from GET /config when the page %s', async (_, text) => {
    const { client, fetch } = serverAnswering(() => json(config));

    await expect(createRuntimeConfigLoader(client, pageCarrying(text))()).resolves.toEqual(config);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('is fetched once from GET /config and shared', async () => {
    const { client, fetch } = serverAnswering(() => json(config));
    const load = createRuntimeConfigLoader(client, pageCarrying(null));

    await expect(load()).resolves.toEqual(config);
    await expect(load()).resolves.toEqual(config);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('is fetched again after a failure', async () => {
    const { client, fetch } = serverAnswering(
      () => json({ message: 'down' }, 503),
      () => json(config),
    );
    const load = createRuntimeConfigLoader(client, pageCarrying(null));

    await expect(load()).rejects.toMatchObject({ status: 503 });
    await expect(load()).resolves.toEqual(config);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('rejects an answer without the dashboard address', async () => {
    const { client } = serverAnswering(() => json({ supabaseUrl: null, supabaseAnonKey: null }));

    await expect(createRuntimeConfigLoader(client, pageCarrying(null))()).rejects.toThrow(
      /^Unexpected answer from GET \/config: /,
    );
  });
});
