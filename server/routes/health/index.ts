import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { healthResponseSchema } from '../../../contract/session';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';

const DB_CHECK_TIMEOUT_MS = 2_000;

/**
 * Readiness and database reachability for load balancers: /api/health. 503 says why in `reason`: the database
 * does not answer, or this replica is shutting down (it still serves what it is sent meanwhile).
 */
const healthRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const health = responseSchema(healthResponseSchema);

  app.get('/', { schema: { response: { 200: health, 503: health } } }, async (request, reply) => {
    const problem = await databaseProblem(request.log);
    const db = problem === null;
    const { version } = app.config;
    if (app.readiness.draining) {
      return reply.code(503).send({ ok: false, db, version, reason: 'shutting down' });
    }
    if (problem) return reply.code(503).send({ ok: false, db, version, reason: problem });
    return { ok: true, db, version };
  });

  /**
   * null when the database answers; otherwise what went wrong, in words an operator can act on. The driver's
   * own message (addresses, user names) goes to the log only: this route is public.
   */
  async function databaseProblem(log: FastifyBaseLogger): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), DB_CHECK_TIMEOUT_MS);
    });
    try {
      const outcome = await Promise.race([app.database.ping().then(() => 'ok' as const), timeout]);
      if (outcome === 'ok') return null;
      log.error('health check: the database did not answer in time');
      return `database did not answer within ${DB_CHECK_TIMEOUT_MS} ms`;
    } catch (error) {
      log.error({ err: error }, 'health check: database unreachable');
      return 'database unreachable';
    } finally {
      clearTimeout(timer);
    }
  }
};

export default healthRoutes;
