import type { FastifyPluginAsync } from 'fastify';
import { runtimeConfigSchema } from '../../../contract/session';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';

/** The SPA's runtime configuration (WIRE.md): the SPA is built once and learns its settings here. /api/config */
const configRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { supabase, dashboardUrl } = app.config;
  const runtimeConfig = { supabaseUrl: supabase.url, supabaseAnonKey: supabase.anonKey, dashboardUrl };

  app.get(
    '/',
    { schema: { response: { 200: responseSchema(runtimeConfigSchema) } } },
    async () => runtimeConfig,
  );
};

export default configRoutes;
