import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitRule } from '../../config';
import { clientKey } from '../../lib/client-address';
import { HttpError } from '../../lib/http-errors';
import { databaseRateLimitStore, increment, peek } from '../../services/rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts a request against one account (a user id, an auth-service subject) and throws 429 with Retry-After
     * past the rule: limits per address alone are shared by everyone behind one NAT and dodged by anyone with
     * many addresses; a limit per account is neither.
     */
    limitAccount(reply: FastifyReply, name: string, account: string, rule: RateLimitRule): Promise<void>;
    /**
     * A limit on an account's failed attempts (refused tokens), not on its successes: throws 429 with
     * Retry-After once `rule.max` failures fall in the current window, and counts nothing itself.
     */
    refuseAfterFailures(
      reply: FastifyReply,
      name: string,
      account: string,
      rule: RateLimitRule,
    ): Promise<void>;
    /** Counts one failed attempt of an account against `refuseAfterFailures`' limit of the same name. */
    countFailure(name: string, account: string, rule: RateLimitRule): Promise<void>;
    /**
     * An onRequest hook counting every request from one client address (IPv6 per /64) under `name`, answering 429
     * with Retry-After past the rule, before any other work (a session lookup, a guard) is done for it.
     */
    limitClient(
      name: string,
      rule: RateLimitRule,
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** 429 with the seconds to wait, in the Retry-After header and in words. */
function tooMany(reply: FastifyReply, ttlMs: number, what = 'requests'): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  reply.header('retry-after', String(seconds));
  return new HttpError(429, 'rate_limited', `Too many ${what}. Please try again in ${seconds} seconds.`);
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
        if (current > rule.max) throw tooMany(reply, ttl);
      },
    );
    app.decorate(
      'refuseAfterFailures',
      async (reply: FastifyReply, name: string, account: string, rule: RateLimitRule) => {
        const { current, ttl } = await peek(app.db, `failures:${name}|${account}`);
        if (current >= rule.max) throw tooMany(reply, ttl, 'failed sign-in attempts');
      },
    );
    app.decorate('countFailure', async (name: string, account: string, rule: RateLimitRule) => {
      await increment(app.db, `failures:${name}|${account}`, rule.windowMs);
    });
    app.decorate(
      'limitClient',
      (name: string, rule: RateLimitRule) => async (request: FastifyRequest, reply: FastifyReply) => {
        const key = `client:${name}|${clientKey(request.ip)}`;
        const { current, ttl } = await increment(app.db, key, rule.windowMs);
        if (current > rule.max) throw tooMany(reply, ttl);
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
