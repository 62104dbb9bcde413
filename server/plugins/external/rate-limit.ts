import rateLimit from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitRule } from '../../config';
import { clientKey } from '../../lib/client-address';
import { HttpError } from '../../lib/http-errors';
import { databaseRateLimitStore, increment } from '../../services/rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts a request against one account (a user id, an auth-service subject) and throws 429 with Retry-After
     * past the rule: limits per address alone are shared by everyone behind one NAT and dodged by anyone with
     * many addresses; a limit per account is neither.
     */
    limitAccount(reply: FastifyReply, name: string, account: string, rule: RateLimitRule): Promise<void>;
  }
}

/**
 * @fastify/rate-limit, off by default and switched on per route (`config.rateLimit`), counting per client
 * address (IPv6 per /64, see lib/client-address.ts) in the database, plus per-account counters in the same
 * table. 429 answers carry Retry-After.
 */
export default fp(
  async (app) => {
    app.decorate(
      'limitAccount',
      async (reply: FastifyReply, name: string, account: string, rule: RateLimitRule) => {
        const { current, ttl } = await increment(app.db, `account:${name}|${account}`, rule.windowMs);
        if (current <= rule.max) return;
        const seconds = Math.max(1, Math.ceil(ttl / 1000));
        reply.header('retry-after', String(seconds));
        throw new HttpError(
          429,
          'rate_limited',
          `Too many requests. Please try again in ${seconds} seconds.`,
        );
      },
    );

    await app.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore(app.db),
      keyGenerator: (request) => clientKey(request.ip),
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
