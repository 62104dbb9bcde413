import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import * as v from 'valibot';
import { apiErrorMessage } from '../../../contract/errors';
import { csrfResponseSchema } from '../../../contract/session';

/**
 * The product API client [product: API-1, API-2] (docs/WIRE.md): same-origin cookies, JSON, the double-submit CSRF
 * token and the X-Requested-With marker on every non-GET request, answers parsed with the contract's schemas,
 * and one error type whose message follows [product: MSG-API-1].
 */

/** A failed API call: the message of [product: MSG-API-1] plus the HTTP status and the parsed body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly data: unknown;
  /** The server's machine-readable code (`unauthenticated`, `csrf_failed`, ...), when it sent one. */
  readonly code: string | undefined;

  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.status = status;
    this.data = data;
    this.code = codeOf(data);
  }
}

/** The answer arrived but does not have the agreed shape: a contract mismatch between SPA and server. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  readonly issues: string[];

  constructor(request: string, issues: string[]) {
    super(`Unexpected answer from ${request}: ${issues.join('; ')}`);
    this.issues = issues;
  }
}

function codeOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('code' in data)) return undefined;
  return typeof data.code === 'string' ? data.code : undefined;
}

export const CSRF_COOKIE_NAMES = ['__Host-beacon_csrf', 'beacon_csrf'] as const;
export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The CSRF token from a `document.cookie` string; the `__Host-` cookie (https) wins over the plain one. */
export function readCsrfCookie(cookieHeader: string): string | null {
  const cookies = new Map<string, string>();
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    cookies.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim());
  }
  for (const name of CSRF_COOKIE_NAMES) {
    const value = cookies.get(name);
    if (value) return decodeURIComponent(value);
  }
  return null;
}

const browserCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

export interface ApiClientOptions {
  /** Path (or URL) every call is relative to; default '/api'. */
  apiBase?: string;
  /** Origin to resolve a relative API base against; default the page's own address. Tests pass one. */
  baseUrl?: string;
  /** Default the global fetch; tests pass a double. */
  fetch?: typeof fetch;
  /** Default `document.cookie`; tests pass a function. */
  readCookies?: () => string;
  /** Automatic retries of idempotent GETs after network errors or 5xx; default 1. Never for other methods. */
  getRetries?: number;
}

export interface RequestOptions {
  searchParams?: Record<string, string>;
  json?: unknown;
}

export interface ApiClient {
  get<S extends v.GenericSchema>(
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>>;
  post<S extends v.GenericSchema>(
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>>;
  patch<S extends v.GenericSchema>(
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>>;
  delete<S extends v.GenericSchema>(
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<v.InferOutput<S>>;
  /** GET /auth/csrf: opens a pre-session and sets a fresh CSRF cookie; answers the token. */
  fetchCsrfToken(): Promise<string>;
}

type Method = 'get' | 'post' | 'patch' | 'delete';

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const path = v.getDotPath(issue);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

function toApiError(error: Error): Error {
  if (!(error instanceof HTTPError)) return error;
  const { status, statusText } = error.response;
  return new ApiError(apiErrorMessage(error.data, status, statusText), status, error.data);
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const readCookies = options.readCookies ?? browserCookies;
  const base: Options = {
    prefix: options.apiBase ?? '/api',
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    credentials: 'include',
    // Every call speaks JSON, bodiless ones included [product: API-1]; the server accepts no other body type.
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    // Only GET is ever retried: repeating a POST or PATCH could repeat its effect.
    retry: { limit: options.getRetries ?? 1, methods: ['get'] },
    hooks: { beforeError: [({ error }) => toApiError(error)] },
  };
  const plain: KyInstance = ky.create(base);

  let pendingCsrf: Promise<string> | null = null;
  const fetchCsrfToken = (): Promise<string> => {
    // Parallel first mutations share one pre-session instead of racing for the cookie.
    pendingCsrf ??= plain
      .get('auth/csrf')
      .json()
      .then((body) => parseAnswer(csrfResponseSchema, body, 'GET /auth/csrf').csrfToken)
      .finally(() => {
        pendingCsrf = null;
      });
    return pendingCsrf;
  };

  const client = plain.extend({
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          if (SAFE_METHODS.has(request.method)) return;
          const token = readCsrfCookie(readCookies()) ?? (await fetchCsrfToken());
          request.headers.set(CSRF_HEADER, token);
          request.headers.set('X-Requested-With', 'XMLHttpRequest');
        },
      ],
    },
  });

  const call =
    (method: Method) =>
    async <S extends v.GenericSchema>(path: string, schema: S, requestOptions: RequestOptions = {}) => {
      const request = `${method.toUpperCase()} /${path.replace(/^\/+/, '')}`;
      const response = await client(path, {
        method,
        ...(requestOptions.searchParams ? { searchParams: requestOptions.searchParams } : {}),
        // A mutation without a payload sends an empty JSON object: a JSON content type needs a JSON body.
        ...(requestOptions.json !== undefined
          ? { json: requestOptions.json }
          : method === 'get'
            ? {}
            : { json: {} }),
      });
      const text = await response.text();
      const body: unknown = text === '' ? null : parseJson(text, request);
      return parseAnswer(schema, body, request);
    };

  return {
    get: call('get'),
    post: call('post'),
    patch: call('patch'),
    delete: call('delete'),
    fetchCsrfToken,
  };
}

function parseJson(text: string, request: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ResponseShapeError(request, ['the body is not JSON']);
  }
}

function parseAnswer<S extends v.GenericSchema>(schema: S, body: unknown, request: string): v.InferOutput<S> {
  const result = v.safeParse(schema, body);
  if (!result.success) throw new ResponseShapeError(request, describeIssues(result.issues));
  return result.output;
}
