import type { FastifyPluginAsync } from 'fastify';
import { healthResponseSchema } from '../../../contract/session';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';

const DB_CHECK_TIMEOUT_MS = 2_000;

/** Liveness and database reachability for load balancers: /api/health */
const healthRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const health = responseSchema(healthResponseSchema);

  app.get('/', { schema: { response: { 200: health, 503: health } } }, async (request, reply) => {
    const db = await databaseAnswers().catch((error: unknown) => {
      request.log.error({ err: error }, 'health check: database unreachable');
      return false;
    });
    return reply.code(db ? 200 : 503).send({ ok: db, db, version: app.config.version });
  });

  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database check timed out')), DB_CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([app.database.ping(), timeout]);
      return true;
    } finally {
      clearTimeout(timer);
    }
  }
};

export default healthRoutes;
