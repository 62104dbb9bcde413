import type { FastifyPluginAsync } from 'fastify';
import { runtimeConfigSchema } from '../../../contract/session';
import { runtimeConfigOf } from '../../lib/spa-pages';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';

/**
 * The SPA's runtime configuration (WIRE.md): the SPA is built once and learns its settings here. /api/config. The
 * pages the server sends carry the same answer (../../lib/spa-pages.ts); the SPA asks here when a page does not.
 */
const configRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const runtimeConfig = runtimeConfigOf(app.config);

  app.get(
    '/',
    { schema: { response: { 200: responseSchema(runtimeConfigSchema) } } },
    async () => runtimeConfig,
  );
};

export default configRoutes;
