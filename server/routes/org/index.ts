import type { FastifyPluginAsync } from 'fastify';
import { orgResponseSchema } from '../../../contract/session';
import { responseSchema, type ValibotTypeProvider } from '../../lib/valibot-schemas';
import { signedIn } from '../../plugins/app/auth';

const NOT_SPECIFIED = 'Not specified';

/** The signed-in user's organization: /api/org/ */
const orgRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/',
    { onRequest: app.requireSession, schema: { response: { 200: responseSchema(orgResponseSchema) } } },
    async (request) => {
      const { user } = await signedIn(request);
      // The profile's company wins; the company given at sign-up is the fallback [product: DATA-18].
      const company = user.company?.trim() || (await app.signups.findByUser(user.id))?.company?.trim();
      return { name: company || NOT_SPECIFIED };
    },
  );
};

export default orgRoutes;
