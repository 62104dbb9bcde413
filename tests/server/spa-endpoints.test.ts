import type { RouteOptions } from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowsOverFetch, type SentRequest, SPA_REQUESTS } from '../services/spa-requests';
import { startTestApp, type TestApp } from './support/app';

// Issue 24 item 5: every endpoint the SPA calls exists on the server, with that method, and what the SPA sends
// passes the request schema the server declares for it: the contract's own valibot schemas (contract/), as the
// route registered them. The SPA's requests are the ones its flows' I/O really sends (tests/services/spa-requests.ts).

interface Declared {
  method: string;
  url: string;
  body?: v.GenericSchema;
  querystring?: v.GenericSchema;
}

const routes: Declared[] = [];
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp('pglite', {
    onRoute: (route: RouteOptions) => {
      const schema = (route.schema ?? {}) as { body?: v.GenericSchema; querystring?: v.GenericSchema };
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, body: schema.body, querystring: schema.querystring });
    },
  });
});
afterAll(() => testApp?.close());

/** The requests the SPA's flows send, each as it left the browser. */
async function sentBySpa(): Promise<Array<[name: string, request: SentRequest]>> {
  const sent: Array<[string, SentRequest]> = [];
  for (const row of SPA_REQUESTS) {
    const flows = flowsOverFetch(() => ({
      status: row.answer === null ? 204 : 200,
      json: row.answer ?? undefined,
    }));
    await row.call(flows.io);
    for (const request of flows.sent) sent.push([row.name, request]);
  }
  return sent;
}

const issuesOf = (schema: v.GenericSchema | undefined, value: unknown) => {
  if (!schema) return [];
  const result = v.safeParse(schema, value);
  return result.success
    ? []
    : result.issues.map((issue) => `${v.getDotPath(issue) ?? '(body)'}: ${issue.message}`);
};

describe('the SPA and the server agree on every endpoint (contract/)', () => {
  it('every request the SPA sends has a route with that method and path, and passes its request schemas', async () => {
    const problems: string[] = [];
    for (const [name, request] of await sentBySpa()) {
      const route = routes.find(({ method, url }) => method === request.method && url === request.path);
      if (!route) {
        problems.push(`${name}: the server has no ${request.method} ${request.path}`);
        continue;
      }
      for (const issue of issuesOf(route.body, request.body))
        problems.push(`${name}: ${request.method} ${request.path} body ${issue}`);
      for (const issue of issuesOf(route.querystring, request.query))
        problems.push(`${name}: ${request.method} ${request.path} query ${issue}`);
    }
    expect(problems).toEqual([]);
  });

  it('would name a request to a path the server does not serve, or a body its schema refuses', () => {
    const checkout = routes.find(
      ({ method, url }) => method === 'POST' && url === '/api/billing/checkout-session',
    );
    expect(checkout?.body).toBeDefined();
    expect(issuesOf(checkout?.body, { planName: 'pro_weekly' })).not.toEqual([]);
    expect(issuesOf(checkout?.body, { planName: 'pro_monthly', coupon: 'FREE' })).not.toEqual([]);
    expect(routes.some(({ method, url }) => method === 'POST' && url === '/api/billing/checkout')).toBe(
      false,
    );
  });
});
