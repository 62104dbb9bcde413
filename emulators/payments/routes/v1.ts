import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentsContext } from '../context';
import { invalidParam, StripeApiError, sendStripeError } from '../errors';
import { decodeQueryString, type FormTree } from '../form';
import { expand, page } from '../lists';
import { expandPaths, listParams, read } from '../params';
import type { CollectionName, StripeObject } from '../store';

// The plumbing of every /v1 route: the secret key, decoding the form parameters, Idempotency-Key, `expand[]`,
// Request-Id and Stripe-shaped errors; and the list/retrieve routes of a collection.

type Handler = (params: FormTree, request: FastifyRequest) => unknown;
type Method = 'GET' | 'POST' | 'DELETE';

const requestId = () => `req_${randomBytes(8).toString('hex')}`;

const AUTH_MESSAGE = 'Invalid API Key provided. Use a secret key (sk_test_…) in the Authorization header.';

export interface V1Router {
  /** A /v1 route: authenticated, params decoded, Idempotency-Key honoured, `expand[]` applied, errors shaped. */
  route(method: Method, url: string, handler: Handler): void;
  /** A collection's GET-by-id and list routes; `filter` reads the list's own parameters. */
  readable<T extends StripeObject>(
    collection: CollectionName,
    path: string,
    filter?: (item: T, params: FormTree) => boolean,
  ): void;
  /** A text parameter, if given. */
  optionalText(params: FormTree, name: string): string | undefined;
  /** True when the list parameter `name` is absent or equals `actual`. */
  matches(params: FormTree, name: string, actual: unknown): boolean;
}

export function createV1Router(app: FastifyInstance, ctx: PaymentsContext): V1Router {
  const { store } = ctx;

  function authenticate(request: FastifyRequest): void {
    const header = request.headers.authorization ?? '';
    const key = /^Bearer (\S+)$/.exec(header)?.[1];
    const accepted = ctx.config.apiKey ? key === ctx.config.apiKey : /^sk_(test|live)_\S+$/.test(key ?? '');
    if (!accepted) throw new StripeApiError(401, 'authentication_error', AUTH_MESSAGE);
  }

  function route(method: Method, url: string, handler: Handler): void {
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        reply.header('Request-Id', requestId());
        try {
          authenticate(request);
          const raw = method === 'POST' ? String(request.body ?? '') : (request.url.split('?')[1] ?? '');
          const params = decodeQueryString(raw);
          const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
          if (typeof key !== 'string') return send(reply, 200, answer(handler, params, request));
          return idempotent(reply, key, `${method} ${request.url} ${raw}`, () =>
            answer(handler, params, request),
          );
        } catch (error) {
          if (error instanceof StripeApiError) return sendStripeError(reply, error);
          throw error;
        }
      },
    });
  }

  function answer(handler: Handler, params: FormTree, request: FastifyRequest): unknown {
    return expand(store, handler(params, request), expandPaths(params));
  }

  function send(reply: FastifyReply, status: number, body: unknown) {
    return reply.code(status).send(body);
  }

  /** Stripe keeps the first answer for a key (errors included) and refuses the key with other parameters. */
  function idempotent(reply: FastifyReply, key: string, fingerprint: string, run: () => unknown) {
    const stored = store.idempotent(key);
    if (stored) {
      if (stored.fingerprint !== fingerprint) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      reply.header('Idempotent-Replayed', 'true');
      return send(reply, stored.statusCode, stored.body);
    }
    try {
      const body = run();
      store.remember(key, { fingerprint, statusCode: 200, body });
      return send(reply, 200, body);
    } catch (error) {
      if (error instanceof StripeApiError && error.statusCode < 500) {
        store.remember(key, { fingerprint, statusCode: error.statusCode, body: error.body });
      }
      throw error;
    }
  }

  /** A collection's GET-by-id and list routes; `filter` reads the list's own parameters. */
  function readable<T extends StripeObject>(
    collection: CollectionName,
    path: string,
    filter: (item: T, params: FormTree) => boolean = () => true,
  ): void {
    route('GET', `/v1/${path}/:id`, (_params, request) =>
      store.get<T>(collection, (request.params as { id: string }).id),
    );
    route('GET', `/v1/${path}`, (params) => {
      const paging = read(listParams, params);
      return page(
        `/v1/${path}`,
        store.all<T>(collection).filter((item) => filter(item, params)),
        paging,
      );
    });
  }

  const optionalText = (params: FormTree, name: string) => {
    const value = params[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidParam(name, `Invalid ${name}: must be a string`);
    return value;
  };
  const matches = (params: FormTree, name: string, actual: unknown) => {
    const wanted = optionalText(params, name);
    return wanted === undefined || wanted === actual;
  };

  return { route, readable, optionalText, matches };
}

/** Anything else under /v1 answers like Stripe does for an unknown path. */
export function registerUnknownV1Paths(app: FastifyInstance): void {
  app.all('/v1/*', async (request, reply) =>
    sendStripeError(
      reply.header('Request-Id', requestId()),
      new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). This local stand-in emulates only part of Stripe's API; see docs/emulators.md.`,
      ),
    ),
  );
}
