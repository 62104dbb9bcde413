import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { PaymentsContext } from '../context';
import { invalidApiKey, invalidParam, noApiKey, StripeApiError, sendStripeError } from '../errors';
import { expand } from '../expand';
import { decodeQueryString } from '../form';
import { page } from '../lists';
import { API_VERSION } from '../objects';
import { listParams, type Params, params, readParams } from '../params';
import { duringRequest } from '../request-context';
import type { CollectionName, StripeObject } from '../store';

// The plumbing of every /v1 route: the secret key, the headers Stripe answers with (Request-Id, Stripe-Version,
// the request's Idempotency-Key), the endpoint's declared parameters, Idempotency-Key replays, `expand[]` and
// Stripe-shaped errors; and the list/retrieve routes of a collection.

type Method = 'GET' | 'POST' | 'DELETE';
/** An endpoint: its parameters as declared, and the `:id` of its URL ('' when it has none). */
type Handler<E extends v.ObjectEntries> = (fields: Params<E>, id: string) => unknown;

const requestId = () => `req_${randomBytes(8).toString('hex')}`;

export interface V1Router {
  /** A /v1 route taking exactly the parameters `entries` declares (and `expand[]`). */
  route<const E extends v.ObjectEntries>(method: Method, url: string, entries: E, handler: Handler<E>): void;
  /** A collection's GET-by-id and list routes; `keep` applies the list's own filters. */
  readable<T extends StripeObject, const E extends v.ObjectEntries = Record<never, never>>(
    collection: CollectionName,
    path: string,
    filters?: E,
    keep?: (item: T, fields: Params<E & typeof listParams>) => boolean,
  ): void;
}

export function createV1Router(app: FastifyInstance, ctx: PaymentsContext): V1Router {
  const { store } = ctx;

  /** Any sk_test_/sk_live_ key, or only the configured one; Stripe answers both failures 401. */
  function authenticate(request: FastifyRequest): void {
    const header = request.headers.authorization ?? '';
    const key = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!key) throw noApiKey();
    const accepted = ctx.config.apiKey ? key === ctx.config.apiKey : /^sk_(test|live)_\S+$/.test(key);
    if (!accepted) throw invalidApiKey(key);
  }

  /** The stand-in speaks the SDK's pinned version only: another one is refused, so that a drift shows. */
  function checkVersion(request: FastifyRequest): void {
    const wanted = request.headers['stripe-version'];
    if (wanted !== undefined && wanted !== API_VERSION) {
      throw invalidParam(
        'Stripe-Version',
        `This stand-in answers API version ${API_VERSION} only; the request asked for ${String(wanted)}.`,
      );
    }
  }

  function route<const E extends v.ObjectEntries>(
    method: Method,
    url: string,
    entries: E,
    handler: Handler<E>,
  ): void {
    const schema = params(entries);
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const id = requestId();
        const key = request.headers['idempotency-key'];
        const idempotencyKey = typeof key === 'string' ? key : null;
        // As Stripe: the version answered, and the key the request sent (stripe-mock reflects it the same way).
        reply.header('Request-Id', id).header('Stripe-Version', API_VERSION);
        if (idempotencyKey) reply.header('Idempotency-Key', idempotencyKey);
        try {
          authenticate(request);
          checkVersion(request);
          const raw = method === 'POST' ? String(request.body ?? '') : (request.url.split('?')[1] ?? '');
          const answer = () => {
            const fields = readParams(schema, decodeQueryString(raw));
            const result = duringRequest({ id, idempotencyKey }, () =>
              handler(fields, (request.params as { id?: string }).id ?? ''),
            );
            return expand(store, result, fields.expand ?? []);
          };
          if (method !== 'POST' || !idempotencyKey) return reply.send(answer());
          return idempotent(
            reply,
            idempotencyKey,
            { fingerprint: `${method} ${request.url} ${raw}`, id },
            answer,
          );
        } catch (error) {
          if (error instanceof StripeApiError) return sendStripeError(reply, error);
          throw error;
        }
      },
    });
  }

  /** Stripe keeps the first answer for a key (errors included) and refuses the key with other parameters. */
  function idempotent(
    reply: FastifyReply,
    key: string,
    request: { fingerprint: string; id: string },
    run: () => unknown,
  ) {
    const stored = store.idempotent(key);
    if (stored) {
      if (stored.fingerprint !== request.fingerprint) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      reply.header('Idempotent-Replayed', 'true');
      if (stored.requestId) reply.header('Original-Request', stored.requestId);
      return reply.code(stored.statusCode).send(stored.body);
    }
    const remember = (statusCode: number, body: unknown) =>
      store.remember(key, { fingerprint: request.fingerprint, statusCode, body, requestId: request.id });
    try {
      const body = run();
      remember(200, body);
      return reply.send(body);
    } catch (error) {
      if (error instanceof StripeApiError && error.statusCode < 500) remember(error.statusCode, error.body);
      throw error;
    }
  }

  function readable<T extends StripeObject, const E extends v.ObjectEntries = Record<never, never>>(
    collection: CollectionName,
    path: string,
    filters: E = {} as E,
    keep: (item: T, fields: Params<E & typeof listParams>) => boolean = () => true,
  ): void {
    // A deleted object keeps answering with its `deleted: true` stub.
    route('GET', `/v1/${path}/:id`, {}, (_fields, id) => {
      const stub = store.deletedStub(id);
      return stub?.object === collection ? stub : store.get<T>(collection, id);
    });
    route('GET', `/v1/${path}`, { ...filters, ...listParams }, (fields) =>
      page(
        `/v1/${path}`,
        store.all<T>(collection).filter((item) => keep(item, fields as Params<E & typeof listParams>)),
        fields,
      ),
    );
  }

  return { route, readable };
}

/** Anything else under /v1 answers like Stripe does for an unknown path. */
export function registerUnknownV1Paths(app: FastifyInstance): void {
  app.all('/v1/*', async (request, reply) =>
    sendStripeError(
      reply.header('Request-Id', requestId()).header('Stripe-Version', API_VERSION),
      new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). This local stand-in emulates only part of Stripe's API; see docs/emulators.md.`,
      ),
    ),
  );
}
