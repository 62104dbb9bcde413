import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-errors';
import { databaseRateLimitStore } from '../../services/rate-limit-store';

/**
 * @fastify/rate-limit, off by default and switched on per route (`config.rateLimit`), counting per client
 * address in the database. 429 answers carry Retry-After.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(app.db),
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          context.statusCode,
          'rate_limited',
          `Too many requests. Please try again in ${context.after}.`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);
